import { Arg, Ctx, GraphQLISODateTime, ID, Query, Resolver } from 'type-graphql';
import { caseMetrics } from '../src/case-metrics/index';
import { actorOf, type GraphqlContext } from './context';
import { CaseMetrics, caseMetricsOf } from './types/case-metrics.type';

/** The console's dashboard. */
@Resolver()
export class CaseMetricsResolver {
  @Query(() => CaseMetrics, {
    description: 'The case-metrics dashboard over [from, to) (at most 366 days; any member): open cases (of the session\'s mode: live, or test with "Test data" on) by status and stage, time in each status (p50, p90), decisions by outcome with the automatic and first-time-right shares, per-analyst cases closed and median handling time, and the open cases whose SLA is breached now; queueId narrows it to one work queue\'s cases (NOT_FOUND when unknown). BAD_USER_INPUT lists each problem with its path.',
  })
  async caseMetrics(
    @Ctx() ctx: GraphqlContext,
    @Arg('from', () => GraphQLISODateTime) from: Date,
    @Arg('to', () => GraphQLISODateTime) to: Date,
    @Arg('queueId', () => ID, { nullable: true }) queueId?: string | null,
  ): Promise<CaseMetrics> {
    return caseMetricsOf(await caseMetrics(ctx.svc, actorOf(ctx), { from, to, queueId: queueId ?? null }));
  }
}
