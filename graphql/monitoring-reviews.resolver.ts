import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import {
  approveMonitoringReview, dispositionMonitoringReview, getMonitoringReview, getReviewViewerCan, listMonitoringReviews, reopenMonitoringReview, resolveMonitoringReview,
  type ReviewState,
} from '../src/monitoring-reviews/index';
import { connectionComplexity, PageArgs, pageInput, toConnection, type Connection } from './connection';
import { actorOf, type GraphqlContext } from './context';
import {
  MonitoringReview, MonitoringReviewConnection, monitoringReviewOf, ResolutionEnum, ReviewDispositionEnum, ReviewStateEnum, ReviewViewerCan,
} from './types/monitoring-review.type';

/**
 * Monitoring reviews in the console: the queue, one review with its alerts and history, and the state
 * machine's actions. Each is one domain use case, which checks the role, four-eyes and the state;
 * a refused transition is INVALID_TRANSITION naming the current state.
 */
@Resolver(() => MonitoringReview)
export class MonitoringReviewsResolver {
  @Query(() => MonitoringReviewConnection, {
    complexity: connectionComplexity,
    description: 'The organisation\'s monitoring reviews, newest first; state with_mlro is the MLRO\'s queue; caseId narrows to one customer.',
  })
  async monitoringReviews(
    @Ctx() ctx: GraphqlContext, @Args() page: PageArgs,
    @Arg('state', () => ReviewStateEnum, { nullable: true }) state: string | null, @Arg('caseId', () => String, { nullable: true }) caseId: string | null,
  ): Promise<Connection<MonitoringReview>> {
    const { limit, cursor } = pageInput(page);
    return toConnection(await listMonitoringReviews(ctx.svc, actorOf(ctx), { state, caseId, limit, cursor }, { edgeCursors: true }), monitoringReviewOf);
  }

  @FieldResolver(() => ReviewViewerCan, { description: 'What the signed-in member may do to the review now (the console shows only these actions).' })
  viewerCan(@Root() r: MonitoringReview, @Ctx() ctx: GraphqlContext): Promise<ReviewViewerCan> {
    return getReviewViewerCan(ctx.svc, actorOf(ctx), { state: r.state as ReviewState, dispositionBy: r.dispositionBy });
  }

  @Query(() => MonitoringReview, { nullable: true, description: 'One review by its id (reviewCaseId) or reviewRef, with its alerts and history; null when none.' })
  async monitoringReview(@Ctx() ctx: GraphqlContext, @Arg('id', () => ID) id: string): Promise<MonitoringReview | null> {
    const review = await getMonitoringReview(ctx.svc, actorOf(ctx), { id });
    return review ? monitoringReviewOf(review) : null;
  }

  @Mutation(() => MonitoringReview, {
    description: "The analyst's verdict on an open or reopened review (note required): monitoring.review.dispositioned, then its consequences (risk.assessed, "
      + 'a hand-off to the MLRO). State pending_approval, or with_mlro for escalate or a confirmed match that raised the band; with four-eyes off it closes.',
  })
  async dispositionMonitoringReview(
    @Ctx() ctx: GraphqlContext, @Arg('id', () => ID) id: string, @Arg('disposition', () => ReviewDispositionEnum) disposition: string, @Arg('note') note: string,
  ): Promise<MonitoringReview> {
    return monitoringReviewOf(await dispositionMonitoringReview(ctx.svc, actorOf(ctx), { id, disposition, note }));
  }

  @Mutation(() => MonitoringReview, {
    description: 'A second member approves the verdict of a review pending approval and closes it. With four-eyes on, the verdict\'s author is FORBIDDEN.',
  })
  async approveMonitoringReview(@Ctx() ctx: GraphqlContext, @Arg('id', () => ID) id: string): Promise<MonitoringReview> {
    return monitoringReviewOf(await approveMonitoringReview(ctx.svc, actorOf(ctx), { id }));
  }

  @Mutation(() => MonitoringReview, { description: 'The MLRO (mlro or above) resolves a review handed to them (with_mlro) and closes it.' })
  async resolveMonitoringReview(
    @Ctx() ctx: GraphqlContext, @Arg('id', () => ID) id: string, @Arg('disposition', () => ResolutionEnum) disposition: string, @Arg('note') note: string,
  ): Promise<MonitoringReview> {
    return monitoringReviewOf(await resolveMonitoringReview(ctx.svc, actorOf(ctx), { id, disposition, note }));
  }

  @Mutation(() => MonitoringReview, {
    description: 'Reopens a closed review (mlro or above): state reopened, verdict and sign-off cleared, monitoring.review.reopened; the reason goes to its history.',
  })
  async reopenMonitoringReview(@Ctx() ctx: GraphqlContext, @Arg('id', () => ID) id: string, @Arg('reason') reason: string): Promise<MonitoringReview> {
    return monitoringReviewOf(await reopenMonitoringReview(ctx.svc, actorOf(ctx), { id, reason }));
  }
}
