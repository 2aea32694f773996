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
  orgId: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  attempts: number;
  manual: boolean;
  endpoint: WebhookEndpoint;
  data: string;
  occurredAt: string;
  lease: Date;
}

interface ClaimRow {
  org_id: string; endpoint_id: string; event_id: string; event_type: string; attempts: number; manual: number;
  url: string; secret_ciphertext: string; secret_key_id: string; status: 'active' | 'paused'; deleted_at: Date | null;
  data: string; occurred_at: Date;
}

// Jobs may start a little before their runAt by the clocks of two machines; that much early is on time.
const EARLY_MS = 20;

/**
 * Takes the lease on a due, pending, unleased delivery in one atomic UPDATE (autocommit: the hot path
 * is one write and one read), or says why not.
 */
async function claim(svc: Services, deliveryId: number): Promise<Claimed | AttemptOutcome> {
  const now = svc.clock.now();
  const lease = new Date(now.getTime() + attemptLeaseMs(svc.config));
  const res: { affectedRows: number } = await svc.db.query(
    `UPDATE webhook_deliveries SET lease_until = ?, updated_at = ?
     WHERE id = ? AND state = 'pending' AND (lease_until IS NULL OR lease_until <= ?) AND next_attempt_at <= ?`,
    [lease, now, deliveryId, now, new Date(now.getTime() + EARLY_MS)],
  );
  if (res.affectedRows !== 1) {
    const delivery = await svc.db.manager.findOneBy(WebhookDelivery, { id: deliveryId });
    if (!delivery) return 'missing';
    if (delivery.state !== 'pending') return 'not_pending';
    if (delivery.leaseUntil && delivery.leaseUntil > now) return 'leased';
    // An early or stale job: make sure one is queued for the due time, and leave the row.
    if (delivery.nextAttemptAt) await enqueueDeliveries(svc, [{ id: deliveryId, runAt: delivery.nextAttemptAt }]);
    return 'not_due';
  }
  const rows: ClaimRow[] = await svc.db.query(
    `SELECT d.org_id, d.endpoint_id, d.event_id, d.event_type, d.attempts, d.manual,
            e.url, e.secret_ciphertext, e.secret_key_id, e.status, e.deleted_at, ev.data, ev.occurred_at
     FROM webhook_deliveries d
     JOIN webhook_endpoints e ON e.org_id = d.org_id AND e.id = d.endpoint_id
     JOIN events ev ON ev.org_id = d.org_id AND ev.seq = d.event_seq
     WHERE d.id = ?`,
    [deliveryId],
  );
  const row = rows[0];
  if (!row) throw new Error(`Delivery ${deliveryId}: its endpoint or event is missing.`);
  const endpoint = Object.assign(new WebhookEndpoint(), {
    id: row.endpoint_id, orgId: row.org_id, url: row.url, secretCiphertext: row.secret_ciphertext, secretKeyId: row.secret_key_id,
    status: row.status, deletedAt: row.deleted_at,
  });
  return {
    orgId: row.org_id, endpointId: row.endpoint_id, eventId: row.event_id, eventType: row.event_type, attempts: Number(row.attempts),
    manual: Number(row.manual) === 1, endpoint, data: row.data, occurredAt: new Date(row.occurred_at).toISOString(), lease,
  };
}

/**
 * Makes the next attempt of one delivery (the job's whole work). Claims the row with a short lease
 * (so a duplicate job, or another worker, leaves it alone, and a dead worker's row is taken over once
 * the lease runs out), signs and POSTs the stored payload bytes, records the attempt, and then marks
 * the delivery delivered, schedules the next retry from the configured list, or fails it. Receiver
 * faults never throw; a throw means infrastructure trouble, and the queue's own retry takes over.
 */
