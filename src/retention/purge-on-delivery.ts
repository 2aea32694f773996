import type { DeliveredWebhook } from '../webhooks/index';
import type { Services } from '../services';
import { enqueuePurgeChecks } from './purge-jobs';
import { DATA_PACKAGE_EVENT } from './retention.repository';

/**
 * Zero retention's reaction to a webhook delivery answered 2xx (the webhooks feature's WEBHOOK_DELIVERED
 * hook): a data package that reached an endpoint may release its case's purge, so the case's purge check is
 * queued (the check decides). Should this be lost, the retention sweep queues the check again.
 */
export async function queuePurgeCheckOnDelivery(svc: Services, delivered: DeliveredWebhook): Promise<void> {
  if (delivered.eventType !== DATA_PACKAGE_EVENT || delivered.casePk === null) return;
  await enqueuePurgeChecks(svc, [{ orgId: delivered.orgId, casePk: delivered.casePk }]);
}
