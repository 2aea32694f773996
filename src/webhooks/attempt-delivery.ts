import { randomBytes } from 'node:crypto';
import { inTransaction } from '../db/transaction';
import { EVENT_VERSION } from '../events/record-event';
import { runHook } from '../platform/index';
import { metricsOf } from '../metrics';
import { parseTraceCarrier, tracingOf } from '../tracing';
import type { Services } from '../services';
import { Coalescer } from './coalescer';
import { ENDPOINT_DELETED_MESSAGE } from './delete-webhook-endpoint';
import { openEndpointSecret } from './endpoint-secret';
import { enqueueDeliveries } from './enqueue-deliveries';
import { handOffDeliveries } from './hand-off-deliveries';
import { attemptLeaseMs, nextRetryWaitMs } from './retry-schedule';
import { sendSigned } from './send-signed';
import {
  deliveryClaimStates, dependentDeliveryIds, endLeasedUnsent, insertAttempts, leaseDeliveries, lockLeaseTokens, recordResults,
  recordResultsIfAllLeased, releaseLeases, type AttemptResult,
} from './webhook-deliveries.repository';
import type { DeliveryState } from './webhook-delivery.entity';
import { WEBHOOK_DELIVERED } from './webhook-delivered';
import { WebhookEndpoint } from './webhook-endpoint.entity';

export const RETRY_CANCELLED_PAUSED = 'Retry cancelled: the endpoint is paused.';

export type AttemptOutcome =
  | 'delivered' | 'retry_scheduled' | 'failed' | 'cancelled' | 'skipped_paused'
  // Nothing to do (duplicate or early jobs are expected; 'waiting': its orderedAfter predecessor's
  // delivery has not had its first attempt yet, and will hand this one off when it has):
  | 'missing' | 'not_pending' | 'leased' | 'not_due' | 'waiting' | 'lease_lost';

/** A delivery leased for its next attempt, with everything the attempt needs: what a claim (or the fan-out's insert) hands the sender. */
export interface ClaimedDelivery {
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
  /** The event's stored trace context: each attempt is a span of the trace that recorded the event. */
  traceContext: string | null;
  /** When the lease was taken, and until when it holds. */
  leasedAt: Date;
  leaseUntil: Date;
}
type Claimed = ClaimedDelivery;

