import { forTenant } from '../db/index';
import type { Tx } from '../db/transaction';
import { recordEvent } from '../events/record-event';
import { sharedReviewFields } from './review-fields';
import { addHistory, defaultMlroEmail, insertHandOff, type MonitoringReview } from './reviews.repository';

export type EscalationReason = 'analyst_escalate' | 'band_increase' | 'model_drift';

/**
 * Hands a review to the MLRO: a hand-off row, monitoring.review.escalated (assignedTo the tenant's
 * default MLRO while they are a current member with the mlro role or above, else null: the senior
 * queue) and its companion escalation.created on the same case, both delivered after `orderedAfter`.
 * The case's status does not change: a monitored case stays approved (decisions.md moves an approved
 * case only by an explicit reopen); the MLRO works the review, not the case.
 */
export async function handOffToMlro(
  tx: Tx, orgId: string, r: MonitoringReview,
  h: { reason: EscalationReason; bandBefore: string | null; bandAfter: string | null; raisedBy: string; note: string; orderedAfter: string },
): Promise<void> {
  const db = forTenant(tx.manager, orgId);
  const now = tx.services.clock.now();
  const assignedTo = await defaultMlroEmail(db);
  const escalationId = await insertHandOff(db, r.id, {
    reason: h.reason, assignedTo, bandBefore: h.bandBefore, bandAfter: h.bandAfter, raisedBy: h.raisedBy, at: now,
  });
  await addHistory(db, r.id, {
    action: 'escalated', actor: h.raisedBy, note: h.note,
    details: { escalationReason: h.reason, escalationId, assignedTo, bandBefore: h.bandBefore, bandAfter: h.bandAfter }, at: now,
  });
  await recordEvent(tx, {
    orgId, type: 'monitoring.review.escalated', case: { pk: r.casePk }, orderedAfter: h.orderedAfter,
    fields: {
      ...sharedReviewFields(r), escalationReason: h.reason, escalationId, assignedTo, bandBefore: h.bandBefore, bandAfter: h.bandAfter,
    },
  });
  await recordEvent(tx, {
    orgId, type: 'escalation.created', case: { pk: r.casePk }, orderedAfter: h.orderedAfter,
    fields: { companyName: r.companyName, note: h.note, raisedBy: h.raisedBy },
  });
}

/** The note of an automatic hand-off (band_increase, model_drift): the review and the bands, never a name. */
export function handOffNote(r: MonitoringReview, reason: EscalationReason, before: string | null, after: string | null, analystNote: string | null): string {
  const what = reason === 'band_increase'
    ? `a confirmed ${r.alertType} on ${r.subjectRef ?? 'the customer'} raised the risk band from ${before ?? 'none'} to ${after ?? 'none'}`
    : `closing its last open review (all false positives) re-scored the customer on the current risk model and the band moved from ${before ?? 'none'} to ${after ?? 'none'}`;
  return `Monitoring review ${r.reviewRef}: ${what}.${analystNote ? ` Analyst note: ${analystNote}` : ''}`;
}
