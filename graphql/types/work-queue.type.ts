import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, GraphQLISODateTime, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { ASSIGNMENT_MODES, type AssignmentMode, type AvailabilityView, type QueueMemberView, type QueueView } from '../../src/work-queues/index';

const enumOf = <T extends string>(values: readonly T[]) => Object.fromEntries(values.map((v) => [v, v])) as { [K in T]: K };

export const AssignmentModeEnum = enumOf(ASSIGNMENT_MODES);
registerEnumType(AssignmentModeEnum, {
  name: 'AssignmentMode',
  description: 'How a queue gives its cases owners: manual (members press Next case), round_robin (in turn), least_loaded (to whoever owns the fewest open cases).',
});

@InputType({ description: 'How a queue assigns its cases.' })
export class QueueAssignmentInput {
  @Field(() => AssignmentModeEnum) mode!: AssignmentMode;
  @Field(() => Int, { nullable: true, description: 'Open cases a member may own before automatic assignment passes them over (1 to 10000); required for round_robin and least_loaded.' })
  capacity?: number | null;
}

@InputType({ description: 'One queue, in the order cases are sorted into them.' })
export class QueueInput {
  @Field({ description: '1 to 100 characters, unique in the organisation; a queue keeps its id while its name stays.' }) name!: string;
  @Field(() => GraphQLJSONObject, {
    nullable: true,
    description: 'The decision policy\'s rules language (all / any / not of {fact, operator, value}) over status, stage, reviewLevel, band, country, source, crmSource, ageHours. Null: every open case (a catch-all). See docs/console.md.',
  })
  conditions?: Record<string, unknown> | null;
  @Field(() => [ID], { description: 'The members who work the queue (round robin goes through them in this order).' }) memberIds!: string[];
  @Field(() => QueueAssignmentInput) assignment!: QueueAssignmentInput;
}

@ObjectType({ simpleResolvers: true, description: 'How a queue assigns its cases.' })
export class QueueAssignment {
  @Field(() => AssignmentModeEnum) mode!: AssignmentMode;
  @Field(() => Int, { nullable: true }) capacity!: number | null;
}

@ObjectType({ simpleResolvers: true, description: 'A member of a queue.' })
export class QueueMember {
  @Field(() => ID) memberId!: string;
  @Field() name!: string;
  @Field() email!: string;
  @Field({ description: 'Available for automatic assignment now.' }) available!: boolean;
  @Field(() => Int, { description: 'Open cases the member owns (all queues).' }) openCases!: number;
}

@ObjectType({ simpleResolvers: true, description: 'A work queue: the open cases whose facts meet its conditions first, with their counts.' })
export class WorkQueue {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field(() => Int, { description: 'Its place in the order cases are sorted into queues (0 first).' }) position!: number;
  @Field(() => GraphQLJSONObject, { nullable: true, description: 'Null: every open case.' }) conditions!: Record<string, unknown> | null;
  @Field(() => QueueAssignment) assignment!: QueueAssignment;
  @Field(() => [QueueMember]) members!: QueueMember[];
  @Field(() => Int, { description: 'Open cases in the queue, assigned or not.' }) openCount!: number;
  @Field(() => Int, { description: 'Open cases in the queue with no owner: what Next case hands out.' }) unassignedCount!: number;
  @Field(() => Int, { nullable: true, description: 'Seconds since the oldest open case of the queue was opened; null when empty.' }) oldestAgeSeconds!: number | null;
  @Field(() => Int, { description: 'Open cases of the queue whose SLA is breached now (setSlaPolicy; 0 without a policy).' }) slaBreaches!: number;
}

@ObjectType({ simpleResolvers: true, description: "A member's availability for automatic assignment." })
export class MemberAvailability {
  @Field(() => ID) memberId!: string;
  @Field({ description: 'Available now.' }) available!: boolean;
  @Field(() => GraphQLISODateTime, { nullable: true, description: 'When the setting ends (then the opposite holds); null: until changed.' }) until!: string | null;
}

const memberOf = (m: QueueMemberView): QueueMember => ({ memberId: m.memberId, name: m.name, email: m.email, available: m.available, openCases: m.openCases });

export const workQueueOf = (q: QueueView): WorkQueue => ({
  id: q.id, name: q.name, position: q.position, conditions: q.conditions as Record<string, unknown> | null,
  assignment: { mode: q.mode, capacity: q.capacity }, members: q.members.map(memberOf),
  openCount: q.openCount, unassignedCount: q.unassignedCount, oldestAgeSeconds: q.oldestAgeSeconds, slaBreaches: q.slaBreaches,
});

export const availabilityOf = (a: AvailabilityView): MemberAvailability => ({ ...a });
