import { forTenant } from '../db/index';
import { auditName, authorize, can, type Actor } from '../access/index';
import type { Services } from '../services';
import { fourEyesOn } from '../tenants/index';
import { mayStartFrom } from './review-fields';
import type { ReviewState } from './reviews.repository';

/**
 * What the actor may do to one monitoring review now, one flag per console mutation: the permission each
 * use case authorizes, the states it may start from (review-fields.ts) and, with four-eyes on, that the
 * verdict's author does not sign it off. The console shows a control only when its flag is true.
 */
export interface ReviewViewerCan {
  /** dispositionMonitoringReview (monitoring_reviews:disposition; open or reopened). */
  dispositionMonitoringReview: boolean;
  /** approveMonitoringReview (monitoring_reviews:approve; pending_approval; not the verdict's author with four-eyes on). */
  approveMonitoringReview: boolean;
  /** resolveMonitoringReview (monitoring_reviews:resolve; with_mlro; not the verdict's author with four-eyes on). */
  resolveMonitoringReview: boolean;
  /** reopenMonitoringReview (monitoring_reviews:reopen; closed). */
  reopenMonitoringReview: boolean;
}

/** The pure rule: what `actor` may do to a review in this state, given the tenant's four-eyes setting. */
export function reviewViewerCan(actor: Actor, r: { state: ReviewState; dispositionBy: string | null }, fourEyes: boolean): ReviewViewerCan {
  const ownVerdict = fourEyes && r.dispositionBy === auditName(actor);
  return {
    dispositionMonitoringReview: can(actor, 'monitoring_reviews:disposition') && mayStartFrom(r.state, 'disposition'),
    approveMonitoringReview: can(actor, 'monitoring_reviews:approve') && mayStartFrom(r.state, 'approve') && !ownVerdict,
    resolveMonitoringReview: can(actor, 'monitoring_reviews:resolve') && mayStartFrom(r.state, 'resolve') && !ownVerdict,
    reopenMonitoringReview: can(actor, 'monitoring_reviews:reopen') && mayStartFrom(r.state, 'reopen'),
  };
}

/** What the actor may do to the review (monitoring_reviews:read): reads the tenant's four-eyes setting, then reviewViewerCan. */
export async function getReviewViewerCan(svc: Services, actor: Actor, r: { state: ReviewState; dispositionBy: string | null }): Promise<ReviewViewerCan> {
  authorize(actor, 'monitoring_reviews:read');
  return reviewViewerCan(actor, r, await fourEyesOn(forTenant(svc.db, actor)));
}
