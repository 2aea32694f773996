import { forTenant } from '../db/index';
import { auditName, authorize, type Actor } from '../access/index';
import { inTransaction } from '../db/transaction';
import { DomainError, type ValidationDetail } from '../errors';
import { recordEvent } from '../events/record-event';
import type { Services } from '../services';
import { requireText, throwIfAny } from '../validation';
import { MAX_REVIEW_NOTE } from './disposition-review';
import { reviewDetail } from './get-review';
import { lockReview } from './lock-review';
import { assertReviewTransition, sharedReviewFields } from './review-fields';
import type { MonitoringReviewDetail } from './review-views';
import { addHistory, findUnclosedReviewOfFact, saveReview, type MonitoringReview } from './reviews.repository';

/**
 * The MLRO (mlro or above) reopens a closed review: state `reopened`, the verdict and sign-off
 * cleared (a fresh verdict and a fresh second person are needed), monitoring.review.reopened with
 * reopenedBy and previousDisposition; the reason goes to the review's history. What the cleared
 * verdict fed the risk engine stands until the fresh verdict replaces it. Refused (conflict) while a
 * newer review of the same fact is unclosed: a fact has one unclosed review at a time.
 */
export async function reopenMonitoringReview(svc: Services, actor: Actor, input: { id: string; reason: string }): Promise<MonitoringReviewDetail> {
  authorize(actor, 'monitoring_reviews:reopen');
  const details: ValidationDetail[] = [];
  const reason = requireText(details, 'reason', input.reason, MAX_REVIEW_NOTE);
  throwIfAny(details);
  const orgId = actor.orgId;
  const by = auditName(actor);
  return inTransaction(svc, async (tx) => {
    const db = forTenant(tx.manager, actor);
    const { review } = await lockReview(tx, actor, input.id);
    assertReviewTransition(review, 'reopen');
    const newer = await findUnclosedReviewOfFact(db, review.casePk, review.factKey);
    if (newer) {
      throw new DomainError('conflict', `Review ${newer.reviewRef} of the same fact is still open; work on that one instead of reopening ${review.reviewRef}.`, {
        reviewRef: newer.reviewRef,
      });
    }
    const now = svc.clock.now();
    const previousDisposition = review.disposition;
    const r: MonitoringReview = {
      ...review, state: 'reopened', disposition: null, dispositionBy: null, dispositionNote: null, dispositionedAt: null, approvedBy: null, approvedAt: null,
      bandBefore: null, bandAfter: null, closedAt: null,
    };
    await saveReview(db, r, now);
    await addHistory(db, r.id, { action: 'reopened', actor: by, note: reason, details: { previousDisposition }, at: now });
    await recordEvent(tx, {
      orgId, type: 'monitoring.review.reopened', case: { pk: r.casePk }, fields: { ...sharedReviewFields(r), reopenedBy: by, previousDisposition },
    });
    return (await reviewDetail(db, r.reviewCaseId))!;
  });
}
