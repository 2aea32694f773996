import { Field, GraphQLISODateTime, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { EDD_STATUSES, type CaseEddView } from '../../src/edd/index';
import type { CaseRequestsView, OutreachSentView, ReminderScheduleView } from '../../src/outreach/index';
import type { CustomerEmailView } from '../../src/customer-emails/index';

const enumOf = <T extends string>(values: readonly T[]) => Object.fromEntries(values.map((v) => [v, v])) as { [K in T]: K };
export const EddStatusEnum = enumOf(EDD_STATUSES);
registerEnumType(EddStatusEnum, { name: 'EddStatus', description: 'An EDD requirement: outstanding, received or waived.' });

@ObjectType({ simpleResolvers: true, description: 'One EDD requirement of a case.' })
export class EddRequirement {
  @Field({ description: 'Stable slug key (edd.requirements.changed reqKey).' }) reqKey!: string;
  @Field() label!: string;
  @Field({ description: 'policy (derived from the risk band) or analyst (added by hand).' }) source!: string;
  @Field(() => EddStatusEnum) status!: string;
  @Field() note!: string;
  @Field(() => GraphQLISODateTime, { nullable: true, description: 'When it was first asked of the customer by email.' }) requestedAt!: string | null;
  @Field({ description: 'system, an analyst email, or the customer email (an upload against it).' }) updatedBy!: string;
  @Field(() => GraphQLISODateTime) updatedAt!: string;
}

@ObjectType({ simpleResolvers: true, description: 'One change of an EDD requirement (each edd.requirements.changed).' })
export class EddRequirementChange {
  @Field() reqKey!: string;
  @Field() label!: string;
  @Field(() => EddStatusEnum) status!: string;
  @Field(() => EddStatusEnum, { nullable: true }) previousStatus!: string | null;
  @Field() note!: string;
  @Field() updatedBy!: string;
  @Field(() => GraphQLISODateTime) changedAt!: string;
}

@ObjectType({ simpleResolvers: true, description: "A case's EDD: its requirements and their history, oldest first." })
export class CaseEdd {
  @Field(() => [EddRequirement]) requirements!: EddRequirement[];
  @Field(() => [EddRequirementChange]) history!: EddRequirementChange[];
}

@ObjectType({ simpleResolvers: true, description: 'An item asked of the customer by email.' })
export class RequestedItem {
  @Field({ description: 'edd:<key> or document:<key>.' }) ref!: string;
  @Field({ description: 'edd or document.' }) source!: string;
  @Field() key!: string;
  @Field() label!: string;
  @Field({ description: 'outstanding, received or waived.' }) status!: string;
  @Field(() => GraphQLISODateTime) requestedAt!: string;
}

@ObjectType({ simpleResolvers: true, description: "A case's reminder state." })
export class ReminderState {
  @Field() recipientEmail!: string;
  @Field(() => Int) remindersSent!: number;
  @Field(() => GraphQLISODateTime, { nullable: true }) nextDueAt!: string | null;
  @Field(() => String, { nullable: true, description: 'received, case_closed, unsubscribed, limit, disabled, or null while running.' }) stoppedReason!: string | null;
  @Field() unsubscribed!: boolean;
}

@ObjectType({ simpleResolvers: true, description: "What was asked of a case's customer by email, and the reminders." })
export class CaseRequests {
  @Field(() => [RequestedItem]) items!: RequestedItem[];
  @Field(() => ReminderState, { nullable: true }) reminders!: ReminderState | null;
}

@ObjectType({ simpleResolvers: true, description: 'A customer email queued for sending (sent by the worker; its events are recorded once the mail system accepts it).' })
export class OutreachSent {
  @Field(() => Int) emailId!: number;
  @Field() kind!: string;
  @Field() recipientEmail!: string;
  @Field() subject!: string;
  @Field(() => [RequestedItemInfo]) items!: RequestedItemInfo[];
}

@ObjectType({ simpleResolvers: true })
export class RequestedItemInfo {
  @Field() key!: string;
  @Field() label!: string;
}

@InputType({ description: 'An item to ask the customer for.' })
export class OutreachItemInput {
  @Field({ description: 'Slug key, 1 to 64 characters (a-z, 0-9, _ or -).' }) key!: string;
  @Field({ description: '1 to 200 characters, shown to the customer.' }) label!: string;
}

@ObjectType({ simpleResolvers: true, description: "The organisation's reminder schedule for items asked of customers." })
export class ReminderSchedule {
  @Field() enabled!: boolean;
  @Field(() => Int, { description: 'Days from the request to the first reminder.' }) firstAfterDays!: number;
  @Field(() => Int, { description: 'Days between reminders.' }) everyDays!: number;
  @Field(() => Int, { description: 'The most reminders per request.' }) maxReminders!: number;
  @Field(() => String, { nullable: true }) updatedBy!: string | null;
  @Field(() => GraphQLISODateTime, { nullable: true }) updatedAt!: string | null;
}

@InputType()
export class ReminderScheduleInput {
  @Field() enabled!: boolean;
  @Field(() => Int, { description: '1 to 90.' }) firstAfterDays!: number;
  @Field(() => Int, { description: '1 to 90.' }) everyDays!: number;
  @Field(() => Int, { description: '1 to 10.' }) maxReminders!: number;
}

export const caseEddOf = (v: CaseEddView): CaseEdd => v;
export const caseRequestsOf = (v: CaseRequestsView): CaseRequests => v;
export const outreachSentOf = (v: OutreachSentView): OutreachSent => v;
export const reminderScheduleOf = (v: ReminderScheduleView): ReminderSchedule => v;

@ObjectType({ simpleResolvers: true, description: 'A customer email of the case (never its link or body).' })
export class CustomerEmail {
  @Field(() => Int) id!: number;
  @Field({ description: 'e.g. edd_request, document_request, reminder, identity_verification.' }) kind!: string;
  @Field() recipientEmail!: string;
  @Field() subject!: string;
  @Field(() => [RequestedItemInfo]) items!: RequestedItemInfo[];
  @Field({ description: 'pending (queued or retrying), sent, or failed.' }) state!: string;
  @Field(() => Int) attempts!: number;
  @Field(() => String, { nullable: true }) lastError!: string | null;
  @Field(() => GraphQLISODateTime, { nullable: true }) sentAt!: string | null;
  @Field(() => GraphQLISODateTime) createdAt!: string;
}

export const customerEmailOf = (v: CustomerEmailView): CustomerEmail => v;
