import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { getSsoConnection, removeSsoConnection, setSsoConnection, ssoAvailableFor, testSsoConnection } from '../src/sso/index';
import { actorOf, type GraphqlContext } from './context';
import { SignInOptions, SsoConnection, SsoConnectionInput, SsoConnectionTest } from './types/sso.type';

/** Single sign-on: the organisation's connection (admins) and what the sign-in page offers for an email. */
@Resolver()
export class SsoResolver {
  @Query(() => SignInOptions, { description: 'Whether an email signs in through single sign-on (no session needed). Says nothing about whether the email is a member.' })
  async signInOptions(@Arg('email') email: string, @Ctx() ctx: GraphqlContext): Promise<SignInOptions> {
    return { sso: await ssoAvailableFor(ctx.svc, { email: email.trim() }) };
  }

  @Query(() => SsoConnection, { nullable: true, description: "The organisation's single sign-on connection, or null (admin)." })
  async ssoConnection(@Ctx() ctx: GraphqlContext): Promise<SsoConnection | null> {
    return getSsoConnection(ctx.svc, actorOf(ctx));
  }

  @Mutation(() => SsoConnection, {
    description: 'Sets the single sign-on connection (admin; STEP_UP_REQUIRED unless a second factor was proved in the last 10 minutes). Audited without the secret. '
      + 'BAD_USER_INPUT on a field (an issuer not https or at a private address, a domain of another organisation or a public mail provider, a missing '
      + 'secret on creation, ssoOnly without a break-glass admin, a break-glass member who is not an admin).',
  })
  async setSsoConnection(@Arg('input') input: SsoConnectionInput, @Ctx() ctx: GraphqlContext): Promise<SsoConnection> {
    return setSsoConnection(ctx.svc, actorOf(ctx), input);
  }

  @Mutation(() => SsoConnectionTest, { description: "Runs discovery against the saved connection's issuer and says what is wrong, if anything (admin). NOT_FOUND without a connection." })
  async testSsoConnection(@Ctx() ctx: GraphqlContext): Promise<SsoConnectionTest> {
    return testSsoConnection(ctx.svc, actorOf(ctx));
  }

  @Mutation(() => Boolean, { description: 'Removes the single sign-on connection and turns ssoOnly off (admin; step-up). Audited. NOT_FOUND without one.' })
  async removeSsoConnection(@Ctx() ctx: GraphqlContext): Promise<boolean> {
    await removeSsoConnection(ctx.svc, actorOf(ctx));
    return true;
  }
}
