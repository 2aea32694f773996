import { forTenant } from '../db/index';
import { authorize, type Actor } from '../access/index';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { loadPolicyFacts } from './case-policy-facts';
import type { DecisionPolicyDefinition, RoutingOutcome } from './decision-policy';
import { evaluatePolicy } from './evaluate-policy';
import { activeDecisionPolicy, findCasePk } from './policy.repository';
import type { PolicyFacts } from './policy-facts';
import { validatePolicy } from './validate-policy';

export interface PolicyDryRunView {
  /** The active policy's id, or null when a draft was evaluated. */
  policyId: number | null;
  policyName: string;
  facts: PolicyFacts;
  matchedRuleIndex: number | null;
  gate: string | null;
  outcome: RoutingOutcome;
}

/**
 * Evaluates the active policy, or a draft, against an existing case and records nothing (no row, no
 * event, no decision). `draft` is a list of rules (the active policy's other settings kept) or a
 * policy object whose given fields replace the active policy's; either is validated as
 * updateDecisionPolicy would (validation_failed with paths).
 */
export async function dryRunPolicy(svc: Services, actor: Actor, input: { caseId: string; rules?: unknown }): Promise<PolicyDryRunView> {
  authorize(actor, 'policy:read');
  const db = forTenant(svc.db, actor);
  const now = svc.clock.now();
  const casePk = await findCasePk(db, input.caseId);
  if (casePk === null) throw DomainError.notFound('Case');
  const active = await activeDecisionPolicy(db, now);
  let policy: DecisionPolicyDefinition = active.definition;
  let policyId: number | null = active.id;
  if (input.rules !== undefined && input.rules !== null) {
    const draft = Array.isArray(input.rules) ? { rules: input.rules } : input.rules;
    if (typeof draft !== 'object') throw DomainError.validation([{ path: 'rules', message: 'must be a list of rules or a policy object' }]);
    policy = validatePolicy({ ...active.definition, ...draft }, active.definition.eddItems);
    policyId = null;
  }
  const facts = (await loadPolicyFacts(db, casePk, policy, now))!;
  const evaluation = await evaluatePolicy(policy, facts);
  return { policyId, policyName: policy.name, facts, ...evaluation };
}
