import type { Services } from '../services';

/** The job that makes one attempt of one delivery. Its payload is `{deliveryId}` and nothing else. */
export const DELIVER_WEBHOOK_TASK = 'deliver-webhook';

/** One queued job per delivery, keyed by it, so a re-hand-off replaces a job that has not started yet. */
export const deliveryJobKey = (deliveryId: number) => `webhook-delivery:${deliveryId}`;

// Enough parallel enqueues to keep the queue's pool busy without queueing behind it.
const PARALLEL = 8;

/** Hands deliveries to the queue (after commit), at their due time when one is given, flagged with their tenant when known. */
export async function enqueueDeliveries(svc: Pick<Services, 'jobs'>, deliveries: { id: number; runAt: Date | null; orgId?: string }[]): Promise<void> {
  const job = (d: { id: number; runAt: Date | null; orgId?: string }) => ({
    task: DELIVER_WEBHOOK_TASK, payload: { deliveryId: d.id }, options: { jobKey: deliveryJobKey(d.id), ...(d.runAt ? { runAt: d.runAt } : {}), ...(d.orgId ? { orgId: d.orgId } : {}) },
  });
  if (svc.jobs.enqueueMany && deliveries.length > 1) {
    for (let i = 0; i < deliveries.length; i += 500) await svc.jobs.enqueueMany(deliveries.slice(i, i + 500).map(job));
    return;
  }
  let next = 0;
  const lane = async () => {
    while (next < deliveries.length) {
      const { task, payload, options } = job(deliveries[next++]!);
      await svc.jobs.enqueue(task, payload, options);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, deliveries.length) }, lane));
}
