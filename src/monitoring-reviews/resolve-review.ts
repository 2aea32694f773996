import { forTenant } from '../db/index';
import { auditName, authorize, type Actor } from '../access/index';
import { inTransaction } from '../db/transaction';
import type { ValidationDetail } from '../errors';
import type { Services } from '../services';
import { requireText, throwIfAny } from '../validation';
import { closeReview } from './close-review';
import { MAX_REVIEW_NOTE, selfSignOff } from './disposition-review';
import { reviewDetail } from './get-review';
import { lockReview } from './lock-review';
import { assertReviewTransition, riskInputOf } from './review-fields';
import type { MonitoringReviewDetail } from './review-views';
import { addHistory, type MonitoringReview } from './reviews.repository';
import { fourEyesOn } from '../tenants/index';

const RESOLUTIONS = ['true_match', 'false_positive'] as const;

/**
 * The MLRO (mlro or above) resolves a review handed to them (with_mlro) with the final verdict,
 * true_match or false_positive, and closes it: monitoring.review.closed with disposition and
 * dispositionBy the MLRO's, approvedBy the MLRO; then risk.assessed when the resolution changes the
 * risk inputs, and the band re-check of closeReview. With four-eyes on, the member who gave the
 * analyst verdict cannot resolve it.
 */
export async function resolveMonitoringReview(
  svc: Services, actor: Actor, input: { id: string; disposition: string; note: string },
): Promise<MonitoringReviewDetail> {
  authorize(actor, 'monitoring_reviews:resolve');
  const details: ValidationDetail[] = [];
  if (!(RESOLUTIONS as readonly string[]).includes(input.disposition)) {
    details.push({ path: 'disposition', message: `must be one of ${RESOLUTIONS.join(', ')}: the MLRO's resolution is final` });
  }
  const note = requireText(details, 'note', input.note, MAX_REVIEW_NOTE);
  throwIfAny(details);
  const disposition = input.disposition as (typeof RESOLUTIONS)[number];
  const orgId = actor.orgId;
  const by = auditName(actor);
  return inTransaction(svc, async (tx) => {
    const db = forTenant(tx.manager, actor);
    const { review, monitored } = await lockReview(tx, actor, input.id);
    assertReviewTransition(review, 'resolve');
    if (review.dispositionBy === by && (await fourEyesOn(db))) throw selfSignOff(review, by, 'resolve');
    const now = svc.clock.now();
    const riskInput = disposition === 'true_match' ? riskInputOf(review.alertType) : null;
    const r: MonitoringReview = {
      ...review, disposition, dispositionBy: by, dispositionNote: note, dispositionedAt: now, riskInput, bandBefore: monitored.riskBand, bandAfter: monitored.riskBand,
    };
    await addHistory(db, r.id, { action: 'resolved', actor: by, note, details: { disposition }, at: now });
    await closeReview(tx, orgId, r, { approvedBy: by, riskChanged: riskInput !== review.riskInput });
    return (await reviewDetail(db, r.reviewCaseId))!;
  });
}
