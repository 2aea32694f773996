import type { Services } from '../services';
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
