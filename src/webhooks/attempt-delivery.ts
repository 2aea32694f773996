import { inTransaction } from '../db/transaction';
import { EVENT_VERSION } from '../events/record-event';
import type { Services } from '../services';
import { ENDPOINT_DELETED_MESSAGE } from './delete-webhook-endpoint';
import { openEndpointSecret } from './endpoint-secret';
import { enqueueDeliveries } from './enqueue-deliveries';
import { attemptLeaseMs, nextRetryWaitMs } from './retry-schedule';
import { sendSigned } from './send-signed';
import { WebhookAttempt } from './webhook-attempt.entity';
import { WebhookDelivery } from './webhook-delivery.entity';
import { WebhookEndpoint } from './webhook-endpoint.entity';

export const RETRY_CANCELLED_PAUSED = 'Retry cancelled: the endpoint is paused.';

export type AttemptOutcome =
  | 'delivered' | 'retry_scheduled' | 'failed' | 'cancelled' | 'skipped_paused'
  // Nothing to do (duplicate or early jobs are expected):
  | 'missing' | 'not_pending' | 'leased' | 'not_due' | 'lease_lost';

interface Claimed {
  delivery: WebhookDelivery;
  endpoint: WebhookEndpoint;
  data: string;
  occurredAt: string;
  lease: Date;
}

/**
 * Makes the next attempt of one delivery (the job's whole work). Claims the row with a short lease
 * (so a duplicate job, or another worker, leaves it alone, and a dead worker's row is taken over once
 * the lease runs out), signs and POSTs the stored payload bytes, records the attempt, and then marks
 * the delivery delivered, schedules the next retry from the configured list, or fails it. Receiver
 * faults never throw; a throw means infrastructure trouble, and the queue's own retry takes over.
 */
export async function attemptDelivery(svc: Services, deliveryId: number): Promise<AttemptOutcome> {
  const claim = await inTransaction(svc, async (tx): Promise<Claimed | AttemptOutcome> => {
    const delivery = await tx.manager.findOne(WebhookDelivery, { where: { id: deliveryId }, lock: { mode: 'pessimistic_write' } });
    if (!delivery) return 'missing';
    if (delivery.state !== 'pending') return 'not_pending';
    const now = svc.clock.now();
    if (delivery.leaseUntil && delivery.leaseUntil > now) return 'leased';
    if (delivery.nextAttemptAt && delivery.nextAttemptAt.getTime() > now.getTime() + 20) {
      // An early or stale job: make sure one is queued for the due time, and leave the row.
      const runAt = delivery.nextAttemptAt;
      tx.afterCommit(() => enqueueDeliveries(svc, [{ id: deliveryId, runAt }]));
      return 'not_due';
    }
    const { orgId } = delivery;
    const endpoint = await tx.manager.findOneBy(WebhookEndpoint, { orgId, id: delivery.endpointId });
    const close = async (state: 'failed' | 'skipped_paused', lastError: string | null) => {
      await tx.manager.update(WebhookDelivery, { orgId, id: deliveryId }, { state, lastError, leaseUntil: null, nextAttemptAt: null, completedAt: now, updatedAt: now });
    };
    if (!endpoint || endpoint.deletedAt) {
      await close('failed', ENDPOINT_DELETED_MESSAGE);
      return 'cancelled';
    }
    if (endpoint.status === 'paused') {
      // Paused before its first automatic attempt: as if the event had come while paused (no attempt,
      // redeliverable). A retry or a redelivery that falls due while paused is cancelled.
      if (delivery.attempts === 0 && !delivery.manual) {
        await close('skipped_paused', null);
        return 'skipped_paused';
      }
      await close('failed', RETRY_CANCELLED_PAUSED);
      return 'cancelled';
    }
    const rows: { data: string; occurred_at: Date }[] = await tx.manager.query(
      'SELECT data, occurred_at FROM events WHERE org_id = ? AND seq = ?', [orgId, delivery.eventSeq],
    );
    const event = rows[0];
    if (!event) throw new Error(`Delivery ${deliveryId}: its event ${delivery.eventSeq} is missing.`);
    const lease = new Date(now.getTime() + attemptLeaseMs(svc.config));
    await tx.manager.update(WebhookDelivery, { orgId, id: deliveryId }, { leaseUntil: lease, updatedAt: now });
    return { delivery, endpoint, data: event.data, occurredAt: new Date(event.occurred_at).toISOString(), lease };
  });
  if (typeof claim === 'string') return claim;

  const { delivery, endpoint, data, lease } = claim;
  const attemptNo = delivery.attempts + 1;
  const payload = JSON.parse(data) as { timestamp?: string; eventVersion?: number };
  const outcome = await sendSigned(svc, endpoint.url, {
    secret: openEndpointSecret(svc.config.secretsKeys, endpoint),
    body: data,
    event: delivery.eventType,
    eventId: delivery.eventId,
    eventVersion: payload.eventVersion ?? EVENT_VERSION,
    timestamp: payload.timestamp ?? claim.occurredAt,
    deliveryId,
    attempt: attemptNo,
  });

  return inTransaction(svc, async (tx): Promise<AttemptOutcome> => {
    const { orgId } = delivery;
    const current = await tx.manager.findOne(WebhookDelivery, { where: { orgId, id: deliveryId }, lock: { mode: 'pessimistic_write' } });
    // Our lease ran out and another worker took the row over, or the endpoint was deleted meanwhile.
    if (!current || current.state !== 'pending' || current.leaseUntil?.getTime() !== lease.getTime()) {
      svc.log.warn({ deliveryId, attemptNo }, 'webhook attempt finished after its lease was lost; result not recorded');
      return 'lease_lost';
    }
    const ok = outcome.status >= 200 && outcome.status < 300;
    const error = outcome.error ?? (outcome.status >= 300 && outcome.status < 400
      ? `The receiver answered with a redirect (HTTP ${outcome.status}); redirects are not followed.`
      : ok ? null : `The receiver answered HTTP ${outcome.status}.`);
    await tx.manager.insert(WebhookAttempt, {
      orgId, deliveryId, attemptNo, httpStatus: outcome.status, errorMessage: error, responseBody: outcome.body,
      durationMs: outcome.durationMs, startedAt: outcome.startedAt, finishedAt: outcome.finishedAt,
    });
    const now = svc.clock.now();
    const wait = ok || current.manual ? null : nextRetryWaitMs(svc.config, attemptNo);
    const state = ok ? 'delivered' : wait === null ? 'failed' : 'pending';
    const nextAttemptAt = wait === null ? null : new Date(outcome.finishedAt.getTime() + wait);
    await tx.manager.update(WebhookDelivery, { orgId, id: deliveryId }, {
      state, attempts: attemptNo, lastHttpStatus: outcome.status, lastError: error, leaseUntil: null, nextAttemptAt, updatedAt: now,
      completedAt: state === 'pending' ? null : now,
    });
    if (nextAttemptAt) tx.afterCommit(() => enqueueDeliveries(svc, [{ id: deliveryId, runAt: nextAttemptAt }]));
    return state === 'delivered' ? 'delivered' : state === 'failed' ? 'failed' : 'retry_scheduled';
  });
}
