import { forTenant } from '../db/index';
import { authorize, type Actor } from '../access/index';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { findCaseRow, findDecisionOfCase } from '../cases/index';
import { evaluatePolicy, findDecisionPolicyVersion, type DecisionPolicyDefinition, type PolicyEvaluation, type PolicyFacts, type RoutingOutcome } from '../policy/index';

/** A policy's answer on a set of facts: the routing outcome, the rule that matched (zero-based, with its name) or the gate. */
export interface PolicyAnswerView {
  outcome: RoutingOutcome;
  matchedRuleIndex: number | null;
  matchedRuleName: string | null;
  gate: string | null;
}

export const policyAnswer = (policy: DecisionPolicyDefinition, e: PolicyEvaluation): PolicyAnswerView => ({
  outcome: e.outcome, matchedRuleIndex: e.matchedRuleIndex,
  matchedRuleName: e.matchedRuleIndex === null ? null : policy.rules[e.matchedRuleIndex]?.name ?? null, gate: e.gate,
});

export interface DecisionReplayView {
  caseId: string;
  decisionId: number;
  /** The decision as recorded: approved or declined, and who made it. */
  decisionOutcome: string;
  decidedBy: string;
  policyVersion: number;
  policyName: string;
  /** What the recorded policy version answered when the decision was recorded (its provenance). */
  recorded: PolicyAnswerView;
  /** What the same version answers now on the same recorded facts. */
  replayed: PolicyAnswerView;
  /** The replay reaches the recorded routing outcome. */
  sameOutcome: boolean;
}

/**
 * Re-evaluates the policy version a decision recorded, fetched by version, on the facts its provenance
 * recorded, and says whether it reaches the same outcome. Records nothing (no row, no event, no audit).
 * not_found for an unknown case or a decision of another case; conflict when the decision has no provenance
 * (recorded before provenance existed) or its policy version is no longer stored.
 */
export async function replayDecision(svc: Services, actor: Actor, input: { caseId: string; decisionId: number }): Promise<DecisionReplayView> {
  authorize(actor, 'decisions:replay');
  const db = forTenant(svc.db, actor);
  const c = await findCaseRow(db, input.caseId);
  const row = await findDecisionOfCase(db, Number(c.pk), Number(input.decisionId));
  if (!row) throw DomainError.notFound('Decision');
  const provenance = row.provenance ?? null;
  if (!provenance?.policy) {
    throw new DomainError('conflict', `Decision ${Number(row.id)} of case ${c.caseId} was recorded without provenance; it cannot be replayed.`);
  }
  const recorded = provenance.policy;
  const policy = await findDecisionPolicyVersion(db, recorded.version);
  if (!policy) throw new DomainError('conflict', `Decision policy version ${recorded.version} is not stored; decision ${Number(row.id)} cannot be replayed.`);
  const evaluation = await evaluatePolicy(policy.definition, recorded.facts as unknown as PolicyFacts);
  const replayed = policyAnswer(policy.definition, evaluation);
  return {
    caseId: c.caseId,
    decisionId: Number(row.id),
    decisionOutcome: row.outcome,
    decidedBy: row.analystEmail,
    policyVersion: policy.version,
    policyName: policy.definition.name,
    recorded: {
      outcome: recorded.outcome as RoutingOutcome, matchedRuleIndex: recorded.matchedRuleIndex, matchedRuleName: recorded.matchedRuleName, gate: recorded.gate,
    },
    replayed,
    sameOutcome: replayed.outcome === recorded.outcome,
  };
}
