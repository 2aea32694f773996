import { Arg, Ctx, Field, ID, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import {
  confirmTotpEnrolment, countMyRecoveryCodes, listMySecondFactors, regenerateRecoveryCodes, removeSecondFactor, startTotpEnrolment,
  verifyWebauthnRegistration, webauthnRegistrationOptions,
} from '../src/mfa/index';
import { actorOf, type GraphqlContext } from './context';
import { withRetryAfter } from './errors';

@ObjectType({ description: "One of the signed-in member's second factors (never its secret or key)." })
export class SecondFactor {
  @Field(() => ID) id!: string;
  @Field({ description: "'totp' (an authenticator app) or 'webauthn' (a passkey or security key)." }) kind!: string;
  @Field({ description: 'What the member called it (passkeys) or "Authenticator app".' }) name!: string;
  @Field() createdAt!: Date;
  @Field(() => Date, { nullable: true, description: 'Last used to sign in or confirm a change.' }) lastUsedAt!: Date | null;
}

@ObjectType({ description: 'An authenticator app being set up: scan the QR code (or type the secret), then confirmTotpEnrolment with a code it shows.' })
export class TotpEnrolment {
  @Field({ description: 'The secret in base32, to type into the app by hand.' }) secret!: string;
  @Field({ description: 'The otpauth:// URL the QR code carries.' }) otpauthUrl!: string;
  @Field({ description: 'The QR code as SVG markup.' }) qrSvg!: string;
}

@ObjectType({ description: 'A passkey just added, and, when it is the first second factor, ten recovery codes (shown this once).' })
export class PasskeyRegistration {
  @Field(() => SecondFactor) factor!: SecondFactor;
  @Field(() => [String], { description: 'Empty unless this is the first second factor.' }) recoveryCodes!: string[];
}

/** The signed-in member's second factors: authenticator app, recovery codes (passkeys: webauthn.resolver.ts). */
@Resolver()
export class SecondFactorsResolver {
  @Query(() => [SecondFactor], { description: "The signed-in member's second factors, oldest first." })
  async mySecondFactors(@Ctx() ctx: GraphqlContext): Promise<SecondFactor[]> {
    return listMySecondFactors(ctx.svc, actorOf(ctx));
  }

  @Query(() => Int, { description: "How many of the signed-in member's recovery codes are unused (0 without a second factor)." })
  async myRecoveryCodesLeft(@Ctx() ctx: GraphqlContext): Promise<number> {
    return countMyRecoveryCodes(ctx.svc, actorOf(ctx));
  }

  @Mutation(() => TotpEnrolment, {
    description: 'Starts adding an authenticator app (TOTP, 30 s, 6 digits): a new secret, encrypted at rest, not yet a second factor. '
      + 'CONFLICT when the member has one already (remove it first).',
  })
  async startTotpEnrolment(@Ctx() ctx: GraphqlContext): Promise<TotpEnrolment> {
    return startTotpEnrolment(ctx.svc, actorOf(ctx));
  }

  @Mutation(() => [String], {
    description: 'Confirms the authenticator app with a code it shows: it becomes a second factor, and the answer is ten new recovery codes '
      + '(shown this once, each usable once; earlier ones stop working). BAD_USER_INPUT on `code` when wrong. Audited.',
  })
  async confirmTotpEnrolment(@Arg('code') code: string, @Ctx() ctx: GraphqlContext): Promise<string[]> {
    const { recoveryCodes } = await confirmTotpEnrolment(ctx.svc, actorOf(ctx), { code, sessionToken: ctx.signedIn?.session.token, address: ctx.req.ip })
      .catch((err: unknown) => withRetryAfter(ctx, err));
    return recoveryCodes;
  }

  @Mutation(() => String, {
    description: 'Options for adding a passkey (the JSON for navigator.credentials.create, as @simplewebauthn/browser takes it); the challenge lasts 5 minutes. '
      + 'The relying party is the host of APP_URL.',
  })
  async webauthnRegistrationOptions(@Ctx() ctx: GraphqlContext): Promise<string> {
    return webauthnRegistrationOptions(ctx.svc, actorOf(ctx));
  }

  @Mutation(() => PasskeyRegistration, {
    description: "Adds the passkey the browser created from webauthnRegistrationOptions (`response`: the browser's JSON) as a second factor named `name`. "
      + 'BAD_USER_INPUT on `response` (not verified, or no registration under way) or `name` (1 to 100 characters). Audited.',
  })
  async verifyWebauthnRegistration(@Arg('response') response: string, @Arg('name') name: string, @Ctx() ctx: GraphqlContext): Promise<PasskeyRegistration> {
    return verifyWebauthnRegistration(ctx.svc, actorOf(ctx), { response, name, sessionToken: ctx.signedIn?.session.token });
  }

  @Mutation(() => [String], {
    description: 'Ten new recovery codes (shown this once); the earlier ones stop working. STEP_UP_REQUIRED unless a second factor was proved in the last 10 minutes. Audited.',
  })
  async regenerateRecoveryCodes(@Ctx() ctx: GraphqlContext): Promise<string[]> {
    return (await regenerateRecoveryCodes(ctx.svc, actorOf(ctx))).recoveryCodes;
  }

  @Mutation(() => Boolean, {
    description: 'Removes one of your second factors (an id of mySecondFactors; NOT_FOUND otherwise). STEP_UP_REQUIRED unless a second factor was proved '
      + 'in the last 10 minutes. The last one takes the recovery codes with it; when the organisation requires MFA it cannot go (CONFLICT). Audited.',
  })
  async removeSecondFactor(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphqlContext): Promise<boolean> {
    return removeSecondFactor(ctx.svc, actorOf(ctx), { id });
  }
}