export async function attemptDelivery(svc: Services, deliveryId: number): Promise<AttemptOutcome> {
  const claimed = await claim(svc, deliveryId);
  if (typeof claimed === 'string') return claimed;
  const { orgId, endpoint, data, lease } = claimed;

  if (endpoint.deletedAt || endpoint.status === 'paused') {
    // Paused before its first automatic attempt: as if the event had come while paused (no attempt,
    // redeliverable). A retry or a redelivery that falls due while paused is cancelled.
    const [state, lastError, outcome]: ['failed' | 'skipped_paused', string | null, AttemptOutcome] = endpoint.deletedAt
      ? ['failed', ENDPOINT_DELETED_MESSAGE, 'cancelled']
      : claimed.attempts === 0 && !claimed.manual ? ['skipped_paused', null, 'skipped_paused'] : ['failed', RETRY_CANCELLED_PAUSED, 'cancelled'];
    const now = svc.clock.now();
    const res: { affectedRows: number } = await svc.db.query(
      `UPDATE webhook_deliveries SET state = ?, last_error = ?, lease_until = NULL, next_attempt_at = NULL, completed_at = ?, updated_at = ?
       WHERE org_id = ? AND id = ? AND state = 'pending' AND lease_until = ?`,
      [state, lastError, now, now, orgId, deliveryId, lease],
    );
    return res.affectedRows === 1 ? outcome : 'lease_lost';
  }

  const attemptNo = claimed.attempts + 1;
  const payload = JSON.parse(data) as { timestamp?: string; eventVersion?: number };
  const outcome = await sendSigned(svc, endpoint.url, {
    secret: openEndpointSecret(svc.config.secretsKeys, endpoint),
    body: data,
    event: claimed.eventType,
    eventId: claimed.eventId,
    eventVersion: payload.eventVersion ?? EVENT_VERSION,
    timestamp: payload.timestamp ?? claimed.occurredAt,
    deliveryId,
    attempt: attemptNo,
  });

  const ok = outcome.status >= 200 && outcome.status < 300;
  const error = outcome.error ?? (outcome.status >= 300 && outcome.status < 400
    ? `The receiver answered with a redirect (HTTP ${outcome.status}); redirects are not followed.`
    : ok ? null : `The receiver answered HTTP ${outcome.status}.`);
  const wait = ok || claimed.manual ? null : nextRetryWaitMs(svc.config, attemptNo);
  const state = ok ? 'delivered' : wait === null ? 'failed' : 'pending';
  const nextAttemptAt = wait === null ? null : new Date(outcome.finishedAt.getTime() + wait);

  return inTransaction(svc, async (tx): Promise<AttemptOutcome> => {
    const now = svc.clock.now();
    // Only while we still hold the lease: if it ran out and another worker took the row over, or the
    // endpoint was deleted meanwhile, this result is not ours to record.
    const res: { affectedRows: number } = await tx.manager.query(
      `UPDATE webhook_deliveries SET state = ?, attempts = ?, last_http_status = ?, last_error = ?, lease_until = NULL,
         next_attempt_at = ?, updated_at = ?, completed_at = ?
       WHERE org_id = ? AND id = ? AND state = 'pending' AND lease_until = ?`,
      [state, attemptNo, outcome.status, error, nextAttemptAt, now, state === 'pending' ? null : now, orgId, deliveryId, lease],
    );
    if (res.affectedRows !== 1) {
      svc.log.warn({ deliveryId, attemptNo }, 'webhook attempt finished after its lease was lost; result not recorded');
      return 'lease_lost';
    }
    await tx.manager.insert(WebhookAttempt, {
      orgId, deliveryId, attemptNo, httpStatus: outcome.status, errorMessage: error, responseBody: outcome.body,
      durationMs: outcome.durationMs, startedAt: outcome.startedAt, finishedAt: outcome.finishedAt,
    });
    if (nextAttemptAt) tx.afterCommit(() => enqueueDeliveries(svc, [{ id: deliveryId, runAt: nextAttemptAt }]));
    return state === 'delivered' ? 'delivered' : state === 'failed' ? 'failed' : 'retry_scheduled';
  });
}
