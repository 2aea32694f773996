import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, Float, GraphQLISODateTime, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { ROUTING_OUTCOMES, type DecisionPolicyView, type PolicyDryRunView, type RoutingOutcome, type RoutingView } from '../../src/policy/index';
import type { RiskAssessmentView, RiskModelView } from '../../src/risk/index';
import { RiskBandEnum } from './case.type';

const enumOf = <T extends string>(values: readonly T[]) => Object.fromEntries(values.map((v) => [v, v])) as { [K in T]: K };

export const RoutingOutcomeEnum = enumOf(ROUTING_OUTCOMES);
registerEnumType(RoutingOutcomeEnum, { name: 'RoutingOutcome', description: 'What the decision policy says: decide automatically, or which analyst review level.' });

@ObjectType({ simpleResolvers: true, description: 'The active version of the organisation\'s risk model (each edit is a new version).' })
export class RiskModel {
  @Field(() => Int, { description: 'The version\'s id: risk.assessed\'s configId.' }) configId!: number;
  @Field(() => Int) version!: number;
  @Field({ description: 'Who stored this version (system for the default).' }) createdBy!: string;
  @Field(() => GraphQLISODateTime) createdAt!: string;
  @Field(() => GraphQLJSONObject, {
    description: 'weights (per factor, adding up to 100), countries (ISO2 -> low|medium|high|prohibited), unlistedCountryLevel, industries and entityTypes ([{match, level}]) with their unlisted levels, ownership thresholds, screening hit scores by kind and outcome, internationalLevel, bands {medium, high, prohibited|null}, bandLabels. See docs/risk-and-policy.md.',
  })
  definition!: Record<string, unknown>;
}

@ObjectType({ simpleResolvers: true, description: 'One factor of a risk assessment.' })
export class RiskFactor {
  @Field() factor!: string;
  @Field() label!: string;
  @Field(() => Float, { description: 'The factor\'s weight in the model (0 to 100).' }) weight!: number;
  @Field(() => Float, { description: 'The factor\'s own score, 0 to 100.' }) score!: number;
  @Field(() => Float, { description: 'What it adds to the composite: weight x score / 100.' }) points!: number;
  @Field({ description: 'Why, in words.' }) detail!: string;
}

@ObjectType({ simpleResolvers: true, description: 'The latest risk assessment of a case (risk.assessed plus the factor breakdown).' })
export class RiskAssessment {
  @Field(() => Int) assessmentId!: number;
  @Field(() => Float) compositeScore!: number;
  @Field(() => RiskBandEnum) band!: string;
  @Field() bandLabel!: string;
  @Field(() => [RiskFactor]) factors!: RiskFactor[];
  @Field(() => Int) configId!: number;
  @Field(() => GraphQLISODateTime) assessedAt!: string;
  @Field({ description: 'system, or the analyst who recomputed it.' }) assessedBy!: string;
}

@ObjectType({ simpleResolvers: true, description: 'The latest decision-policy routing of a case (routing.evaluated).' })
export class Routing {
  @Field(() => RoutingOutcomeEnum) outcome!: RoutingOutcome;
  @Field(() => Int) policyId!: number;
  @Field() policyName!: string;
  @Field(() => Int) policyVersion!: number;
  @Field(() => Int, { nullable: true, description: 'Zero-based index of the rule that matched; null for the default branch or the age gate.' })
  matchedRuleIndex!: number | null;
  @Field(() => String, { nullable: true, description: 'age_gate when the age gate declined before the rules.' }) gate!: string | null;
  @Field({ description: 'Whether this routing decided the case automatically.' }) decided!: boolean;
  @Field(() => GraphQLJSONObject, { description: 'The facts the rules saw.' }) facts!: Record<string, unknown>;
  @Field(() => GraphQLISODateTime) evaluatedAt!: string;
}

