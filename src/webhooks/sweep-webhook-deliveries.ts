import { crossTenant } from '../db/cross-tenant';
import { inTransaction } from '../db/transaction';
import type { Services } from '../services';
import { enqueueDeliveries } from './enqueue-deliveries';
import { attemptLeaseMs } from './retry-schedule';

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
  const rows = await inTransaction(svc, async (tx) => {
    const sweep = crossTenant(tx.manager, 'sweep');
    const found: { id: number | string; org_id: string; next_attempt_at: Date }[] = await sweep.query(
      `SELECT id, org_id, next_attempt_at FROM webhook_deliveries
       WHERE state = 'pending' AND next_attempt_at <= ? AND updated_at <= ? AND (lease_until IS NULL OR lease_until < ?)
       ORDER BY next_attempt_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`,
      [stale, stale, now],
    );
    if (found.length === 0) return [];
    await sweep.query(
      `UPDATE webhook_deliveries SET lease_until = NULL, lease_token = NULL, updated_at = ? WHERE id IN (${found.map(() => '?').join(', ')})`,
      [now, ...found.map((r) => Number(r.id))],
    );
    return found.map((r) => ({ id: Number(r.id), runAt: null, orgId: r.org_id }));
  });
  if (rows.length) await enqueueDeliveries(svc, rows);
  const released: { id: number | string; org_id: string }[] = await crossTenant(svc.db, 'sweep').query(
    `SELECT d.id, d.org_id FROM webhook_deliveries d
     JOIN webhook_deliveries p ON p.event_id = d.after_event_id AND p.endpoint_id = d.endpoint_id
     WHERE d.state = 'pending' AND d.next_attempt_at <= ? AND d.after_event_id IS NOT NULL AND d.attempts = 0 AND d.lease_token IS NULL
       AND (p.first_done_at < ? OR (p.first_done_at IS NULL AND p.state <> 'pending' AND p.updated_at < ?))
     ORDER BY d.id LIMIT ${BATCH}`,
    [now, new Date(now.getTime() - RELEASE_GRACE_MS), new Date(now.getTime() - RELEASE_GRACE_MS)],
  );
  if (released.length) await enqueueDeliveries(svc, released.map((r) => ({ id: Number(r.id), runAt: null, orgId: r.org_id })));
  return rows.length + released.length;
}
