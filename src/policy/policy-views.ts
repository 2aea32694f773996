import type { DecisionPolicyDefinition, RoutingOutcome } from './decision-policy';
import type { PolicyFacts } from './policy-facts';
import type { DecisionPolicy, Routing } from './policy.repository';

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

export const decisionPolicyView = (p: DecisionPolicy): DecisionPolicyView => ({
  ...p.definition, policyId: p.id, version: p.version, createdBy: p.createdBy, createdAt: p.createdAt.toISOString(),
});

export const routingView = (r: Routing): RoutingView => ({
  outcome: r.outcome,
  policyId: r.policyId,
  policyName: r.policyName,
  policyVersion: r.policyVersion,
  matchedRuleIndex: r.matchedRuleIndex,
  gate: r.gate,
  decided: r.decided,
  facts: r.facts,
  evaluatedAt: r.evaluatedAt.toISOString(),
});
