import type { DecisionPolicyDefinition, RoutingOutcome } from './decision-policy';
import type { PolicyFacts } from './policy-facts';
import type { DecisionPolicyRow, RoutingRow } from './policy.repository';

/** A version of the tenant's decision policy. */
export interface DecisionPolicyView extends DecisionPolicyDefinition {
  policyId: number;
  version: number;
  createdBy: string;
  createdAt: string;
}

/** The latest routing of a case: what the policy said, by which rule, and whether it decided. */
export interface RoutingView {
  outcome: RoutingOutcome;
  policyId: number;
  policyName: string;
  policyVersion: number;
  matchedRuleIndex: number | null;
  gate: string | null;
  decided: boolean;
  facts: PolicyFacts;
  evaluatedAt: string;
}

const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

export const decisionPolicyView = (p: DecisionPolicyRow): DecisionPolicyView => ({
  ...p.definition, policyId: p.id, version: p.version, createdBy: p.createdBy, createdAt: p.createdAt.toISOString(),
});

export const routingView = (r: RoutingRow): RoutingView => ({
  outcome: r.outcome,
  policyId: Number(r.policy_id),
  policyName: r.policy_name,
  policyVersion: Number(r.policy_version),
  matchedRuleIndex: r.matched_rule_index === null ? null : Number(r.matched_rule_index),
  gate: r.gate,
  decided: Number(r.decided) === 1,
  facts: json(r.facts),
  evaluatedAt: r.evaluated_at.toISOString(),
});
