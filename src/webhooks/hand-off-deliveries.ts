import type { Services } from '../services';
import { enqueueDeliveries } from './enqueue-deliveries';

/**
 * Hands deliveries over for their next attempt, due now: to this process's first-attempt sender when
 * it runs one (a worker), otherwise to the job queue (one job each).
 */
export async function handOffDeliveries(svc: Services, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const local = svc.webhookFirstAttempts;
  if (local) await local.add(ids);
  else await enqueueDeliveries(svc, ids.map((id) => ({ id, runAt: null })));
}
