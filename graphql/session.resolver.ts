import { Arg, Ctx, Field, ID, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { endMemberSession, endMySession, getMe, listMySessions, setConsoleMode, type Me, type MemberSession } from '../src/sessions/index';
import { mfaRequiredError, signIn, verifySecondFactor, verifyWebauthnSignIn, webauthnSignInOptions } from '../src/mfa/index';
import { requestPasswordReset, resetPassword } from '../src/members/index';
import { signOutEverywhere } from '../src/oauth/index';
import { viewerCan, type Actor, type MemberActor, type ViewerCan as ViewerCanView } from '../src/access/index';
import { actorOf, type GraphqlContext } from './context';
import { withRetryAfter } from './errors';
import { consoleToken, pendingSignInToken, writeConsoleCookie, writePendingSignInCookie } from './session-cookie';
import { Member, memberOf } from './types/member.type';
import { Organisation, organisationOf } from './types/organisation.type';

@ObjectType({
  simpleResolvers: true,
  description: "What the signed-in member may do across the organisation's configuration, one flag per control the console shows or hides; the mutations check again.",
})
export class ViewerCan implements ViewerCanView {
  @Field({ description: 'inviteMember, changeMemberRole, removeMember (admin).' }) manageMembers!: boolean;
  @Field({ description: 'auditLog (compliance_admin or above).' }) readAuditLog!: boolean;
  @Field({ description: 'Create, change and delete webhook endpoints.' }) manageWebhooks!: boolean;
  @Field({ description: 'Create, rotate and revoke API credentials.' }) manageCredentials!: boolean;
  @Field({ description: "Disconnect another member's connected app (admin); one's own needs no more." }) disconnectAnyConnectedApp!: boolean;
  @Field({ description: 'setFourEyes.' }) setFourEyes!: boolean;
  @Field({ description: 'setFullParityEgress.' }) setFullParityEgress!: boolean;
  @Field({ description: 'setZeroRetention.' }) setZeroRetention!: boolean;
  @Field({ description: 'setDefaultMlro.' }) setDefaultMlro!: boolean;
  @Field({ description: 'setWebhookAlertThreshold.' }) setWebhookAlertThreshold!: boolean;
  @Field({ description: 'setIdvSelfieRequired and setIdvAcceptDocumentOnFile.' }) configureIdentityVerification!: boolean;
  @Field({ description: 'The monitoring schedule.' }) configureMonitoring!: boolean;
  @Field({ description: 'The reminder schedule of requested items.' }) configureReminders!: boolean;
  @Field({ description: "The reuse window of persons' ID documents." }) configurePersonReuse!: boolean;
  @Field({ description: 'updateScreeningSettings (compliance_admin).' }) configureScreening!: boolean;
  @Field({ description: 'revokeClearedHit (mlro or above).' }) revokeClearedHits!: boolean;
  @Field({ description: 'Edit the risk model.' }) configureRiskModel!: boolean;
  @Field({ description: 'Edit the decision policy.' }) configureDecisionPolicy!: boolean;
  @Field({ description: 'Define the work queues (setQueues).' }) configureQueues!: boolean;
  @Field({ description: "Set another member's availability for automatic assignment." }) setAnyAvailability!: boolean;
  @Field({ description: 'Set the SLA policy (setSlaPolicy).' }) configureSla!: boolean;
  @Field({ description: 'Set the retention schedule (setRetentionPolicy, compliance_admin).' }) configureRetention!: boolean;
  @Field({ description: "Place and release a case's legal hold (setLegalHold, releaseLegalHold; mlro or above)." }) manageLegalHold!: boolean;
  @Field({ description: 'subjectAccessExport, requestErasure and erasureRequests (compliance_admin).' }) manageSubjectRequests!: boolean;
  @Field({ description: 'setMfaRequired (admin).' }) configureMfa!: boolean;
  @Field({ description: 'setPublicIntake (compliance_admin).' }) configurePublicIntake!: boolean;
  @Field({ description: 'keptMail and keptMailMessage (compliance_admin), when mail is kept locally (Viewer.mailKeptLocally).' }) readKeptMail!: boolean;
  @Field({ description: 'setIpAllowList and setInactivityLimit (admin).' }) configureNetwork!: boolean;
  @Field({ description: 'ssoConnection, setSsoConnection, testSsoConnection and removeSsoConnection (admin).' }) configureSso!: boolean;
}

@ObjectType({ description: 'The signed-in member, with their organisation.' })
export class Viewer extends Member {
  @Field(() => Organisation) org!: Organisation;
  @Field(() => ViewerCan, { description: "What the member may do across the organisation's configuration." }) viewerCan!: ViewerCan;
  @Field({ description: 'The organisation requires MFA and this member has no second factor yet: until they set one up, only enrolment and their own sessions answer (MFA_ENROLMENT_REQUIRED).' })
  mfaEnrolmentRequired!: boolean;
  @Field({ description: 'The member has a second factor (authenticator app or passkey).' }) hasSecondFactor!: boolean;
  @Field(() => String, { nullable: true, description: 'The address this request comes from, as the service sees it (TRUST_PROXY): what the IP allow-list is checked against.' })
  currentAddress!: string | null;
  @Field({
    description: 'live, or test while this console session shows test data (setConsoleMode): cases, dashboard, credentials, webhook endpoints and kept mail '
      + 'are then the test ones.',
  })
  mode!: string;
}

@ObjectType({ description: "One of the signed-in member's live console sessions (a browser where they are signed in)." })
export class ConsoleSession {
  @Field(() => ID, { description: 'An opaque id for endSession (never the cookie nor anything that opens the session).' }) id!: string;
  @Field() createdAt!: Date;
  @Field({ description: 'Last use, to the minute.' }) lastSeenAt!: Date;
  @Field({ description: 'Ends here unless used before (30 minutes after the last use).' }) idleExpiresAt!: Date;
  @Field({ description: 'Ends here whatever happens (12 hours after sign-in).' }) expiresAt!: Date;
  @Field({ description: 'The session of this request.' }) current!: boolean;
  @Field(() => String, { nullable: true, description: 'Browser and system in words ("Firefox on Linux"), from the User-Agent at sign-in.' }) device!: string | null;
  @Field(() => String, { nullable: true, description: 'The address it signed in from.' }) address!: string | null;
}

const viewerOf = (me: Me, actor: Actor, address: string | undefined): Viewer => ({
  ...memberOf(me.member), org: organisationOf(me.org), viewerCan: viewerCan(actor),
  mfaEnrolmentRequired: actor.kind === 'member' && !!actor.secondFactor?.required && !actor.secondFactor.enrolled,
  hasSecondFactor: actor.kind === 'member' && !!actor.secondFactor?.enrolled,
  currentAddress: address ?? null,
  mode: actor.kind === 'member' ? actor.mode : 'live',
});

/** The browser of this request, as a sign-in records it. */
const clientOf = (ctx: GraphqlContext) => ({ address: ctx.req.ip, userAgent: ctx.req.get('user-agent') });

/** Sign-in, sign-out and the signed-in member's sessions. */
@Resolver()
export class SessionResolver {
  @Mutation(() => Viewer, {
    description: 'Signs in with email and password and sets the console session cookie (HttpOnly, SameSite=Lax, Secure under https). '
      + 'Wrong email or password: UNAUTHENTICATED (one message for both). Too many attempts: RATE_LIMITED with retryAfterSeconds. '
      + 'A member with a second factor gets no session: MFA_REQUIRED with `methods` (totp, webauthn, recovery_code) and a pending sign-in cookie '
      + '(5 minutes) that verifySecondFactor or verifyWebauthnSignIn completes.',
  })
  async signIn(@Arg('email') email: string, @Arg('password') password: string, @Ctx() ctx: GraphqlContext): Promise<Viewer> {
    const answer = await signIn(ctx.svc, { email, password, ...clientOf(ctx), currentToken: consoleToken(ctx.req) })
      .catch((err: unknown) => withRetryAfter(ctx, err));
    if ('pending' in answer) {
      writePendingSignInCookie(ctx.svc, ctx.res, answer.pending.token, answer.pending.expiresAt);
      throw mfaRequiredError(answer.methods);
    }
    return this.signedIn(ctx, answer);
  }

  @Mutation(() => Viewer, {
    description: 'Proves a second factor with a code from the authenticator app (6 digits) or a recovery code (each usable once). After signIn answered '
      + 'MFA_REQUIRED (within 5 minutes): completes the sign-in and sets the console session cookie. Signed in already: step-up, so sensitive changes '
      + '(STEP_UP_REQUIRED) are allowed for the next 10 minutes. Wrong or reused code: UNAUTHENTICATED; throttled like passwords (RATE_LIMITED).',
  })
  async verifySecondFactor(@Arg('code') code: string, @Ctx() ctx: GraphqlContext): Promise<Viewer> {
    const pendingToken = pendingSignInToken(ctx.req);
    const answer = await verifySecondFactor(ctx.svc, { code, ...clientOf(ctx), pendingToken, signedIn: ctx.signedIn })
      .catch((err: unknown) => withRetryAfter(ctx, err));
    if ('signedIn' in answer) return this.signedIn(ctx, answer.signedIn);
    const actor = actorOf(ctx);
    const stepped = { ...actor, secondFactor: { enrolled: true, required: actor.secondFactor?.required ?? false, fresh: true } };
    return viewerOf(await getMe(ctx.svc, stepped), stepped, ctx.req.ip);
  }

  @Mutation(() => String, {
    description: 'Options for using a passkey (the JSON for navigator.credentials.get). After signIn answered MFA_REQUIRED: the member\'s passkeys. '
      + 'Signed in: theirs, for step-up. Otherwise: any passkey of this site (passwordless sign-in). The challenge lasts 5 minutes.',
  })
  async webauthnSignInOptions(@Ctx() ctx: GraphqlContext): Promise<string> {
    return webauthnSignInOptions(ctx.svc, { pendingToken: pendingSignInToken(ctx.req), signedIn: ctx.signedIn });
  }

  @Mutation(() => Viewer, {
    description: "Verifies the browser's passkey answer (`response`: its JSON) to webauthnSignInOptions: completes a pending sign-in, signs in without a "
      + 'password, or steps up a signed-in session, and sets the console session cookie. UNAUTHENTICATED when the passkey does not verify or the options expired.',
  })
  async verifyWebauthnSignIn(@Arg('response') response: string, @Ctx() ctx: GraphqlContext): Promise<Viewer> {
    const answer = await verifyWebauthnSignIn(ctx.svc, { response, pendingToken: pendingSignInToken(ctx.req), signedIn: ctx.signedIn, client: clientOf(ctx) });
    if ('signedIn' in answer) return this.signedIn(ctx, answer.signedIn);
    const actor = actorOf(ctx);
    const stepped = { ...actor, secondFactor: { enrolled: true, required: actor.secondFactor?.required ?? false, fresh: true } };
    return viewerOf(await getMe(ctx.svc, stepped), stepped, ctx.req.ip);
  }

  /** Sets the cookie of a session just started (and clears the pending sign-in), and answers the viewer. */
  async signedIn(ctx: GraphqlContext, signedIn: { session: MemberSession; actor: MemberActor }): Promise<Viewer> {
    writeConsoleCookie(ctx.svc, ctx.res, signedIn.session.token, signedIn.session.expiresAt);
    if (pendingSignInToken(ctx.req)) writePendingSignInCookie(ctx.svc, ctx.res, null);
    ctx.signedIn = signedIn;
    return viewerOf(await getMe(ctx.svc, signedIn.actor), signedIn.actor, ctx.req.ip);
  }

  @Mutation(() => Viewer, {
    description: 'The "Test data" switch: this console session (this browser) shows and makes the organisation\'s test data (mode test) or its live data '
      + '(mode live) from now on. Test cases, test credentials (client ids test_…), test webhook endpoints and the mail of test cases (never sent) '
      + 'are seen only in test mode; live ones only in live mode.',
  })
  async setConsoleMode(@Arg('mode') mode: string, @Ctx() ctx: GraphqlContext): Promise<Viewer> {
    const actor = actorOf(ctx);
    const now = await setConsoleMode(ctx.svc, actor, ctx.signedIn!.session, mode);
    const switched: MemberActor = { ...actor, mode: now };
    ctx.signedIn = { ...ctx.signedIn!, actor: switched };
    return viewerOf(await getMe(ctx.svc, switched), switched, ctx.req.ip);
  }

  @Query(() => Viewer, { description: 'The signed-in member and their organisation. UNAUTHENTICATED without a live session.' })
  async me(@Ctx() ctx: GraphqlContext): Promise<Viewer> {
    const actor = actorOf(ctx);
    return viewerOf(await getMe(ctx.svc, actor), actor, ctx.req.ip);
  }

  @Query(() => [ConsoleSession], { description: "The signed-in member's live console sessions, newest first." })
  async mySessions(@Ctx() ctx: GraphqlContext): Promise<ConsoleSession[]> {
    return listMySessions(ctx.svc, actorOf(ctx), { currentSid: ctx.signedIn?.session.sid });
  }

  @Mutation(() => Boolean, { description: 'Ends this session and clears the cookie. Always true (signed in or not).' })
  async signOut(@Ctx() ctx: GraphqlContext): Promise<boolean> {
    if (ctx.signedIn) await endMemberSession(ctx.svc, ctx.signedIn.session);
    writeConsoleCookie(ctx.svc, ctx.res, null);
    return true;
  }

  @Mutation(() => Boolean, { description: 'Ends every session of the signed-in member (every browser, and the connector sign-in pages), disconnects every AI assistant they connected (connected apps), and clears this cookie.' })
  async signOutEverywhere(@Ctx() ctx: GraphqlContext): Promise<boolean> {
    await signOutEverywhere(ctx.svc, actorOf(ctx));
    writeConsoleCookie(ctx.svc, ctx.res, null);
    return true;
  }

  @Mutation(() => Boolean, { description: 'Ends one of your own console sessions (an id from mySessions); NOT_FOUND for any other id.' })
  async endSession(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphqlContext): Promise<boolean> {
    await endMySession(ctx.svc, actorOf(ctx), { sessionId: id });
    if (ctx.signedIn?.session.sid === id) writeConsoleCookie(ctx.svc, ctx.res, null);
    return true;
  }

  @Mutation(() => Boolean, {
    description: 'Emails a single-use link to choose a new password ({APP_URL}/console/reset-password?token=…, 1 hour) when the email belongs to a member. '
      + 'Always true: the answer never tells whether it does. RATE_LIMITED past 10 requests an hour from one address or 3 for one email.',
  })
  async requestPasswordReset(@Arg('email') email: string, @Ctx() ctx: GraphqlContext): Promise<boolean> {
    return requestPasswordReset(ctx.svc, { email, address: ctx.req.ip }).catch((err: unknown) => withRetryAfter(ctx, err));
  }

  @Mutation(() => Boolean, {
    description: 'Sets a new password with the token of a reset link (once, within the hour), ends every session of the member and disconnects their AI assistants (connected apps). '
      + 'BAD_USER_INPUT on `password` (12+ characters, not a breached password) or on `token` (invalid, expired or used). '
      + 'RATE_LIMITED with retryAfterSeconds past 20 failed uses of password links in 15 minutes from one address.',
  })
  async resetPassword(@Arg('token') token: string, @Arg('password') password: string, @Ctx() ctx: GraphqlContext): Promise<boolean> {
    return resetPassword(ctx.svc, { token, password, address: ctx.req.ip }).catch((err: unknown) => withRetryAfter(ctx, err));
  }
}
