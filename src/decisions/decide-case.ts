import { forTenant } from '../db/index';
import { auditName, authorize, type Actor } from '../access/index';
import { recordAudit } from '../audit/record-audit';
import { inTransaction } from '../db/transaction';
import { DomainError, type ValidationDetail } from '../errors';
import type { Services } from '../services';
import { fourEyesOn } from '../tenants/index';
import { assertTransition } from '../cases/index';
import { findConsoleCaseRow, lockConsoleCase } from '../cases/index';
import { consoleCaseView, type ConsoleCaseView } from '../cases/index';
import { closePendingOverride, findPendingOverride, insertPendingOverride } from './decision-overrides.repository';
import { DECISION_OUTCOMES, type DecisionOutcome } from '../cases/index';
import { auditedBlockers, decisionBlockersOf, type DecisionBlocker } from './list-decision-blockers';
import { recordDecision } from './record-decision';

/** Longest decision note. */
export const MAX_NOTES = 5000;
/** Longest override reason. */
export const MAX_OVERRIDE_REASON = 2000;

/** The refusal of an approval over open blockers without a reason: the message lists them, `blockers` carries them. */
export function decisionBlocked(caseId: string, blockers: DecisionBlocker[]): DomainError {
  return new DomainError(
    'decision_blocked',
    `Case ${caseId} has open checks; approving it anyway needs an override reason: ${blockers.map((b) => b.message).join(' ')}`,
    { blockers },
  );
}

/**
 * An analyst approves or declines a case that is in_review or returned (decisions.md). In one
 * transaction, with the case row locked, recordDecision (shared with the decision policy's automatic
 * decisions): the decisions row, case.decision.made (analystEmail the actor), case.status.changed, the
 * stage decision_made and, with full-parity egress, case.data_package.delivered.
 *
 * An approval while the case has open decision blockers (decisionBlockersOf) is refused
 * (decision_blocked) unless it carries an override reason. With a reason, the decision row keeps the
 * reason and the blockers, and the audit log says so (`case.decision_override`); while the tenant's
 * four-eyes is on, the approval does not take effect: it waits as the case's pending override
 * (`case.decision_override.requested`) for another member (approveDecisionOverride), and no event is
 * recorded yet. A case has one pending override at a time; declining the case supersedes it. Declines
 * are never blocked.
 */
export async function decideCase(
  svc: Services, actor: Actor, input: { caseId: string; outcome: DecisionOutcome; notes: string; overrideReason?: string | null },
): Promise<ConsoleCaseView> {
  authorize(actor, 'cases:work');
  const details: ValidationDetail[] = [];
  if (!DECISION_OUTCOMES.includes(input.outcome)) details.push({ path: 'outcome', message: `must be one of ${DECISION_OUTCOMES.join(', ')}` });
  if (typeof input.notes !== 'string' || input.notes.length > MAX_NOTES) details.push({ path: 'notes', message: `must be a string of at most ${MAX_NOTES} characters` });
  const overrideReason = input.overrideReason ?? null;
  if (overrideReason !== null && (typeof overrideReason !== 'string' || overrideReason.length > MAX_OVERRIDE_REASON)) {
    details.push({ path: 'overrideReason', message: `must be a string of at most ${MAX_OVERRIDE_REASON} characters` });
  }
  if (details.length) throw DomainError.validation(details);
  const reason = overrideReason?.trim() ?? '';
  const orgId = actor.orgId;
  const by = auditName(actor);
  return inTransaction(svc, async (tx) => {
    const db = forTenant(tx.manager, actor);
    const c = await lockConsoleCase(db, input.caseId);
    assertTransition(c.caseId, c.status, input.outcome, 'decided');
    const view = async () => consoleCaseView((await findConsoleCaseRow(db, c.caseId))!, svc.config.appUrl);
    const pending = await findPendingOverride(db, c.pk, true);
    const decision = { orgId, case: { pk: c.pk, status: c.status, companyName: c.companyName }, outcome: input.outcome, notes: input.notes, decidedBy: by };
    if (input.outcome !== 'approved') {
      if (pending) await closePendingOverride(db, c.pk, { state: 'superseded', by, at: svc.clock.now() });
      await recordDecision(tx, decision);
      return view();
    }
    if (pending) {
      throw new DomainError(
        'conflict',
        `Case ${c.caseId} already has an approval over open checks by ${pending.requestedBy} waiting for a second member; approve or reject it first.`,
      );
    }
    const blockers = await decisionBlockersOf(db, c.pk);
    if (!blockers.length) {
      await recordDecision(tx, decision);
      return view();
    }
    if (!reason) throw decisionBlocked(c.caseId, blockers);
    const now = svc.clock.now();
    if (await fourEyesOn(db)) {
      await insertPendingOverride(db, c.pk, { outcome: input.outcome, notes: input.notes, reason, blockers, requestedBy: by, at: now });
      await recordAudit(tx, { orgId, actor: by, action: 'case.decision_override.requested', details: { caseId: c.caseId, outcome: input.outcome, reason, blockers: auditedBlockers(blockers) }, at: now });
      return view();
    }
    const { decisionId } = await recordDecision(tx, { ...decision, override: { reason, blockers, approvedBy: null } });
    await recordAudit(tx, { orgId, actor: by, action: 'case.decision_override', details: { caseId: c.caseId, outcome: input.outcome, reason, blockers: auditedBlockers(blockers), decisionId }, at: now });
    return view();
  });
}
