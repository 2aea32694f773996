import { forTenant } from '../db/index';
import { auditName, authorize, type Actor } from '../access/index';
import { inTransaction } from '../db/transaction';
import type { Services } from '../services';
import { closeReview } from './close-review';
import { selfSignOff } from './disposition-review';
import { reviewDetail } from './get-review';
import { lockReview } from './lock-review';
import { assertReviewTransition } from './review-fields';
import type { MonitoringReviewDetail } from './review-views';
import { addHistory } from './reviews.repository';
import { fourEyesOn } from '../tenants/index';

/**
 * A second member approves the verdict of a review pending approval and closes it
 * (monitoring.review.closed with approvedBy, approvedAt and the bands; see closeReview). While the
 * tenant's four-eyes is on, the member who gave the verdict is refused (forbidden).
 */
export async function approveMonitoringReview(svc: Services, actor: Actor, input: { id: string }): Promise<MonitoringReviewDetail> {
  authorize(actor, 'monitoring_reviews:approve');
  const orgId = actor.orgId;
  const by = auditName(actor);
  return inTransaction(svc, async (tx) => {
    const db = forTenant(tx.manager, actor);
    const { review } = await lockReview(tx, actor, input.id);
    assertReviewTransition(review, 'approve');
    if (review.dispositionBy === by && (await fourEyesOn(db))) throw selfSignOff(review, by, 'approve');
    await addHistory(db, review.id, { action: 'approved', actor: by, at: svc.clock.now() });
    await closeReview(tx, orgId, review, { approvedBy: by, riskChanged: false });
    return (await reviewDetail(db, review.reviewCaseId))!;
  });
}
