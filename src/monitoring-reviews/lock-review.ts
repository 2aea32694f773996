import { forTenant, type TenantScope } from '../db/index';
import type { Tx } from '../db/transaction';
import { DomainError } from '../errors';
import { findReview, lockMonitoredCase, reviewCasePk, type MonitoringReview } from './reviews.repository';

export interface LockedReview {
  review: MonitoringReview;
  /** The monitored case as it stands (its stored risk band before any change of this transaction). */
  monitored: { caseId: string; companyName: string | null; status: string; riskBand: string | null };
}

/**
 * Locks a review of the tenant for a state change: the case row first (the order every writer of the
 * case uses, recordEvent included), then the review row. A review of another tenant, of a case of the other
 * mode than the caller's (`scope`: an Actor), or none, is not_found.
 */
export async function lockReview(tx: Tx, scope: TenantScope, id: string): Promise<LockedReview> {
  const db = forTenant(tx.manager, scope);
  const notFound = DomainError.notFound('Monitoring review');
  if (typeof id !== 'string' || id.length === 0 || id.length > 64) throw notFound;
  const casePk = await reviewCasePk(db, id);
  if (casePk === null) throw notFound;
  const monitored = await lockMonitoredCase(db, casePk);
  const review = await findReview(db, id, true);
  if (!monitored || !review) throw notFound;
  return { review, monitored };
}
