import type { Services } from '../services';
import { releaseLeased, type ClaimedDelivery } from './attempt-delivery';
import { enqueueDeliveries } from './enqueue-deliveries';

/**
 * Hands deliveries over for their next attempt, due now: to this process's first-attempt sender when
 * it runs one (a worker), otherwise to the job queue (one job each).
 */
export async function handOffDeliveries(svc: Services, deliveries: { id: number; orgId: string }[]): Promise<void> {
  if (deliveries.length === 0) return;
  const local = svc.webhookFirstAttempts;
  if (local) await local.add(deliveries.map((d) => d.id));
  else await enqueueDeliveries(svc, deliveries.map((d) => ({ id: d.id, runAt: null, orgId: d.orgId })));
}

/**
 * Hands deliveries the fan-out leased for this process's sender to it; should the sender be gone by then
 * (the worker stopped meanwhile), their leases are given back and they are handed off as any other.
 */
export async function handOffLeased(svc: Services, leased: ClaimedDelivery[]): Promise<void> {
  const local = svc.webhookFirstAttempts;
  if (local) return local.addLeased(leased);
  await releaseLeased(svc, leased);
  await handOffDeliveries(svc, leased);
}
