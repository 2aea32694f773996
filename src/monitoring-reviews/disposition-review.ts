import { forTenant } from '../db/index';
import { auditName, authorize, type Actor } from '../access/index';
import { inTransaction } from '../db/transaction';
import { DomainError, type ValidationDetail } from '../errors';
import { recordEvent } from '../events/record-event';
import { assessRiskInTx, previewCaseBand } from '../risk/index';
import type { Services } from '../services';
import { requireText, throwIfAny } from '../validation';
import { closeReview } from './close-review';
import { reviewDetail } from './get-review';
import { handOffNote, handOffToMlro, type EscalationReason } from './hand-off';
import { lockReview } from './lock-review';
import { assertReviewTransition, bandRaised, riskInputOf, sharedReviewFields } from './review-fields';
import type { MonitoringReviewDetail } from './review-views';
import { addHistory, DISPOSITIONS, earlierFalsePositive, saveReview, type ReviewDisposition, type MonitoringReview } from './reviews.repository';
import { fourEyesOn } from '../tenants/index';

/** Longest verdict, resolution or reopening note. */
export const MAX_REVIEW_NOTE = 5000;

/**
 * An analyst's verdict on an open (or reopened) review, in one transaction: monitoring.review.dispositioned
 * first, then its consequences, each delivered after it:
 * - risk.assessed when the verdict changes the risk inputs (a true_match on a sanctions or PEP fact
 *   confirms it for the risk engine; a later other verdict withdraws it);
 * - a hand-off to the MLRO (state with_mlro: monitoring.review.escalated + escalation.created) for
 *   `escalate` (analyst_escalate) or a confirmed match that raised the band (band_increase);
 * - otherwise state pending_approval; with four-eyes off the verdict closes the review itself
 *   (monitoring.review.closed, approvedBy the analyst).
 */
export async function dispositionMonitoringReview(
  svc: Services, actor: Actor, input: { id: string; disposition: string; note: string },
): Promise<MonitoringReviewDetail> {
  authorize(actor, 'monitoring_reviews:disposition');
  const details: ValidationDetail[] = [];
  if (!(DISPOSITIONS as readonly string[]).includes(input.disposition)) details.push({ path: 'disposition', message: `must be one of ${DISPOSITIONS.join(', ')}` });
  const note = requireText(details, 'note', input.note, MAX_REVIEW_NOTE);
  throwIfAny(details);
  const disposition = input.disposition as ReviewDisposition;
  const orgId = actor.orgId;
  const by = auditName(actor);
  return inTransaction(svc, async (tx) => {
    const db = forTenant(tx.manager, actor);
    const { review, monitored } = await lockReview(tx, actor, input.id);
    assertReviewTransition(review, 'disposition');
    const now = svc.clock.now();
    const riskInput = disposition === 'true_match' ? riskInputOf(review.alertType) : null;
    const riskChanged = riskInput !== review.riskInput;
    const bandBefore = monitored.riskBand;
    const r: MonitoringReview = {
      ...review, disposition, dispositionBy: by, dispositionNote: note, dispositionedAt: now, approvedBy: null, approvedAt: null, riskInput,
      bandBefore, bandAfter: bandBefore,
    };
    // The verdict is stored before the preview, so that the preview scores with it.
    await saveReview(db, r, now);
    if (riskChanged) r.bandAfter = await previewCaseBand(db, review.casePk, now);
    const handOff: EscalationReason | null = disposition === 'escalate'
      ? 'analyst_escalate'
      : disposition === 'true_match' && riskChanged && bandRaised(bandBefore, r.bandAfter) ? 'band_increase' : null;
    r.state = handOff ? 'with_mlro' : 'pending_approval';
    await saveReview(db, r, now);
    const isReversal = disposition === 'true_match' && (await earlierFalsePositive(db, r));
    await addHistory(db, r.id, { action: 'dispositioned', actor: by, note, details: { disposition, state: r.state, isReversal }, at: now });
    const verdict = await recordEvent(tx, {
      orgId, type: 'monitoring.review.dispositioned', case: { pk: r.casePk },
      fields: { ...sharedReviewFields(r), disposition, dispositionBy: by, isReversal, state: r.state },
    });
    if (riskChanged) await assessRiskInTx(tx, orgId, r.casePk, by, { orderedAfter: verdict.eventId });
    if (handOff) {
      await handOffToMlro(tx, orgId, r, {
        reason: handOff, bandBefore, bandAfter: r.bandAfter, raisedBy: by,
        note: handOff === 'analyst_escalate' ? note : handOffNote(r, handOff, bandBefore, r.bandAfter, note), orderedAfter: verdict.eventId,
      });
    } else if (!(await fourEyesOn(db))) {
      await closeReview(tx, orgId, r, { approvedBy: by, riskChanged: false, orderedAfter: verdict.eventId });
    }
    return (await reviewDetail(db, r.reviewCaseId))!;
  });
}

/** The refusal of a member signing off their own verdict while four-eyes is on. */
export function selfSignOff(r: MonitoringReview, by: string, what: 'approve' | 'resolve'): DomainError {
  return new DomainError(
    'forbidden',
    `Four-eyes approval is on: ${by} gave the verdict on review ${r.reviewRef} and cannot ${what} it; another member must.`,
    { reviewRef: r.reviewRef },
  );
}
