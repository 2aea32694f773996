import { forTenant } from '../db/index';
import type { Tx } from '../db/transaction';
import { recordEvent } from '../events/record-event';
import { assessRiskInTx, previewCaseBand } from '../risk/index';
import { handOffNote, handOffToMlro } from './hand-off';
import { sharedReviewFields } from './review-fields';
import { addHistory, countOtherUnclosed, currentRiskBand, markBandChecked, saveReview, uncheckedClosedVerdicts, type MonitoringReview } from './reviews.repository';

/**
 * Closes a review whose verdict is set (`r` as it is to be stored), signed off by `approvedBy`:
 * monitoring.review.closed, then its consequences, delivered after `orderedAfter` when the close is
 * itself a consequence of a verdict (four-eyes off), else after the closed event:
 * - `riskChanged` (the closing verdict changes the risk inputs: an MLRO's resolution) re-scores the case;
 * - when this was the case's last unclosed review and every verdict since the last such re-check is a
 *   false positive, the band is re-checked on the current risk model: a new assessment (risk.assessed,
 *   assessedBy system); an unchanged band is `bandReaffirmed`, a moved one a `model_drift` hand-off.
 */
export async function closeReview(
  tx: Tx, orgId: string, r: MonitoringReview,
  c: { approvedBy: string; riskChanged: boolean; orderedAfter?: string },
): Promise<void> {
  const db = forTenant(tx.manager, orgId);
  const now = tx.services.clock.now();
  const closed: MonitoringReview = { ...r, state: 'closed', approvedBy: c.approvedBy, approvedAt: now, closedAt: now };
  await saveReview(db, closed, now);
  // The band as stored now (a verdict earlier in this transaction may have re-scored the case).
  const stored = await currentRiskBand(db, r.casePk);
  const last = (await countOtherUnclosed(db, r.casePk, r.id)) === 0;
  const recheck = last && (await uncheckedClosedVerdicts(db, r.casePk)).every((d) => d === 'false_positive');
  let bandBefore = closed.bandBefore ?? stored;
  let bandAfter = closed.bandAfter ?? stored;
  if (recheck || c.riskChanged) {
    bandBefore = stored;
    bandAfter = await previewCaseBand(db, r.casePk, now);
  }
  // With no band stored before, the re-check is the first assessment: it neither reaffirms nor drifts.
  const reaffirmed = recheck && stored !== null && bandAfter === bandBefore;
  const drifted = recheck && stored !== null && bandAfter !== bandBefore;
  if (recheck || c.riskChanged) await saveReview(db, Object.assign(closed, { bandBefore, bandAfter }), now);
  await addHistory(db, r.id, {
    action: 'closed', actor: c.approvedBy, details: { disposition: closed.disposition, bandBefore, bandAfter, bandReaffirmed: reaffirmed }, at: now,
  });
  const event = await recordEvent(tx, {
    orgId, type: 'monitoring.review.closed', case: { pk: r.casePk }, ...(c.orderedAfter ? { orderedAfter: c.orderedAfter } : {}),
    fields: {
      ...sharedReviewFields(closed), disposition: closed.disposition!, dispositionBy: closed.dispositionBy, approvedBy: c.approvedBy,
      approvedAt: now.toISOString(), bandBefore, bandAfter, bandReaffirmed: reaffirmed,
    },
  });
  const after = c.orderedAfter ?? event.eventId;
  if (recheck || c.riskChanged) await assessRiskInTx(tx, orgId, r.casePk, recheck && !c.riskChanged ? 'system' : c.approvedBy, { orderedAfter: after });
  if (drifted) {
    await handOffToMlro(tx, orgId, closed, {
      reason: 'model_drift', bandBefore, bandAfter, raisedBy: c.approvedBy, note: handOffNote(closed, 'model_drift', bandBefore, bandAfter, null), orderedAfter: after,
    });
  }
  if (last) await markBandChecked(db, r.casePk);
}
