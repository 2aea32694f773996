import { Arg, Args, Ctx, GraphQLISODateTime, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { listAuditLog } from '../src/audit/index';
import { EVENT_CATALOGUE } from '../src/events/index';
import {
  setDefaultMlro, setFourEyes, setMfaRequired, setIpAllowList, setInactivityLimit, setFullParity, setIdvAcceptDocumentOnFile, setIdvSelfieRequired, setWebhookAlertThreshold, setZeroRetention, type OrganisationSettings,
} from '../src/tenants/index';
import { connectionComplexity, PageArgs, pageInput, toConnection, type Connection } from './connection';
import { actorOf, type GraphqlContext } from './context';
import { AuditLogEntry, AuditLogEntryConnection, auditLogEntryOf, EventCatalogueEntry, eventCatalogueEntryOf } from './types/configuration.type';
import { Organisation, organisationOf } from './types/organisation.type';

const organisationOfSettings = (s: OrganisationSettings): Organisation =>
  organisationOf({
    id: s.orgId, name: s.name, fourEyes: s.fourEyes, defaultMlroMemberId: s.defaultMlroMemberId, fullParityEntitled: s.fullParityEntitled,
    fullParityEnabled: s.fullParityEnabled, zeroRetention: s.zeroRetention,
    webhookAlertAfterMinutes: s.webhookAlertAfterMinutes, idvRequireSelfie: s.idvRequireSelfie,
    idvAcceptDocumentOnFile: s.idvAcceptDocumentOnFile, mfaRequired: s.mfaRequired,
    ipAllowList: s.ipAllowList, inactivityLimitDays: s.inactivityLimitDays,
  });

/** Compliance Configuration: the event catalogue, the audit log and the organisation's compliance switches. */
@Resolver()
export class OrganisationResolver {
  @Query(() => [EventCatalogueEntry], { description: 'Every event type of the webhook catalogue with its description, sorted by name.' })
  eventTypes(@Ctx() ctx: GraphqlContext): EventCatalogueEntry[] {
    // The catalogue is public (/schemas/webhooks/index.json); the console still asks for a signed-in member.
    actorOf(ctx);
    return EVENT_CATALOGUE.map(eventCatalogueEntryOf);
  }

  @Query(() => AuditLogEntryConnection, {
    complexity: connectionComplexity,
    description: 'The organisation configuration audit log, newest first (compliance_admin), including allowDuplicate overrides of POST /v1/cases.',
  })
  async auditLog(
    @Ctx() ctx: GraphqlContext, @Args() page: PageArgs,
    @Arg('actor', () => String, { nullable: true, description: 'Only this actor\'s entries (as AuditLogEntry.actor gives it).' }) who?: string | null,
    @Arg('action', () => String, { nullable: true, description: 'Only this action (e.g. case.decided).' }) action?: string | null,
    @Arg('from', () => GraphQLISODateTime, { nullable: true, description: 'Only entries recorded at or after this instant.' }) from?: Date | null,
    @Arg('to', () => GraphQLISODateTime, { nullable: true, description: 'Only entries recorded before this instant.' }) to?: Date | null,
  ): Promise<Connection<AuditLogEntry>> {
    const actor = actorOf(ctx);
    const { limit, cursor } = pageInput(page);
    return toConnection(await listAuditLog(ctx.svc, actor, { limit, cursor, actor: who, action, from, to }, { edgeCursors: true }), auditLogEntryOf);
  }

  @Mutation(() => Organisation, {
    description: 'Switches full-parity egress on or off (compliance_admin). Switching on needs the operator entitlement (fullParityEntitled); without it: FORBIDDEN.',
  })
  async setFullParityEgress(@Ctx() ctx: GraphqlContext, @Arg('enabled') enabled: boolean): Promise<Organisation> {
    return organisationOfSettings(await setFullParity(ctx.svc, actorOf(ctx), { enabled }));
  }

  @Mutation(() => Organisation, {
    description: "Switches zero retention on or off (compliance_admin). Audited. While on, a case's personal data is purged once every endpoint subscribed to "
      + 'its case.data_package.delivered answered with a 2xx. Switching on needs full-parity egress entitled and enabled; without it: BAD_USER_INPUT. '
      + 'Switching full-parity egress off switches zero retention off too.',
  })
  async setZeroRetention(@Ctx() ctx: GraphqlContext, @Arg('enabled') enabled: boolean): Promise<Organisation> {
    return organisationOfSettings(await setZeroRetention(ctx.svc, actorOf(ctx), { enabled }));
  }

  @Mutation(() => Organisation, {
    description: 'Requires a second factor of every member, or not (admin; STEP_UP_REQUIRED unless a second factor was proved in the last 10 minutes). Audited. '
      + 'A member without one is held at enrolment (MFA_ENROLMENT_REQUIRED on everything else) until they set one up. An admin without a second factor '
      + 'cannot turn it on: CONFLICT.',
  })
  async setMfaRequired(@Ctx() ctx: GraphqlContext, @Arg('enabled') enabled: boolean): Promise<Organisation> {
    return organisationOfSettings(await setMfaRequired(ctx.svc, actorOf(ctx), { enabled }));
  }

  @Mutation(() => Organisation, {
    description: 'Sets the IP allow-list (admin; STEP_UP_REQUIRED unless a second factor was proved in the last 10 minutes). Audited. Each entry an IPv4 or '
      + 'IPv6 CIDR or address (BAD_USER_INPUT on `cidrs.<index>` otherwise); an empty list turns it off. From then on console sessions, member sign-ins '
      + 'and API tokens from other addresses are refused: FORBIDDEN "Address not allowed…". CONFLICT when the list leaves out your own address.',
  })
  async setIpAllowList(@Ctx() ctx: GraphqlContext, @Arg('cidrs', () => [String]) cidrs: string[]): Promise<Organisation> {
    return organisationOfSettings(await setIpAllowList(ctx.svc, actorOf(ctx), { cidrs, address: ctx.req.ip }));
  }

  @Mutation(() => Organisation, {
    description: 'Sets after how many days without a sign-in a member is suspended (7 to 730; null: never) (admin; STEP_UP_REQUIRED). Audited. '
      + 'A daily job and every sign-in apply it; a suspended member is refused at sign-in (FORBIDDEN) until an admin calls reactivateMember.',
  })
  async setInactivityLimit(@Ctx() ctx: GraphqlContext, @Arg('days', () => Int, { nullable: true }) days: number | null): Promise<Organisation> {
    return organisationOfSettings(await setInactivityLimit(ctx.svc, actorOf(ctx), { days: days ?? null }));
  }

  @Mutation(() => Organisation, { description: 'Switches four-eyes approval of monitoring-review verdicts on or off (compliance_admin). Audited.' })
  async setFourEyes(@Ctx() ctx: GraphqlContext, @Arg('enabled') enabled: boolean): Promise<Organisation> {
    return organisationOfSettings(await setFourEyes(ctx.svc, actorOf(ctx), { enabled }));
  }

  @Mutation(() => Organisation, {
    description: "Sets how long an endpoint's webhook deliveries may fail with no success before the compliance admins and admins are emailed "
      + '(compliance_admin; 5 to 10080 minutes). Audited.',
  })
  async setWebhookAlertThreshold(@Ctx() ctx: GraphqlContext, @Arg('minutes', () => Int) minutes: number): Promise<Organisation> {
    return organisationOfSettings(await setWebhookAlertThreshold(ctx.svc, actorOf(ctx), { minutes }));
  }

  @Mutation(() => Organisation, { description: 'Makes identity verification ask for a selfie with the ID document, or not (compliance_admin). Audited.' })
  async setIdvSelfieRequired(@Ctx() ctx: GraphqlContext, @Arg('required') required: boolean): Promise<Organisation> {
    return organisationOfSettings(await setIdvSelfieRequired(ctx.svc, actorOf(ctx), { required }));
  }

  @Mutation(() => Organisation, {
    description: 'Lets a valid, accepted passport or ID card on file satisfy a person even when a selfie is required or a hosted vendor verifies, or not '
      + '(compliance_admin). Audited.',
  })
  async setIdvAcceptDocumentOnFile(@Ctx() ctx: GraphqlContext, @Arg('accept') accept: boolean): Promise<Organisation> {
    return organisationOfSettings(await setIdvAcceptDocumentOnFile(ctx.svc, actorOf(ctx), { accept }));
  }

  @Mutation(() => Organisation, {
    description: 'Nominates the default MLRO, who monitoring-review hand-offs are assigned to (compliance_admin). Audited. The member must be current and '
      + 'mlro or above (else BAD_USER_INPUT); null clears it, and hand-offs then wait in the senior queue.',
  })
  async setDefaultMlro(@Ctx() ctx: GraphqlContext, @Arg('memberId', () => ID, { nullable: true }) memberId: string | null): Promise<Organisation> {
    return organisationOfSettings(await setDefaultMlro(ctx.svc, actorOf(ctx), { memberId: memberId ?? null }));
  }
}
