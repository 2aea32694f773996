import { inTransaction } from '../db/transaction';
import type { Services } from '../services';
import { enqueueDeliveries } from './enqueue-deliveries';
import { attemptLeaseMs } from './retry-schedule';
import { lostReleases, takeStuckDeliveries } from './webhook-deliveries.repository';

const BATCH = 500;
// A predecessor's own worker normally hands its dependents off right after recording its attempt.
const RELEASE_GRACE_MS = 1000;

/**
 * Re-hands-off pending deliveries that no live job is working on: a worker died holding the row (its
 * lease ran out) or holding the job (graphile frees such a job only after hours), or the process died
 * between commit and enqueue. Rows due and untouched for one lease are resubmitted; the job key replaces a
 * job still queued, so a healthy but busy queue only sees its jobs rewritten, never doubled in effect
 * (attemptDelivery ignores a row that is not pending, leased or not due). Cross-tenant: system work.
 *
 * Then deliveries ordered after another whose wake-up was lost: not attempted yet although the
 * predecessor's delivery to their endpoint has had its first attempt (it finished in a process that
 * died before handing them off, or it was claimed before they were fanned out). Those still waiting
 * are left alone: their claim would refuse them anyway, and their predecessor hands them off.
 */
export async function sweepWebhookDeliveries(svc: Services): Promise<number> {
  const now = svc.clock.now();
  const stale = new Date(now.getTime() - attemptLeaseMs(svc.config));
  const rows = await inTransaction(svc, (tx) => takeStuckDeliveries(tx.manager, { now, stale }, BATCH));
  if (rows.length) await enqueueDeliveries(svc, rows.map((r) => ({ ...r, runAt: null })));
  const released = await lostReleases(svc.db, { now, releasedBefore: new Date(now.getTime() - RELEASE_GRACE_MS) }, BATCH);
  if (released.length) await enqueueDeliveries(svc, released.map((r) => ({ ...r, runAt: null })));
  return rows.length + released.length;
}
