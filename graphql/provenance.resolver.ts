import { Arg, Ctx, ID, Int, Query, Resolver } from 'type-graphql';
import { replayDecision, whatIfDecision } from '../src/decisions/index';
import { actorOf, type GraphqlContext } from './context';
import { DecisionReplay, decisionReplayOf, WhatIfDecision, whatIfOf } from './types/provenance.type';

/** Decision provenance: replaying a recorded decision and what-if on today's policy (both record nothing). */
@Resolver()
export class ProvenanceResolver {
  @Query(() => DecisionReplay, {
    description: 'Re-evaluates the decision policy version a decision recorded on the facts it recorded, and says whether it reaches the same outcome. Records nothing.',
  })
  async replayDecision(
    @Ctx() ctx: GraphqlContext, @Arg('caseId', () => ID) caseId: string, @Arg('decisionId', () => Int) decisionId: number,
  ): Promise<DecisionReplay> {
    return decisionReplayOf(await replayDecision(ctx.svc, actorOf(ctx), { caseId, decisionId }));
  }

  @Query(() => WhatIfDecision, { description: 'Today\'s decision policy on the case\'s facts today, beside the latest decision. Records nothing.' })
  async whatIfDecision(@Ctx() ctx: GraphqlContext, @Arg('caseId', () => ID) caseId: string): Promise<WhatIfDecision> {
    return whatIfOf(await whatIfDecision(ctx.svc, actorOf(ctx), { caseId }));
  }
}