@ObjectType({ simpleResolvers: true, description: 'The active version of the organisation\'s decision policy.' })
export class DecisionPolicy {
  @Field(() => Int, { description: 'routing.evaluated\'s policyId.' }) policyId!: number;
  @Field() name!: string;
  @Field(() => Int) version!: number;
  @Field(() => [GraphQLJSONObject], { description: 'Ordered rules {name, conditions, outcome}; conditions in json-rules-engine\'s JSON (all/any/not of {fact, operator, value}). The first that matches wins.' })
  rules!: Record<string, unknown>[];
  @Field(() => RoutingOutcomeEnum, { description: 'The default branch (no rule matched).' }) defaultOutcome!: RoutingOutcome;
  @Field(() => Int, { description: 'The age gate: individual customers younger than this are declined (reason age_gate).' }) minimumAge!: number;
  @Field(() => [String], { description: 'Entity types that make a customer an individual (for the age gate).' }) individualEntityTypes!: string[];
  @Field(() => GraphQLJSONObject, { description: 'The EDD items each risk band asks for: {low, medium, high, prohibited}, each a list of {key, label}.' })
  eddItems!: Record<string, unknown>;
  @Field() createdBy!: string;
  @Field(() => GraphQLISODateTime) createdAt!: string;
}

@ObjectType({ simpleResolvers: true, description: 'A decision policy evaluated against a case without recording anything.' })
export class PolicyDryRun {
  @Field(() => Int, { nullable: true, description: 'The active policy\'s id; null when a draft was evaluated.' }) policyId!: number | null;
  @Field() policyName!: string;
  @Field(() => GraphQLJSONObject, { description: 'The facts the rules saw.' }) facts!: Record<string, unknown>;
  @Field(() => Int, { nullable: true }) matchedRuleIndex!: number | null;
  @Field(() => String, { nullable: true, description: 'age_gate when the age gate decided.' }) gate!: string | null;
  @Field(() => RoutingOutcomeEnum) outcome!: RoutingOutcome;
}

@ObjectType({ description: 'Where one open case would be routed by the previewed policy.' })
export class PolicyPreviewCase {
  @Field(() => ID) caseId!: string;
  @Field(() => String, { nullable: true }) companyName!: string | null;
  @Field(() => RoutingOutcomeEnum) outcome!: RoutingOutcome;
  @Field(() => Int, { nullable: true, description: 'The rule that would decide (zero-based); null for the default outcome and the age gate.' }) matchedRuleIndex!: number | null;
  @Field(() => String, { nullable: true, description: 'age_gate when the age gate would decide.' }) gate!: string | null;
}

@ObjectType({ description: 'Which rule of a policy would route each of the newest open cases where; records nothing.' })
export class DecisionPolicyPreview {
  @Field(() => Int, { nullable: true, description: 'The active policy\'s id; null when a draft was evaluated.' }) policyId!: number | null;
  @Field(() => Int, { description: 'Open cases evaluated (the newest 200).' }) casesEvaluated!: number;
  @Field({ description: 'The organisation has more open cases than were evaluated.' }) truncated!: boolean;
  @Field(() => [PolicyPreviewCase]) cases!: PolicyPreviewCase[];
}

@InputType({ description: 'A new version of the risk model.' })
export class RiskModelInput {
  @Field({ description: 'The whole definition as JSON text (the shape of RiskModel.definition); validated field by field.' }) definition!: string;
}

@InputType({ description: 'A new version of the decision policy.' })
export class DecisionPolicyInput {
  @Field({ description: '1 to 200 characters.' }) name!: string;
  @Field({ description: 'The ordered rules as JSON text: [{name, conditions, outcome}].' }) rules!: string;
  @Field(() => RoutingOutcomeEnum) defaultOutcome!: RoutingOutcome;
  @Field(() => Int, { description: '0 to 150.' }) minimumAge!: number;
  @Field(() => [String]) individualEntityTypes!: string[];
  @Field(() => String, { nullable: true, description: 'The EDD items per band as JSON text ({low, medium, high, prohibited}: [{key, label}]); left out: kept as they are.' })
  eddItems?: string | null;
}

export const riskModelOf = (m: RiskModelView): RiskModel => ({ ...m, definition: m.definition as unknown as Record<string, unknown> });
export const riskAssessmentOf = (a: RiskAssessmentView): RiskAssessment => a;
export const routingOf = (r: RoutingView): Routing => ({ ...r, facts: r.facts as unknown as Record<string, unknown> });
export const decisionPolicyOf = (p: DecisionPolicyView): DecisionPolicy => ({
  ...p, rules: p.rules as unknown as Record<string, unknown>[], eddItems: p.eddItems as unknown as Record<string, unknown>,
});
export const policyDryRunOf = (d: PolicyDryRunView): PolicyDryRun => ({ ...d, facts: d.facts as unknown as Record<string, unknown> });
