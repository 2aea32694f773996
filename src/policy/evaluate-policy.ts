import { Engine } from 'json-rules-engine';
import type { DecisionPolicyDefinition, RoutingOutcome } from './decision-policy';
import type { PolicyFacts } from './policy-facts';

export interface PolicyEvaluation {
  outcome: RoutingOutcome;
  /** Zero-based index of the first rule that matched; null for the default branch and for the age gate. */
  matchedRuleIndex: number | null;
  /** `age_gate` when the age gate decided before the rules. */
  gate: 'age_gate' | null;
}

/**
 * Evaluates a policy against a case's facts. The age gate first: an individual customer whose age is
 * known and under the policy's minimum is DECLINE. Otherwise json-rules-engine runs every rule and the
 * first in the policy's order that matched wins; none matched is the default branch.
 */
export async function evaluatePolicy(policy: DecisionPolicyDefinition, facts: PolicyFacts): Promise<PolicyEvaluation> {
  if (facts.isIndividual && facts.customerAge !== null && facts.customerAge < policy.minimumAge) {
    return { outcome: 'DECLINE', matchedRuleIndex: null, gate: 'age_gate' };
  }
  if (policy.rules.length === 0) return { outcome: policy.defaultOutcome, matchedRuleIndex: null, gate: null };
  // Every fact is supplied (null when unknown); an unknown fact name is a policy error, never silently false.
  const engine = new Engine(
    policy.rules.map((r, index) => ({ name: String(index), conditions: r.conditions, event: { type: 'matched', params: { index } } })),
    { allowUndefinedFacts: false },
  );
  const { results } = await engine.run({ ...facts });
  const matched = results.map((r) => Number((r.event?.params as { index: number }).index)).sort((a, b) => a - b)[0];
  if (matched === undefined) return { outcome: policy.defaultOutcome, matchedRuleIndex: null, gate: null };
  return { outcome: policy.rules[matched]!.outcome, matchedRuleIndex: matched, gate: null };
}
