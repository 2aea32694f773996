import { Field, Float, GraphQLISODateTime, InputType, ObjectType } from 'type-graphql';
import { MAX_TARGET_HOURS, WEEK_DAYS, type CaseSlaView, type SlaPolicyView, type SlaState } from '../../src/sla/index';
import type { CaseStatus } from '../../src/cases/index';
import { CaseStatusEnum, SlaStateEnum } from './case.type';

@ObjectType({ simpleResolvers: true, description: 'A case\'s SLA: the target of its current status, counted in business time from when the status was entered.' })
export class CaseSla {
  @Field(() => GraphQLISODateTime, { nullable: true, description: 'When the target is reached; null while paused.' }) dueAt!: string | null;
  @Field(() => SlaStateEnum) state!: SlaState;
  @Field(() => GraphQLISODateTime, { nullable: true, description: 'Since when the clock waits on the customer; null while it runs.' }) pausedSince!: string | null;
  @Field(() => Float, { description: 'The target of the case\'s status (hours).' }) targetHours!: number;
}

@ObjectType({ simpleResolvers: true, description: 'The target of one case status.' })
export class SlaTarget {
  @Field(() => CaseStatusEnum) status!: CaseStatus;
  @Field(() => Float) hours!: number;
}

@ObjectType({ simpleResolvers: true, description: 'The working hours the SLA clock counts.' })
export class BusinessHours {
  @Field({ description: 'An IANA time zone, e.g. Europe/London.' }) timezone!: string;
  @Field(() => [String], { description: `Working days among ${WEEK_DAYS.join(', ')}.` }) days!: string[];
  @Field({ description: 'HH:MM, local time.' }) from!: string;
  @Field({ description: 'HH:MM, local time, after from.' }) to!: string;
}

@ObjectType({ simpleResolvers: true, description: 'The organisation\'s SLA policy.' })
export class SlaPolicy {
  @Field(() => [SlaTarget], { description: 'A target per open status; statuses without one have no SLA.' }) targets!: SlaTarget[];
  @Field(() => BusinessHours, { nullable: true, description: 'Null: the clock runs around the clock.' }) businessHours!: BusinessHours | null;
  @Field({ description: 'Whether the clock pauses while the case waits on the customer (EDD or document requests outstanding).' }) pauseWhileAwaitingCustomer!: boolean;
  @Field(() => GraphQLISODateTime, { nullable: true, description: 'Null while never set.' }) updatedAt!: string | null;
  @Field(() => String, { nullable: true }) updatedBy!: string | null;
}

@InputType({ description: 'The target of one open case status.' })
export class SlaTargetInput {
  @Field(() => CaseStatusEnum, { description: 'An open status: in_progress, in_review, pending_senior or returned; each at most once.' }) status!: CaseStatus;
  @Field(() => Float, { description: `Hours of (business) time, above 0 and at most ${MAX_TARGET_HOURS}.` }) hours!: number;
}

@InputType({ description: 'Working hours: the clock runs on these days from `from` to `to` in the time zone only.' })
export class BusinessHoursInput {
  @Field() timezone!: string;
  @Field(() => [String]) days!: string[];
  @Field() from!: string;
  @Field() to!: string;
}

@InputType({ description: 'An SLA policy (setSlaPolicy).' })
export class SlaPolicyInput {
  @Field(() => [SlaTargetInput]) targets!: SlaTargetInput[];
  @Field(() => BusinessHoursInput, { nullable: true, description: 'Null or absent: around the clock.' }) businessHours?: BusinessHoursInput | null;
  @Field() pauseWhileAwaitingCustomer!: boolean;
}

export const slaPolicyOf = (p: SlaPolicyView): SlaPolicy => ({
  targets: p.targets.map((t) => ({ status: t.status, hours: t.hours })),
  businessHours: p.businessHours ? { ...p.businessHours, days: [...p.businessHours.days] } : null,
  pauseWhileAwaitingCustomer: p.pauseWhileAwaitingCustomer, updatedAt: p.updatedAt, updatedBy: p.updatedBy,
});

export const caseSlaOf = (v: CaseSlaView): CaseSla => ({ ...v });
