import DataLoader from 'dataloader';
import { Arg, Ctx, FieldResolver, ID, Mutation, Resolver, Root } from 'type-graphql';
import { loadLatestAiReviews, runAiReview, type AiReviewView } from '../src/review/index';
import { actorOf, loaderOf, type GraphqlContext } from './context';
import { AiReview, aiReviewOf } from './types/ai-review.type';
import { CaseNode, type CaseRoot } from './types/case.type';

/**
 * The AI case review in the console: a case's latest review (read for a whole page of cases with one
 * statement) and the analyst's on-demand run.
 */
@Resolver(() => CaseNode)
export class AiReviewResolver {
  @FieldResolver(() => AiReview, { nullable: true, description: 'The latest AI case review (background or on demand); null before the first.' })
  async aiReview(@Root() c: CaseRoot, @Ctx() ctx: GraphqlContext): Promise<AiReview | null> {
    const loader = loaderOf(ctx, 'case.aiReview', () => new DataLoader<string, AiReviewView | null>((ids) => loadLatestAiReviews(ctx.svc, actorOf(ctx), [...ids])));
    const review = await loader.load(c.caseId);
    return review ? aiReviewOf(review) : null;
  }

  @Mutation(() => AiReview, {
    description: 'Runs the AI case review of a case now (triggeredBy the analyst): stores it and records ai_review.completed. SERVICE_UNAVAILABLE when the reviewer gives no usable answer (nothing stored).',
  })
  async runAiReview(@Ctx() ctx: GraphqlContext, @Arg('caseId', () => ID) caseId: string): Promise<AiReview> {
    return aiReviewOf(await runAiReview(ctx.svc, actorOf(ctx), { caseId }));
  }
}
