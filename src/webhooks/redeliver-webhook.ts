import { auditName, authorize, type Actor } from '../access/index';
import { recordAudit } from '../audit/record-audit';
import { inTransaction } from '../db/transaction';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { enqueueDeliveries } from './enqueue-deliveries';
import { WebhookDelivery } from './webhook-delivery.entity';
import { getEndpoint } from './webhook-endpoints.repository';

/**
 * The operator's Redeliver (from failed, delivered or skipped_paused): one new attempt of the same
 * delivery row, so the same bytes, eventId and X-SVC-Delivery-Id; the attempt counter continues. A
 * manual attempt is not retried automatically. Refused while the delivery is pending or its endpoint paused.
 */
export async function redeliverWebhook(
  svc: Services,
  actor: Actor,
  input: { deliveryId: number },
): Promise<{ deliveryId: number; state: 'pending' }> {
  authorize(actor, 'webhooks:manage');
  if (!Number.isSafeInteger(input.deliveryId) || input.deliveryId < 1) throw DomainError.notFound('Delivery');
  await inTransaction(svc, async (tx) => {
    const delivery = await tx.manager.findOne(WebhookDelivery, {
      where: { orgId: actor.orgId, id: input.deliveryId }, lock: { mode: 'pessimistic_write' },
    });
    if (!delivery) throw DomainError.notFound('Delivery');
    if (delivery.state === 'pending') throw new DomainError('conflict', 'The delivery is still pending; wait for its attempt to finish.');
    const endpoint = await getEndpoint(tx.manager, actor.orgId, delivery.endpointId);
    if (endpoint.status === 'paused') throw new DomainError('conflict', 'The endpoint is paused; resume it before redelivering.');
    const now = svc.clock.now();
    await tx.manager.update(WebhookDelivery, { orgId: actor.orgId, id: delivery.id }, {
      state: 'pending', manual: true, nextAttemptAt: now, leaseUntil: null, completedAt: null, updatedAt: now,
    });
    await recordAudit(tx, {
      orgId: actor.orgId, actor: auditName(actor), action: 'webhook_delivery.redelivered',
      details: { deliveryId: delivery.id, eventId: delivery.eventId, endpointId: delivery.endpointId, previousState: delivery.state }, at: now,
    });
    tx.afterCommit(() => enqueueDeliveries(svc, [{ id: delivery.id, runAt: null }]));
  });
  return { deliveryId: input.deliveryId, state: 'pending' };
}
