import type { FeatureTask } from '../platform/index';
import { attemptDelivery } from './attempt-delivery';

/**
 * One attempt of one webhook delivery. The payload is `{deliveryId}` alone. Receiver failures are the
 * domain's business (recorded, retried on the contract's schedule); a throw here is an infrastructure
 * fault and graphile's own retry takes it. Never catch-and-log: that would switch retries off.
 */
export const deliverWebhookTask: FeatureTask = (svc) => async (payload) => {
  const deliveryId = (payload as { deliveryId?: unknown } | null)?.deliveryId;
  if (typeof deliveryId !== 'number' || !Number.isSafeInteger(deliveryId) || deliveryId < 1) {
    throw new Error('deliver-webhook: the payload must be {"deliveryId": <positive integer>}');
  }
  await attemptDelivery(svc, deliveryId);
};
