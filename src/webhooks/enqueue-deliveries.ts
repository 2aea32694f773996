import type { Services } from '../services';

/** The job that makes one attempt of one delivery. Its payload is `{deliveryId}` and nothing else. */
export const DELIVER_WEBHOOK_TASK = 'deliver-webhook';

/** One queued job per delivery, keyed by it, so a re-hand-off replaces a job that has not started yet. */
export const deliveryJobKey = (deliveryId: number) => `webhook-delivery:${deliveryId}`;

// Enough parallel enqueues to keep the queue's pool busy without queueing behind it.
const PARALLEL = 8;

/** Hands deliveries to the queue (after commit), at their due time when one is given. */
export async function enqueueDeliveries(svc: Pick<Services, 'jobs'>, deliveries: { id: number; runAt: Date | null }[]): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < deliveries.length) {
      const d = deliveries[next++]!;
      await svc.jobs.enqueue(DELIVER_WEBHOOK_TASK, { deliveryId: d.id }, { jobKey: deliveryJobKey(d.id), ...(d.runAt ? { runAt: d.runAt } : {}) });
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, deliveries.length) }, lane));
}
