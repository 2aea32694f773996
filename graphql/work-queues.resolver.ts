import { Arg, Ctx, GraphQLISODateTime, ID, Mutation, Query, Resolver } from 'type-graphql';
import { getAvailability, listQueues, nextCase, setAvailability, setQueues } from '../src/work-queues/index';
import { actorOf, type GraphqlContext } from './context';
import { CaseNode, caseNodeOf } from './types/case.type';
import { availabilityOf, MemberAvailability, QueueInput, WorkQueue, workQueueOf } from './types/work-queue.type';

/** Work queues in the console: defining them, their counts, Next case, and members' availability for automatic assignment. */
@Resolver()
export class WorkQueuesResolver {
  @Query(() => [WorkQueue], { description: 'The organisation\'s work queues in order, with their members, open and unassigned counts and oldest age.' })
  async queues(@Ctx() ctx: GraphqlContext): Promise<WorkQueue[]> {
    return (await listQueues(ctx.svc, actorOf(ctx))).map(workQueueOf);
  }

  @Mutation(() => [WorkQueue], {
    description: 'Replaces the organisation\'s queues (compliance_admin; audited); every open case is sorted again and automatic queues hand out what waits. BAD_USER_INPUT lists every problem with its path.',
  })
  async setQueues(@Ctx() ctx: GraphqlContext, @Arg('input', () => [QueueInput]) input: QueueInput[]): Promise<WorkQueue[]> {
    const actor = actorOf(ctx);
    const items = input.map((q) => ({ name: q.name, conditions: q.conditions ?? null, memberIds: q.memberIds, assignment: { mode: q.assignment.mode, capacity: q.assignment.capacity ?? null } }));
    return (await setQueues(ctx.svc, actor, items)).map(workQueueOf);
  }

  @Mutation(() => CaseNode, {
    nullable: true,
    description: 'Assigns the oldest unassigned case of the queue the caller may work to the caller and returns it (owner.changed); null when none waits. Concurrent callers never get the same case.',
  })
  async nextCase(@Ctx() ctx: GraphqlContext, @Arg('queueId', () => ID) queueId: string): Promise<CaseNode | null> {
    const c = await nextCase(ctx.svc, actorOf(ctx), { queueId });
    return c ? caseNodeOf(c) : null;
  }

  @Query(() => MemberAvailability, { description: 'A member\'s availability for automatic assignment: one\'s own (memberId absent), or another\'s (compliance_admin).' })
  async availability(@Ctx() ctx: GraphqlContext, @Arg('memberId', () => ID, { nullable: true }) memberId?: string | null): Promise<MemberAvailability> {
    return availabilityOf(await getAvailability(ctx.svc, actorOf(ctx), { memberId }));
  }

  @Mutation(() => MemberAvailability, {
    description: 'Sets one\'s own availability (or, compliance_admin, another member\'s) until `until` or for good. Becoming unavailable returns the untouched cases the queues handed them.',
  })
  async setAvailability(
    @Ctx() ctx: GraphqlContext, @Arg('available') available: boolean,
    @Arg('until', () => GraphQLISODateTime, { nullable: true }) until?: Date | null,
    @Arg('memberId', () => ID, { nullable: true }) memberId?: string | null,
  ): Promise<MemberAvailability> {
    return availabilityOf(await setAvailability(ctx.svc, actorOf(ctx), { memberId, available, until: until ? until.toISOString() : null }));
  }
}
