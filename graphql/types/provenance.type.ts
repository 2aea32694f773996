import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import type { DecisionReplayView, PolicyAnswerView, WhatIfView } from '../../src/decisions/index';
import type { RoutingOutcome } from '../../src/policy/index';
import { RoutingOutcomeEnum } from './risk-policy.type';

@ObjectType({ simpleResolvers: true, description: 'A decision policy\'s answer on a set of facts.' })
export class PolicyAnswer {
  @Field(() => RoutingOutcomeEnum) outcome!: RoutingOutcome;
  @Field(() => Int, { nullable: true, description: 'Zero-based index of the rule that matched; null for the default branch or the age gate.' })
  matchedRuleIndex!: number | null;
  @Field(() => String, { nullable: true }) matchedRuleName!: string | null;
  @Field(() => String, { nullable: true, description: 'age_gate when the age gate decided before the rules.' }) gate!: string | null;
}

@ObjectType({ simpleResolvers: true, description: 'A recorded decision\'s policy version re-evaluated on its recorded facts (replayDecision); records nothing.' })
export class DecisionReplay {
  @Field(() => ID) caseId!: string;
  @Field(() => Int) decisionId!: number;
  @Field({ description: 'approved or declined, as recorded.' }) decisionOutcome!: string;
  @Field() decidedBy!: string;
  @Field(() => Int) policyVersion!: number;
  @Field() policyName!: string;
  @Field(() => PolicyAnswer, { description: 'What the version answered when the decision was recorded.' }) recorded!: PolicyAnswer;
  @Field(() => PolicyAnswer, { description: 'What the same version answers now on the same recorded facts.' }) replayed!: PolicyAnswer;
  @Field({ description: 'The replay reaches the recorded routing outcome.' }) sameOutcome!: boolean;
}

@ObjectType({ simpleResolvers: true, description: 'The latest decision of a case, as whatIfDecision compares it.' })
export class WhatIfLatestDecision {
  @Field(() => Int) decisionId!: number;
  @Field() outcome!: string;
  @Field(() => Int, { nullable: true }) policyVersion!: number | null;
  @Field(() => String, { nullable: true, description: 'The routing outcome its provenance recorded.' }) recordedOutcome!: string | null;
}

@ObjectType({ simpleResolvers: true, description: 'Today\'s decision policy on today\'s facts of a case (whatIfDecision); records nothing.' })
export class WhatIfDecision {
  @Field(() => ID) caseId!: string;
  @Field(() => Int) policyVersion!: number;
  @Field() policyName!: string;
  @Field(() => PolicyAnswer) answer!: PolicyAnswer;
  @Field(() => GraphQLJSONObject, { description: 'The facts the rules saw today.' }) facts!: Record<string, unknown>;
  @Field(() => WhatIfLatestDecision, { nullable: true }) latestDecision!: WhatIfLatestDecision | null;
  @Field(() => Boolean, { nullable: true, description: 'Today\'s answer equals the latest decision\'s recorded routing outcome; null without one.' })
  sameAsLatestDecision!: boolean | null;
}

const answerOf = (a: PolicyAnswerView): PolicyAnswer => ({ ...a });
export const decisionReplayOf = (v: DecisionReplayView): DecisionReplay => ({ ...v, recorded: answerOf(v.recorded), replayed: answerOf(v.replayed) });
export const whatIfOf = (v: WhatIfView): WhatIfDecision => ({
  ...v, answer: answerOf(v.answer), facts: { ...v.facts }, latestDecision: v.latestDecision ? { ...v.latestDecision } : null,
});
