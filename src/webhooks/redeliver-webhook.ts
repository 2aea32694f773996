import { auditName, authorize, type Actor } from '../access/index';
import { recordAudit } from '../audit/record-audit';
import { inTransaction } from '../db/transaction';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { enqueueDeliveries } from './enqueue-deliveries';
import { WebhookDelivery } from './webhook-delivery.entity';
import { getEndpoint } from './webhook-endpoints.repository';

/** What Redeliver says when the endpoint is paused: the manual attempt goes out anyway. */
export const REDELIVER_WHILE_PAUSED_NOTICE =
  'The endpoint is paused: this redelivery is sent anyway, because you asked for it. New events stay skipped until you resume the endpoint.';

/**
 * The operator's Redeliver (from failed, delivered or skipped_paused): one new attempt of the same
 * delivery row, so the same bytes, eventId and X-SVC-Delivery-Id; the attempt counter continues. A
 * manual attempt is not retried automatically. Refused only while the delivery is still pending.
 *
 * The contract says Redeliver works "at any time", so a paused endpoint does not stop it: pausing stops
 * the automatic flow (new events, retries), while a redelivery is a deliberate, single request by a
 * person who has just looked at that delivery. The answer's `notice` says so when the endpoint is paused.
 */
export async function redeliverWebhook(
  svc: Services,
  actor: Actor,
  input: { deliveryId: number },
): Promise<{ deliveryId: number; state: 'pending'; notice: string | null }> {
  authorize(actor, 'webhooks:manage');
  if (!Number.isSafeInteger(input.deliveryId) || input.deliveryId < 1) throw DomainError.notFound('Delivery');
  const paused = await inTransaction(svc, async (tx) => {
    const delivery = await tx.manager.findOne(WebhookDelivery, {
      where: { orgId: actor.orgId, id: input.deliveryId }, lock: { mode: 'pessimistic_write' },
    });
    if (!delivery) throw DomainError.notFound('Delivery');
    if (delivery.state === 'pending') throw new DomainError('conflict', 'The delivery is still pending; wait for its attempt to finish.');
    const endpoint = await getEndpoint(tx.manager, actor, delivery.endpointId);
    const now = svc.clock.now();
    await tx.manager.update(WebhookDelivery, { orgId: actor.orgId, id: delivery.id }, {
      state: 'pending', manual: true, nextAttemptAt: now, leaseUntil: null, completedAt: null, updatedAt: now,
    });
    await recordAudit(tx, {
      orgId: actor.orgId, actor: auditName(actor), action: 'webhook_delivery.redelivered',
      details: {
        deliveryId: delivery.id, eventId: delivery.eventId, endpointId: delivery.endpointId, previousState: delivery.state,
        endpointPaused: endpoint.status === 'paused',
      },
      at: now,
    });
    tx.afterCommit(() => enqueueDeliveries(svc, [{ id: delivery.id, runAt: null, orgId: actor.orgId }]));
    return endpoint.status === 'paused';
  });
  return { deliveryId: input.deliveryId, state: 'pending', notice: paused ? REDELIVER_WHILE_PAUSED_NOTICE : null };
}
