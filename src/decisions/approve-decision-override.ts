import { forTenant } from '../db/index';
import { auditName, authorize, type Actor } from '../access/index';
import { recordAudit } from '../audit/record-audit';
import { inTransaction, type Tx } from '../db/transaction';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { assertTransition } from '../cases/index';
import { findConsoleCaseRow, lockConsoleCase } from '../cases/index';
import { consoleCaseView, type ConsoleCaseView } from '../cases/index';
import { closePendingOverride, findPendingOverride, type DecisionOverride } from './decision-overrides.repository';
import { recordDecision } from './record-decision';
import { auditedBlockers } from './list-decision-blockers';

/**
 * Locks the case and its pending override for a second member's sign-off: not_found without one;
 * forbidden for the member who asked for it (four-eyes: another member must).
 */
export async function lockOverrideForSignOff(tx: Tx, actor: Actor, caseId: string, what: 'approve' | 'reject') {
  const db = forTenant(tx.manager, actor);
  const c = await lockConsoleCase(db, caseId);
  const pending = await findPendingOverride(db, c.pk, true);
  if (!pending) throw DomainError.notFound('Pending decision override');
  const by = auditName(actor);
  if (pending.requestedBy === by) {
    throw new DomainError('forbidden', `Four-eyes approval is on: ${by} asked for the approval of case ${c.caseId} over its open checks and cannot ${what} it; another member must.`);
  }
  return { c, pending, by };
}

/** The audit details of a sign-off on an override. */
export const overrideAuditDetails = (caseId: string, p: DecisionOverride) => ({
  caseId, outcome: p.outcome, reason: p.reason, blockers: auditedBlockers(p.blockers), requestedBy: p.requestedBy,
});

/**
 * A second member approves the pending override of a case (four-eyes): in one transaction, with the
 * case row locked, the approval takes effect as the requester's decision (recordDecision: the decisions
 * row with the override reason, the blockers as they stood when it was asked and approvedBy, then
 * case.decision.made with analystEmail the requester, case.status.changed ...), the override is closed
 * and the audit log records `case.decision_override.approved`. The case must still be decidable.
 */
export async function approveDecisionOverride(svc: Services, actor: Actor, input: { caseId: string }): Promise<ConsoleCaseView> {
  authorize(actor, 'cases:work');
  const orgId = actor.orgId;
  return inTransaction(svc, async (tx) => {
    const db = forTenant(tx.manager, actor);
    const { c, pending, by } = await lockOverrideForSignOff(tx, actor, input.caseId, 'approve');
    assertTransition(c.caseId, c.status, pending.outcome, 'decided');
    const now = svc.clock.now();
    await closePendingOverride(db, c.pk, { state: 'approved', by, at: now });
    const { decisionId } = await recordDecision(tx, {
      orgId, case: { pk: c.pk, status: c.status, companyName: c.companyName }, outcome: pending.outcome, notes: pending.notes, decidedBy: pending.requestedBy,
      override: { reason: pending.reason, blockers: pending.blockers, approvedBy: by },
    });
    await recordAudit(tx, { orgId, actor: by, action: 'case.decision_override.approved', details: { ...overrideAuditDetails(c.caseId, pending), decisionId }, at: now });
    return consoleCaseView((await findConsoleCaseRow(db, c.caseId))!, svc.config.appUrl);
  });
}
