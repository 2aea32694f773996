import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { getCaseEdd, setEddRequirement } from '../src/edd/index';
import { getCaseRequests, getReminderSchedule, requestEddEvidence, sendOutreach, setReminderSchedule } from '../src/outreach/index';
import { listCaseCustomerEmails } from '../src/customer-emails/index';
import { actorOf, type GraphqlContext } from './context';
import { CaseNode, type CaseRoot } from './types/case.type';
import {
  CaseEdd, caseEddOf, CaseRequests, caseRequestsOf, CustomerEmail, customerEmailOf, EddStatusEnum, OutreachItemInput, OutreachSent, outreachSentOf, ReminderSchedule, ReminderScheduleInput,
  reminderScheduleOf,
} from './types/edd-outreach.type';

/**
 * EDD and outreach in the console: a case's EDD requirements (derived from the risk band and the
 * policy, plus the analysts' own) with their history, what was asked of the customer by email and the
 * reminders; marking requirements, emailing evidence and document requests; the reminder schedule.
 */
@Resolver(() => CaseNode)
export class EddOutreachResolver {
  @FieldResolver(() => CaseEdd, { description: 'The EDD requirements and their history (edd:read).' })
  async edd(@Root() c: CaseRoot, @Ctx() ctx: GraphqlContext): Promise<CaseEdd> {
    return caseEddOf(await getCaseEdd(ctx.svc, actorOf(ctx), { caseId: c.caseId }));
  }

  @FieldResolver(() => CaseRequests, { description: 'The items asked of the customer by email, with their status, and the reminder state.' })
  async requests(@Root() c: CaseRoot, @Ctx() ctx: GraphqlContext): Promise<CaseRequests> {
    return caseRequestsOf(await getCaseRequests(ctx.svc, actorOf(ctx), { caseId: c.caseId }));
  }

  @FieldResolver(() => [CustomerEmail], { description: 'The customer emails of the case (EDD requests, document requests, reminders, identity verification), newest first.' })
  async customerEmails(@Root() c: CaseRoot, @Ctx() ctx: GraphqlContext): Promise<CustomerEmail[]> {
    return (await listCaseCustomerEmails(ctx.svc, actorOf(ctx), c.caseId)).map(customerEmailOf);
  }

  @Mutation(() => CaseEdd, {
    description: 'Marks an EDD requirement outstanding, received or waived and/or edits its note (null: keep it); with a label and a new reqKey, adds '
      + 'the analyst\'s own requirement. A real change records edd.requirements.changed; the same status and note again record nothing.',
  })
  async setEddRequirement(
    @Ctx() ctx: GraphqlContext, @Arg('caseId', () => ID) caseId: string, @Arg('reqKey', () => String) reqKey: string,
    @Arg('status', () => EddStatusEnum) status: string, @Arg('note', () => String, { nullable: true }) note: string | null,
    @Arg('label', () => String, { nullable: true }) label: string | null,
  ): Promise<CaseEdd> {
    return caseEddOf(await setEddRequirement(ctx.svc, actorOf(ctx), { caseId, reqKey, status, note, label }));
  }

  @Mutation(() => OutreachSent, {
    description: 'Emails the customer an EDD evidence request listing the named outstanding requirements (reqKeys), with a link to upload against '
      + 'each; edd.requested and outreach.email.sent once the mail system accepts it. Reminders start over.',
  })
  async requestEddEvidence(
    @Ctx() ctx: GraphqlContext, @Arg('caseId', () => ID) caseId: string, @Arg('items', () => [String]) items: string[],
  ): Promise<OutreachSent> {
    return outreachSentOf(await requestEddEvidence(ctx.svc, actorOf(ctx), { caseId, items }));
  }

  @Mutation(() => OutreachSent, {
    description: 'Emails the customer a request (kind document_request) for the items given; outreach.email.sent once the mail system accepts it. Reminders start over.',
  })
  async sendOutreach(
    @Ctx() ctx: GraphqlContext, @Arg('caseId', () => ID) caseId: string, @Arg('kind', () => String) kind: string,
    @Arg('items', () => [OutreachItemInput]) items: OutreachItemInput[],
  ): Promise<OutreachSent> {
    return outreachSentOf(await sendOutreach(ctx.svc, actorOf(ctx), { caseId, kind, items: items.map((i) => ({ key: i.key, label: i.label })) }));
  }

  @Query(() => ReminderSchedule, { description: "The organisation's reminder schedule (the defaults until a compliance admin sets one)." })
  async reminderSchedule(@Ctx() ctx: GraphqlContext): Promise<ReminderSchedule> {
    return reminderScheduleOf(await getReminderSchedule(ctx.svc, actorOf(ctx)));
  }

  @Mutation(() => ReminderSchedule, { description: 'Sets the reminder schedule (compliance_admin); BAD_USER_INPUT lists every problem with its path. Audited.' })
  async setReminderSchedule(@Ctx() ctx: GraphqlContext, @Arg('input', () => ReminderScheduleInput) input: ReminderScheduleInput): Promise<ReminderSchedule> {
    return reminderScheduleOf(await setReminderSchedule(ctx.svc, actorOf(ctx), { ...input }));
  }
}
