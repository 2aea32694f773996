import { type TenantDb, forTenant } from '../db/index';
import { authorize, type Actor } from '../access/index';
import type { Services } from '../services';
import { reviewView, type MonitoringReviewDetail } from './review-views';
import { findReview, listAttachedAlerts, listHistory } from './reviews.repository';

/** One review of the tenant (by reviewCaseId or reviewRef) with its alerts and history, or null. */
export async function getMonitoringReview(svc: Services, actor: Actor, input: { id: string }): Promise<MonitoringReviewDetail | null> {
  authorize(actor, 'monitoring_reviews:read');
  if (typeof input.id !== 'string' || input.id.length === 0 || input.id.length > 64) return null;
  return reviewDetail(forTenant(svc.db, actor), input.id);
}

/** The detail of a review as it stands (inside a transaction: as that transaction sees it). */
export async function reviewDetail(db: TenantDb, id: string): Promise<MonitoringReviewDetail | null> {
  const r = await findReview(db, id);
  if (!r) return null;
  return { ...reviewView(r), alerts: await listAttachedAlerts(db, r.id), history: await listHistory(db, r.id) };
}
