import { randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { crossTenant } from '../db/cross-tenant';
import { inTransaction } from '../db/transaction';
import { EVENT_VERSION } from '../events/record-event';
import { runHook } from '../platform/index';
import type { Services } from '../services';
import { Coalescer } from './coalescer';
import { ENDPOINT_DELETED_MESSAGE } from './delete-webhook-endpoint';
import { openEndpointSecret } from './endpoint-secret';
import { enqueueDeliveries } from './enqueue-deliveries';
import { handOffDeliveries } from './hand-off-deliveries';
import { attemptLeaseMs, nextRetryWaitMs } from './retry-schedule';
import { sendSigned, type SendOutcome } from './send-signed';
import type { DeliveryState } from './webhook-delivery.entity';
import { WEBHOOK_DELIVERED } from './webhook-delivered';
import { WebhookEndpoint } from './webhook-endpoint.entity';

export const RETRY_CANCELLED_PAUSED = 'Retry cancelled: the endpoint is paused.';

export type AttemptOutcome =
  | 'delivered' | 'retry_scheduled' | 'failed' | 'cancelled' | 'skipped_paused'
  // Nothing to do (duplicate or early jobs are expected; 'waiting': its orderedAfter predecessor's
  // delivery has not had its first attempt yet, and will hand this one off when it has):
  | 'missing' | 'not_pending' | 'leased' | 'not_due' | 'waiting' | 'lease_lost';

interface Claimed {
  id: number;
  orgId: string;
  eventId: string;
  eventType: string;
  /** This claim's attempt number: the claim took it (attempts + 1), so no two claims share one. */
  attemptNo: number;
  manual: boolean;
  endpoint: WebhookEndpoint;
  /** The endpoint's secret, decrypted (in memory only) at most once per claimed batch and endpoint. */
  secret: () => string;
  data: string;
  occurredAt: string;
  token: string;
  /** The event's case (internal pk), or null for events without one. */
  casePk: number | null;
  /** Some delivery to this endpoint waits for this one's first attempt (an event recorded orderedAfter this one). */
  hasDependents: boolean;
}

interface ClaimRow {
  id: number | string; org_id: string; endpoint_id: string; event_id: string; event_type: string; attempts: number; manual: number;
  url: string; secret_ciphertext: string; secret_key_id: string; status: 'active' | 'paused'; deleted_at: Date | null;
  data: string; occurred_at: Date; case_pk: number | string | null; has_dependents: number | string;
}

interface Finished {
  id: number;
  orgId: string;
  token: string;
  state: DeliveryState;
  attemptNo: number;
  outcome: SendOutcome;
  error: string | null;
  nextAttemptAt: Date | null;
}

/** Joins `p`, the same endpoint's delivery of the event `d` is ordered after (none for most deliveries). */
const PREDECESSOR = 'd.after_event_id IS NOT NULL AND p.event_id = d.after_event_id AND p.endpoint_id = d.endpoint_id';
/** `d` waits: its predecessor's delivery exists and has not had its first attempt. */
const WAITING = `(p.id IS NOT NULL AND p.state = 'pending' AND p.first_done_at IS NULL)`;

// Jobs may start a little before their runAt by the clocks of two machines; that much early is on time.
const EARLY_MS = 20;
const ids = (n: number) => Array.from({ length: n }, () => '?').join(', ');

/**
 * Takes the lease on every due, pending, unleased delivery of the batch in one UPDATE (autocommit),
 * reads what the attempts need in one SELECT, and says for the others why not. Taking the lease also
 * takes the attempt number (attempts + 1, committed with the lease): a request sent after a lease ran
 * out and another worker took the delivery over is a new attempt, never a second attempt 1, even when
 * the first worker's result was never recorded.
 *
 * A delivery whose event was recorded orderedAfter another is not claimed while the same endpoint's
 * delivery of that other event has not had its first attempt (pending, first_done_at unset). That
 * condition only ever turns from waiting to released, so checking it in the claim's own UPDATE is
 * enough; the join finds nothing to read for the usual delivery, which has no predecessor.
 */
async function claimBatch(svc: Services, deliveryIds: number[]): Promise<(Claimed | AttemptOutcome)[]> {
  const now = svc.clock.now();
  const lease = new Date(now.getTime() + attemptLeaseMs(svc.config));
  const token = randomBytes(16).toString('base64url');
  const unique = [...new Set(deliveryIds)];
  // The batch's deliveries are of any tenant: their jobs name them by id.
  const claims = crossTenant(svc.db, 'delivery-claim');
  await claims.query(
    `UPDATE webhook_deliveries d LEFT JOIN webhook_deliveries p ON ${PREDECESSOR}
     SET d.lease_until = ?, d.lease_token = ?, d.attempts = d.attempts + 1, d.updated_at = ?
     WHERE d.id IN (${ids(unique.length)}) AND d.state = 'pending' AND (d.lease_until IS NULL OR d.lease_until <= ?) AND d.next_attempt_at <= ?
       AND NOT ${WAITING}`,
    [lease, token, now, ...unique, now, new Date(now.getTime() + EARLY_MS)],
  );
  const rows: ClaimRow[] = await claims.query(
    `SELECT d.id, d.org_id, d.endpoint_id, d.event_id, d.event_type, d.attempts, d.manual,
            e.url, e.secret_ciphertext, e.secret_key_id, e.status, e.deleted_at, ev.data, ev.occurred_at, ev.case_pk,
            EXISTS (SELECT 1 FROM webhook_deliveries x WHERE x.after_event_id = d.event_id AND x.endpoint_id = d.endpoint_id) AS has_dependents
     FROM webhook_deliveries d
     JOIN webhook_endpoints e ON e.org_id = d.org_id AND e.id = d.endpoint_id
     JOIN events ev ON ev.org_id = d.org_id AND ev.seq = d.event_seq
     WHERE d.id IN (${ids(unique.length)}) AND d.lease_token = ?`,
    [...unique, token],
  );
  const claimed = new Map<number, Claimed>();
  const endpoints = new Map<string, { endpoint: WebhookEndpoint; secret: () => string }>();
  for (const row of rows) {
    let ep = endpoints.get(row.endpoint_id);
    if (!ep) {
      const endpoint = Object.assign(new WebhookEndpoint(), {
        id: row.endpoint_id, orgId: row.org_id, url: row.url, secretCiphertext: row.secret_ciphertext, secretKeyId: row.secret_key_id,
        status: row.status, deletedAt: row.deleted_at,
      });
      let secret: string | undefined;
      ep = { endpoint, secret: () => (secret ??= openEndpointSecret(svc.config.secretsKeys, endpoint)) };
      endpoints.set(row.endpoint_id, ep);
    }
    claimed.set(Number(row.id), {
      id: Number(row.id), orgId: row.org_id, eventId: row.event_id, eventType: row.event_type, attemptNo: Number(row.attempts),
      manual: Number(row.manual) === 1, endpoint: ep.endpoint, secret: ep.secret, data: row.data, occurredAt: new Date(row.occurred_at).toISOString(), token,
      casePk: row.case_pk === null ? null : Number(row.case_pk), hasDependents: Number(row.has_dependents) === 1,
    });
  }
  const others = unique.filter((id) => !claimed.has(id));
  const why = new Map<number, AttemptOutcome>();
  if (others.length) {
    const states: { id: number | string; state: DeliveryState; lease_until: Date | null; next_attempt_at: Date | null; waiting: number | string }[] = await claims.query(
      `SELECT d.id, d.state, d.lease_until, d.next_attempt_at, ${WAITING} AS waiting
       FROM webhook_deliveries d LEFT JOIN webhook_deliveries p ON ${PREDECESSOR} WHERE d.id IN (${ids(others.length)})`, others,
    );
    const due: { id: number; runAt: Date }[] = [];
    for (const s of states) {
      const id = Number(s.id);
      if (s.state !== 'pending') why.set(id, 'not_pending');
      else if (s.lease_until && new Date(s.lease_until) > now) why.set(id, 'leased');
      // Its predecessor's delivery hands it off once that has had its first attempt (the sweep if that is lost).
      else if (Number(s.waiting) === 1) why.set(id, 'waiting');
      else {
        why.set(id, 'not_due');
        // An early or stale job: make sure one is queued for the due time, and leave the row.
        if (s.next_attempt_at) due.push({ id, runAt: new Date(s.next_attempt_at) });
      }
    }
    if (due.length) await enqueueDeliveries(svc, due);
  }
  // A duplicate id in one batch (two jobs for one delivery at once) gets the lease once.
  const given = new Set<number>();
  return deliveryIds.map((id) => {
    const c = claimed.get(id);
    if (c && !given.has(id)) {
      given.add(id);
      return c;
    }
    return c ? 'leased' : (why.get(id) ?? 'missing');
  });
}

/**
 * Records the results of a batch in one transaction: for each delivery whose lease is still ours, its
 * new state and its attempt row commit together. If a lease ran out and another worker took the row
 * over, or the endpoint was deleted meanwhile, that result is not ours to record.
 *
 * The usual case takes one UPDATE conditional on every lease token and one INSERT: when the UPDATE
 * changes every row of the batch, every lease was ours. Otherwise the transaction is rolled back and
 * the batch is recorded again after reading, under row locks, which leases are still ours.
 */
async function finishBatch(svc: Services, items: Finished[]): Promise<boolean[]> {
  const now = svc.clock.now();
  if (new Set(items.map((i) => i.id)).size === items.length) {
    try {
      // Every statement locks rows found by primary key, so the server's default isolation does as
      // well as READ COMMITTED here and saves the SET TRANSACTION of each batch.
      return await inTransaction(svc, async ({ manager }) => {
        const res: { affectedRows: number } = await crossTenant(manager, 'delivery-claim').query(
          `${updateSql(items)} AND lease_token = CASE id ${items.map(() => 'WHEN ? THEN ?').join(' ')} END`,
          [...updateParams(items, now), ...items.flatMap((i) => [i.id, i.token])],
        );
        if (res.affectedRows !== items.length) throw new LeaseLost();
        await insertAttempts(manager, items);
        return items.map(() => true);
      }, { isolation: 'server default' });
    } catch (err) {
      if (!(err instanceof LeaseLost)) throw err;
    }
  }
  return inTransaction(svc, async ({ manager }) => {
    const claims = crossTenant(manager, 'delivery-claim');
    const held: { id: number | string; lease_token: string | null }[] = await claims.query(
      `SELECT id, lease_token FROM webhook_deliveries WHERE id IN (${ids(items.length)}) AND state = 'pending' FOR UPDATE`,
      items.map((i) => i.id),
    );
    const tokens = new Map(held.map((h) => [Number(h.id), h.lease_token]));
    const mine = items.filter((i) => tokens.get(i.id) === i.token);
    if (mine.length) {
      await claims.query(updateSql(mine), updateParams(mine, now));
      await insertAttempts(manager, mine);
    }
    return items.map((i) => tokens.get(i.id) === i.token);
  });
}

class LeaseLost extends Error {}

const FINISH_COLUMNS: [string, (i: Finished, now: Date) => unknown][] = [
  ['state', (i) => i.state],
  ['attempts', (i) => i.attemptNo],
  ['last_http_status', (i) => i.outcome.status],
  ['last_error', (i) => i.error],
  ['next_attempt_at', (i) => i.nextAttemptAt],
  ['completed_at', (i, now) => (i.state === 'pending' ? null : now)],
];

/** UPDATE of the batch's pending rows to their results, lease released; parameters from updateParams. */
function updateSql(items: Finished[]): string {
  const cases = `CASE id ${items.map(() => 'WHEN ? THEN ?').join(' ')} END`;
  return `UPDATE webhook_deliveries SET ${FINISH_COLUMNS.map(([c]) => `${c} = ${cases}`).join(', ')},
            lease_until = NULL, lease_token = NULL, updated_at = ?, first_done_at = COALESCE(first_done_at, ?)
          WHERE id IN (${ids(items.length)}) AND state = 'pending'`;
}

function updateParams(items: Finished[], now: Date): unknown[] {
  return [...FINISH_COLUMNS.flatMap(([, col]) => items.flatMap((i) => [i.id, col(i, now)])), now, now, ...items.map((i) => i.id)];
}

function insertAttempts(manager: EntityManager, items: Finished[]): Promise<unknown> {
  return manager.query(
    `INSERT INTO webhook_attempts (org_id, delivery_id, attempt_no, http_status, error_message, response_body, duration_ms, started_at, finished_at)
     VALUES ${items.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
    items.flatMap((i) => [i.orgId, i.id, i.attemptNo, i.outcome.status, i.error, i.outcome.body, i.outcome.durationMs, i.outcome.startedAt, i.outcome.finishedAt]),
  );
}

// One pair of batchers per Services object: calls with different clocks or configurations never mix.
const batchers = new WeakMap<Services, { claim: Coalescer<number, Claimed | AttemptOutcome>; finish: Coalescer<Finished, boolean> }>();
function batcherOf(svc: Services) {
  let b = batchers.get(svc);
  if (!b) {
    b = { claim: new Coalescer((items) => claimBatch(svc, items)), finish: new Coalescer((items) => finishBatch(svc, items)) };
    batchers.set(svc, b);
  }
  return b;
}

/**
 * Makes the next attempt of one delivery (the job's whole work). Claims the row with a short lease
 * (so a duplicate job, or another worker, leaves it alone, and a dead worker's row is taken over once
 * the lease runs out), signs and POSTs the stored payload bytes, records the attempt, and then marks
 * the delivery delivered, schedules the next retry from the configured list, or fails it. Receiver
 * faults never throw; a throw means infrastructure trouble, and the queue's own retry takes over.
 * Concurrent calls share their database round trips (claim and record are batched per tick).
 */
export async function attemptDelivery(svc: Services, deliveryId: number): Promise<AttemptOutcome> {
  const batcher = batcherOf(svc);
  const claimed = await batcher.claim.add(deliveryId);
  if (typeof claimed === 'string') return claimed;
  const { orgId, endpoint, data, token } = claimed;

  // A manual redelivery is sent even while the endpoint is paused (an operator asked for this one
  // request: see redeliver-webhook.ts); pausing stops only the automatic flow.
  if (endpoint.deletedAt || (endpoint.status === 'paused' && !claimed.manual)) {
    // Paused before its first automatic attempt: as if the event had come while paused (no attempt,
    // redeliverable). An automatic retry that falls due while paused is cancelled.
    const [state, lastError, outcome]: ['failed' | 'skipped_paused', string | null, AttemptOutcome] = endpoint.deletedAt
      ? ['failed', ENDPOINT_DELETED_MESSAGE, 'cancelled']
      : claimed.attemptNo === 1 ? ['skipped_paused', null, 'skipped_paused'] : ['failed', RETRY_CANCELLED_PAUSED, 'cancelled'];
    const now = svc.clock.now();
    // No request is sent: the attempt number the claim took is given back.
    const res: { affectedRows: number } = await svc.db.query(
      `UPDATE webhook_deliveries SET state = ?, last_error = ?, attempts = attempts - 1, lease_until = NULL, lease_token = NULL, next_attempt_at = NULL, completed_at = ?, updated_at = ?,
         first_done_at = COALESCE(first_done_at, ?)
       WHERE org_id = ? AND id = ? AND state = 'pending' AND lease_token = ?`,
      [state, lastError, now, now, now, orgId, deliveryId, token],
    );
    if (res.affectedRows !== 1) return 'lease_lost';
    if (claimed.hasDependents) await releaseDependents(svc, claimed);
    return outcome;
  }

  const { attemptNo } = claimed;
  const payload = JSON.parse(data) as { timestamp?: string; eventVersion?: number };
  const outcome = await sendSigned(svc, endpoint.url, {
    secret: claimed.secret(),
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
  const state: DeliveryState = ok ? 'delivered' : wait === null ? 'failed' : 'pending';
  const nextAttemptAt = wait === null ? null : new Date(outcome.finishedAt.getTime() + wait);

  if (!ok) {
    // Operators see failing receivers in the service's own log: ids, attempt and why; never the body or the secret.
    svc.log.warn({
      deliveryId, endpointId: endpoint.id, attempt: attemptNo, status: outcome.status, error, retryAt: nextAttemptAt?.toISOString() ?? null,
    }, 'webhook attempt failed');
  }
  const recorded = await batcher.finish.add({ id: deliveryId, orgId, token, state, attemptNo, outcome, error, nextAttemptAt });
  if (!recorded) {
    svc.log.warn({ deliveryId, attemptNo }, 'webhook attempt finished after its lease was lost; result not recorded');
    return 'lease_lost';
  }
  if (nextAttemptAt) await enqueueDeliveries(svc, [{ id: deliveryId, runAt: nextAttemptAt, orgId }]);
  if (claimed.hasDependents) await releaseDependents(svc, claimed);
  // Whoever reacts to a 2xx (zero retention's purge check) does so now: committed above, so they see this delivery.
  if (state === 'delivered') {
    await runHook(svc, WEBHOOK_DELIVERED, {
      orgId, deliveryId, endpointId: endpoint.id, eventId: claimed.eventId, eventType: claimed.eventType, casePk: claimed.casePk,
    });
  }
  return state === 'delivered' ? 'delivered' : state === 'failed' ? 'failed' : 'retry_scheduled';
}

/**
 * After a delivery's attempt is recorded: the same endpoint's deliveries of events recorded orderedAfter
 * its event, not attempted yet, are handed off now (their claim checks again that they may go).
 */
async function releaseDependents(svc: Services, d: Claimed): Promise<void> {
  const rows: { id: number | string }[] = await svc.db.query(
    `SELECT id FROM webhook_deliveries WHERE after_event_id = ? AND endpoint_id = ? AND org_id = ? AND state = 'pending' AND attempts = 0 ORDER BY id`,
    [d.eventId, d.endpoint.id, d.orgId],
  );
  await handOffDeliveries(svc, rows.map((r) => ({ id: Number(r.id), orgId: d.orgId })));
}
