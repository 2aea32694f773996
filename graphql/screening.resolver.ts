import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { dispositionScreeningHit, screenName } from '../src/screening/index';
import { actorOf, type GraphqlContext } from './context';
import { DispositionEnum, ScreeningHit, type Disposition } from './types/case.type';
import { ScreenNameInput, ScreenNameResult } from './types/screening-search.type';

/**
 * Screening work in the console. The disposition is the pull API's use case (POST
 * /v1/cases/{caseId}/screening/disposition) with the signed-in analyst as the actor, so both doors store
 * the same verdict on the same hit, beside its stored triage, and recount the case's screening summary.
 */
@Resolver()
export class ScreeningResolver {
  @Mutation(() => ScreeningHit, {
    description: "Records the analyst's verdict on a screening hit (a later one replaces it); a false_positive no longer counts in the case's screening summary.",
  })
  async dispositionScreeningHit(
    @Ctx() ctx: GraphqlContext, @Arg('caseId', () => ID) caseId: string, @Arg('hitId', () => String) hitId: string,
    @Arg('disposition', () => DispositionEnum) disposition: Disposition, @Arg('note', () => String, { nullable: true }) note: string | null,
  ): Promise<ScreeningHit> {
    return dispositionScreeningHit(ctx.svc, actorOf(ctx), caseId, { hitId, disposition, ...(note !== null && note !== undefined ? { note } : {}) });
  }

  @Query(() => ScreenNameResult, {
    description: 'Screens one name against the watchlist (nothing is recorded): the best candidates with their score, whether each reaches the match threshold, and why it matched. The same use case as POST /v1/screening/match.',
  })
  async screenName(@Ctx() ctx: GraphqlContext, @Arg('input', () => ScreenNameInput) input: ScreenNameInput): Promise<ScreenNameResult> {
    // Absent optional fields stay absent for the use case's validation (GraphQL gives them as null).
    const body = Object.fromEntries(Object.entries({ ...input }).filter(([, v]) => v !== null && v !== undefined));
    return screenName(ctx.svc, actorOf(ctx), body) as Promise<ScreenNameResult>;
  }
}
