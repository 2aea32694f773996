import { forTenant } from '../db/index';
import { authorize, type Actor } from '../access/index';
import { markCaseRouted, setReviewLevel, type CaseStatus } from '../cases/index';
import { POLICY_ENGINE, recordDecision } from './record-decision';
import { inTransaction } from '../db/transaction';
import { DomainError } from '../errors';
import { recordEvent } from '../events/record-event';
import type { StepGuard } from '../step-guard';
import type { Services } from '../services';
import { loadPolicyFacts } from '../policy/index';
import type { RoutingOutcome } from '../policy/index';
import { evaluatePolicy, type PolicyEvaluation } from '../policy/index';
import { activeDecisionPolicy, insertRoutingEvaluation, lockRoutedCase, type DecisionPolicy } from '../policy/index';
import type { PolicyFacts } from '../policy/index';

export interface RouteResult {
  outcome: RoutingOutcome;
  /** Whether this run decided the case (an AUTO_APPROVE or DECLINE on a case in_review). */
  decided: boolean;
}

/** The notes of an automatic decision: which policy version and rule, or the age gate. */
function autoNotes(policy: DecisionPolicy, evaluation: PolicyEvaluation, facts: PolicyFacts): string {
  if (evaluation.gate === 'age_gate') {
    return `Declined automatically by the age gate: the applicant is ${facts.customerAge}, under the minimum age of ${policy.definition.minimumAge}.`;
  }
  const verb = evaluation.outcome === 'AUTO_APPROVE' ? 'Approved' : 'Declined';
  const branch = evaluation.matchedRuleIndex === null
    ? 'its default outcome'
    : `rule ${evaluation.matchedRuleIndex} "${policy.definition.rules[evaluation.matchedRuleIndex]!.name}"`;
  return `${verb} automatically by the decision policy "${policy.definition.name}" (version ${policy.version}), ${branch}.`;
}

/**
 * The pipeline's routing step: evaluates the tenant's active decision policy (the default, stored as
 * version 1, on first use) against the case as it stands, in ONE transaction with the case row locked:
 * stores the evaluation and records routing.evaluated (every run); then, on a case in_review, an
 * AUTO_APPROVE or DECLINE (or the age gate) is recorded as an automatic decision through recordDecision
 * (decisions row auto with reason policy_engine or age_gate, case.decision.made with `auto: true`,
 * case.status.changed by policy_engine, stage decision_made, the full-parity data package); a
 * REVIEW_LEVEL_1/2 leaves the case in_review for an analyst with cases.review_level set. A case in any
 * other status is evaluated and recorded but never decided. With a guard that says the step is done,
 * nothing is written and the answer is null. Without a guard a second run records a second
 * routing.evaluated but cannot decide twice (the case is no longer in_review).
 */
export async function routeCase(svc: Services, actor: Actor, ref: { orgId: string; casePk: number }, guard?: StepGuard): Promise<RouteResult | null> {
  authorize(actor, 'policy:route');
  if (actor.orgId !== ref.orgId) throw DomainError.notFound('Case');
  const { orgId, casePk } = ref;
  return inTransaction(svc, async (tx) => {
    const db = forTenant(tx.manager, orgId);
    if (guard && !(await guard.claim(tx))) return null;
    const c = await lockRoutedCase(db, casePk);
    if (!c) throw DomainError.notFound('Case');
    const now = svc.clock.now();
    const policy = await activeDecisionPolicy(db, now);
    const facts = (await loadPolicyFacts(db, casePk, policy.definition, now))!;
    const evaluation = await evaluatePolicy(policy.definition, facts);
    const decisive = evaluation.outcome === 'AUTO_APPROVE' || evaluation.outcome === 'DECLINE';
    const decided = decisive && c.status === 'in_review';
    await insertRoutingEvaluation(db, casePk, {
      policyId: policy.id, policyName: policy.definition.name, policyVersion: policy.version, matchedRuleIndex: evaluation.matchedRuleIndex,
      gate: evaluation.gate, outcome: evaluation.outcome, decided, facts, evaluatedAt: now,
    });
    await recordEvent(tx, {
      orgId,
      type: 'routing.evaluated',
      case: { pk: casePk },
      fields: {
        policyId: policy.id, policyName: policy.definition.name, matchedRuleIndex: evaluation.matchedRuleIndex, outcome: evaluation.outcome,
        evaluatedAt: now.toISOString(),
      },
    });
    await setReviewLevel(db, casePk, decisive ? null : evaluation.outcome, now);
    await markCaseRouted(db, casePk, now);
    if (decided) {
      await recordDecision(tx, {
        orgId,
        case: { pk: casePk, status: c.status as CaseStatus, companyName: c.companyName },
        outcome: evaluation.outcome === 'AUTO_APPROVE' ? 'approved' : 'declined',
        notes: autoNotes(policy, evaluation, facts),
        decidedBy: POLICY_ENGINE,
        auto: { reason: evaluation.gate === 'age_gate' ? 'age_gate' : 'policy_engine' },
        evaluated: { policy, evaluation, facts },
      });
    }
    await guard?.done(tx);
    return { outcome: evaluation.outcome, decided };
  });
}
