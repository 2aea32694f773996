import { Arg, Ctx, Field, ID, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { endMemberSession, endMySession, getMe, listMySessions, signIn, type Me } from '../src/sessions/index';
import { requestPasswordReset, resetPassword } from '../src/members/index';
import { signOutEverywhere } from '../src/oauth/index';
import { viewerCan, type Actor, type ViewerCan as ViewerCanView } from '../src/access/index';
import { actorOf, type GraphqlContext } from './context';
import { withRetryAfter } from './errors';
import { consoleToken, writeConsoleCookie } from './session-cookie';
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
}

@ObjectType({ description: 'The signed-in member, with their organisation.' })
export class Viewer extends Member {
  @Field(() => Organisation) org!: Organisation;
  @Field(() => ViewerCan, { description: "What the member may do across the organisation's configuration." }) viewerCan!: ViewerCan;
}

@ObjectType({ description: "One of the signed-in member's live console sessions (a browser where they are signed in)." })
export class ConsoleSession {
  @Field(() => ID, { description: 'An opaque id for endSession (never the cookie nor anything that opens the session).' }) id!: string;
  @Field() createdAt!: Date;
  @Field({ description: 'Last use, to the minute.' }) lastSeenAt!: Date;
  @Field({ description: 'Ends here unless used before (30 minutes after the last use).' }) idleExpiresAt!: Date;
  @Field({ description: 'Ends here whatever happens (12 hours after sign-in).' }) expiresAt!: Date;
  @Field({ description: 'The session of this request.' }) current!: boolean;
}

const viewerOf = (me: Me, actor: Actor): Viewer => ({ ...memberOf(me.member), org: organisationOf(me.org), viewerCan: viewerCan(actor) });

/** Sign-in, sign-out and the signed-in member's sessions. */
@Resolver()
export class SessionResolver {
  @Mutation(() => Viewer, {
    description: 'Signs in with email and password and sets the console session cookie (HttpOnly, SameSite=Lax, Secure under https). '
      + 'Wrong email or password: UNAUTHENTICATED (one message for both). Too many attempts: RATE_LIMITED with retryAfterSeconds.',
  })
  async signIn(@Arg('email') email: string, @Arg('password') password: string, @Ctx() ctx: GraphqlContext): Promise<Viewer> {
    const { session, actor } = await signIn(ctx.svc, { email, password, address: ctx.req.ip, currentToken: consoleToken(ctx.req) })
      .catch((err: unknown) => withRetryAfter(ctx, err));
    writeConsoleCookie(ctx.svc, ctx.res, session.token, session.expiresAt);
    ctx.signedIn = { actor, session };
    return viewerOf(await getMe(ctx.svc, actor), actor);
  }

  @Query(() => Viewer, { description: 'The signed-in member and their organisation. UNAUTHENTICATED without a live session.' })
  async me(@Ctx() ctx: GraphqlContext): Promise<Viewer> {
    const actor = actorOf(ctx);
    return viewerOf(await getMe(ctx.svc, actor), actor);
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