// Jobs may start a little before their runAt by the clocks of two machines; that much early is on time.
const EARLY_MS = 20;

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
  const leased = await leaseDeliveries(svc.db, unique, { until: lease, token, now, dueBy: new Date(now.getTime() + EARLY_MS) });
  const claimed = new Map<number, Claimed>();
  const endpoints = new Map<string, { endpoint: WebhookEndpoint; secret: () => string }>();
  for (const row of leased) {
    let ep = endpoints.get(row.endpoint.id);
    if (!ep) {
      const endpoint = Object.assign(new WebhookEndpoint(), { ...row.endpoint, orgId: row.orgId });
      let secret: string | undefined;
      ep = { endpoint, secret: () => (secret ??= openEndpointSecret(svc.config.secretsKeys, endpoint)) };
      endpoints.set(row.endpoint.id, ep);
    }
    claimed.set(row.id, {
      id: row.id, orgId: row.orgId, eventId: row.eventId, eventType: row.eventType, attemptNo: row.attemptNo, manual: row.manual,
      endpoint: ep.endpoint, secret: ep.secret, data: row.data, occurredAt: row.occurredAt.toISOString(), token,
      casePk: row.casePk, hasDependents: row.hasDependents, traceContext: row.traceContext, leasedAt: now, leaseUntil: lease,
    });
  }
  const others = unique.filter((id) => !claimed.has(id));
  const why = new Map<number, AttemptOutcome>();
  if (others.length) {
    const states = await deliveryClaimStates(svc.db, others);
    const due: { id: number; runAt: Date }[] = [];
    for (const s of states) {
      const id = s.id;
      if (s.state !== 'pending') why.set(id, 'not_pending');
      else if (s.leaseUntil && s.leaseUntil > now) why.set(id, 'leased');
      // Its predecessor's delivery hands it off once that has had its first attempt (the sweep if that is lost).
      else if (s.waiting) why.set(id, 'waiting');
      else {
        why.set(id, 'not_due');
        // An early or stale job: make sure one is queued for the due time, and leave the row.
        if (s.nextAttemptAt) due.push({ id, runAt: s.nextAttemptAt });
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
async function finishBatch(svc: Services, items: AttemptResult[]): Promise<boolean[]> {
  const now = svc.clock.now();
  if (new Set(items.map((i) => i.id)).size === items.length) {
    try {
      return await inTransaction(svc, async ({ manager }) => {
        if (!(await recordResultsIfAllLeased(manager, items, now))) throw new LeaseLost();
        await insertAttempts(manager, items);
        return items.map(() => true);
      });
    } catch (err) {
      if (!(err instanceof LeaseLost)) throw err;
    }
  }
  return inTransaction(svc, async ({ manager }) => {
    const tokens = await lockLeaseTokens(manager, items.map((i) => i.id));
    const mine = items.filter((i) => tokens.get(i.id) === i.token);
    if (mine.length) {
      await recordResults(manager, mine, now);
      await insertAttempts(manager, mine);
    }
    return items.map((i) => tokens.get(i.id) === i.token);
  });
}

class LeaseLost extends Error {}

// One pair of batchers per Services object: calls with different clocks or configurations never mix.
interface Batchers {
  claim: Coalescer<number, Claimed | AttemptOutcome>;
  finish: Coalescer<AttemptResult, boolean>;
  release: Coalescer<{ id: number; token: string }, null>;
}
const batchers = new WeakMap<Services, Batchers>();
function batcherOf(svc: Services): Batchers {
  let b = batchers.get(svc);
  if (!b) {
    b = {
      claim: new Coalescer((items) => claimBatch(svc, items)),
      finish: new Coalescer((items) => finishBatch(svc, items)),
      release: new Coalescer<{ id: number; token: string }, null>(async (items) => {
        await releaseLeases(svc.db, items, svc.clock.now());
        return items.map(() => null);
      }),
    };
    batchers.set(svc, b);
  }
  return b;
}

/**
 * How long a delivery leased by the fan-out may wait in its worker before its attempt starts under that
 * lease: at most a second (the endpoint's pause or deletion is then seen as late as a relay lag would be)
 * and at most half the lease's margin over the response budget (the attempt still ends well inside the lease).
 */
export function freshLeaseMs(config: Services['config']): number {
  return Math.min(1000, Math.floor((attemptLeaseMs(config) - config.webhookTimeoutMs) / 2));
}

/** Gives unused leases back (the attempt number too), so that a claim, a job or another worker may take the deliveries at once. */
export async function releaseLeased(svc: Services, leased: { id: number; token: string }[]): Promise<void> {
  if (leased.length) await releaseLeases(svc.db, leased, svc.clock.now());
}

/**
 * The first attempt of a delivery the fan-out inserted already leased (no claim: its sender starts at once).
 * One that waited longer than freshLeaseMs gives its lease back and is claimed as any other, which reads the
 * endpoint again and takes a new lease. `onSent` as for attemptDelivery.
 */
export async function attemptLeased(svc: Services, claimed: ClaimedDelivery, onSent?: () => void): Promise<AttemptOutcome> {
  if (svc.clock.now().getTime() - claimed.leasedAt.getTime() <= freshLeaseMs(svc.config)) return attemptClaimed(svc, claimed, onSent);
  await batcherOf(svc).release.add({ id: claimed.id, token: claimed.token });
  return attemptDelivery(svc, claimed.id, onSent);
}

/**
 * Makes the next attempt of one delivery (the job's whole work). Claims the row with a short lease
 * (so a duplicate job, or another worker, leaves it alone, and a dead worker's row is taken over once
 * the lease runs out), signs and POSTs the stored payload bytes, records the attempt, and then marks
 * the delivery delivered, schedules the next retry from the configured list, or fails it. Receiver
 * faults never throw; a throw means infrastructure trouble, and the queue's own retry takes over.
 * Concurrent calls share their database round trips (claim and record are batched per tick).
 * `onSent` is called once no request of this attempt is on the wire any more (sent and answered, or none
 * to send), before the result is recorded: a sender limiting requests in flight may start the next then.
 */
export async function attemptDelivery(svc: Services, deliveryId: number, onSent?: () => void): Promise<AttemptOutcome> {
  const claimed = await batcherOf(svc).claim.add(deliveryId);
  if (typeof claimed === 'string') return claimed;
  return attemptClaimed(svc, claimed, onSent);
}

/** attemptDelivery once the delivery is leased: skipped or cancelled without a request when its endpoint is paused or deleted. */
async function attemptClaimed(svc: Services, claimed: ClaimedDelivery, onSent?: () => void): Promise<AttemptOutcome> {
  const { id: deliveryId, orgId, endpoint, token } = claimed;

  // A manual redelivery is sent even while the endpoint is paused (an operator asked for this one
  // request: see redeliver-webhook.ts); pausing stops only the automatic flow.
  if (endpoint.deletedAt || (endpoint.status === 'paused' && !claimed.manual)) {
    onSent?.();
    // Paused before its first automatic attempt: as if the event had come while paused (no attempt,
    // redeliverable). An automatic retry that falls due while paused is cancelled.
    const [state, lastError, outcome]: ['failed' | 'skipped_paused', string | null, AttemptOutcome] = endpoint.deletedAt
      ? ['failed', ENDPOINT_DELETED_MESSAGE, 'cancelled']
      : claimed.attemptNo === 1 ? ['skipped_paused', null, 'skipped_paused'] : ['failed', RETRY_CANCELLED_PAUSED, 'cancelled'];
    const now = svc.clock.now();
    // No request is sent: the attempt number the claim took is given back.
    if (!(await endLeasedUnsent(svc.db, { orgId, id: deliveryId, token, state, lastError, now }))) return 'lease_lost';
    if (claimed.hasDependents) await releaseDependents(svc, claimed);
    if (outcome === 'cancelled') metricsOf(svc).count('svc_webhook_deliveries_total', { state: 'cancelled' });
    return outcome;
  }

  // The attempt continues the trace of the work that recorded the event; its request (undici's client span) carries traceparent.
  return tracingOf(svc).span('webhook.deliver', {
    parent: parseTraceCarrier(claimed.traceContext),
    attributes: { 'svc.webhook.delivery_id': deliveryId, 'svc.webhook.endpoint_id': endpoint.id, 'svc.event.type': claimed.eventType, 'svc.webhook.attempt': claimed.attemptNo },
  }, () => sendAndRecord(svc, claimed, onSent));
}

/** Signs and sends one claimed delivery, records the attempt and its consequences (attemptDelivery's second half). */
async function sendAndRecord(svc: Services, claimed: Claimed, onSent?: () => void): Promise<AttemptOutcome> {
  const batcher = batcherOf(svc);
  const { id: deliveryId, orgId, endpoint, data, token, attemptNo } = claimed;
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
  onSent?.();

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
  // Counted once the result is ours (recorded): a lost lease's attempt is the next worker's to count.
  const attemptOutcome = state === 'delivered' ? 'delivered' : state === 'failed' ? 'failed' : 'retry_scheduled';
  const metrics = metricsOf(svc);
  metrics.count('svc_webhook_attempts_total', { outcome: attemptOutcome });
  metrics.observe('svc_webhook_attempt_duration_seconds', outcome.durationMs / 1000, { outcome: attemptOutcome });
  if (state !== 'pending') metrics.count('svc_webhook_deliveries_total', { state });
  else metrics.count('svc_webhook_retries_scheduled_total');
  if (nextAttemptAt) await enqueueDeliveries(svc, [{ id: deliveryId, runAt: nextAttemptAt, orgId }]);
  if (claimed.hasDependents) await releaseDependents(svc, claimed);
  // Whoever reacts to a 2xx (zero retention's purge check) does so now: committed above, so they see this delivery.
  if (state === 'delivered') {
    await runHook(svc, WEBHOOK_DELIVERED, {
      orgId, deliveryId, endpointId: endpoint.id, eventId: claimed.eventId, eventType: claimed.eventType, casePk: claimed.casePk,
    });
  }
  return attemptOutcome;
}

/**
 * After a delivery's attempt is recorded: the same endpoint's deliveries of events recorded orderedAfter
 * its event, not attempted yet, are handed off now (their claim checks again that they may go).
 */
async function releaseDependents(svc: Services, d: Claimed): Promise<void> {
  const ids = await dependentDeliveryIds(svc.db, d.orgId, d.eventId, d.endpoint.id);
  await handOffDeliveries(svc, ids.map((id) => ({ id, orgId: d.orgId })));
}
