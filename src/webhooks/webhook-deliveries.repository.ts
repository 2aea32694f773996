import type { EntityManager } from 'typeorm';
import { crossTenant } from '../db/cross-tenant';
import type { Queryable } from '../db/queryable';
import type { SendOutcome } from './send-signed';
import type { DeliveryState } from './webhook-delivery.entity';

/**
 * The SQL of webhook deliveries and their attempts that the entity API cannot say well: the batched lease
 * and finish of the hot path, the fan-out insert, the sweeps and the recovery's due times. Rows leave this
 * module as camelCase records (ids as numbers). Statements that span tenants say why (crossTenant).
 */

/** Joins `p`, the same endpoint's delivery of the event `d` is ordered after (none for most deliveries). */
const PREDECESSOR = 'd.after_event_id IS NOT NULL AND p.event_id = d.after_event_id AND p.endpoint_id = d.endpoint_id';
/** `d` waits: its predecessor's delivery exists and has not had its first attempt. */
const WAITING = `(p.id IS NOT NULL AND p.state = 'pending' AND p.first_done_at IS NULL)`;
const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');

/** A leased delivery with what its attempt needs: its endpoint (secret still sealed) and its event's stored bytes. */
export interface LeasedDelivery {
  id: number;
  orgId: string;
  eventId: string;
  eventType: string;
  /** The attempt number the lease took (attempts + 1, committed with the lease). */
  attemptNo: number;
  manual: boolean;
  endpoint: { id: string; url: string; secretCiphertext: string; secretKeyId: string; status: 'active' | 'paused'; deletedAt: Date | null };
  data: string;
  occurredAt: Date;
  casePk: number | null;
  hasDependents: boolean;
  /** The event's stored trace context (JSON), which every attempt continues; null when it was not traced. */
  traceContext: string | null;
}

interface LeasedRow {
  id: number | string; org_id: string; endpoint_id: string; event_id: string; event_type: string; attempts: number; manual: number;
  url: string; secret_ciphertext: string; secret_key_id: string; status: 'active' | 'paused'; deleted_at: Date | null;
  data: string; occurred_at: Date; case_pk: number | string | null; has_dependents: number | string; trace_context: string | null;
}

const toLeased = (r: LeasedRow): LeasedDelivery => ({
  id: Number(r.id), orgId: r.org_id, eventId: r.event_id, eventType: r.event_type, attemptNo: Number(r.attempts), manual: Number(r.manual) === 1,
  endpoint: { id: r.endpoint_id, url: r.url, secretCiphertext: r.secret_ciphertext, secretKeyId: r.secret_key_id, status: r.status, deletedAt: r.deleted_at },
  data: r.data, occurredAt: new Date(r.occurred_at), casePk: r.case_pk === null ? null : Number(r.case_pk), hasDependents: Number(r.has_dependents) === 1,
  traceContext: r.trace_context,
});

/**
 * The deliveries among `count` ids (bound first, then the lease token) that hold the lease, with what sending
 * needs. FORCE INDEX: while after_event_id is NULL on nearly every row, MariaDB's statistics rate
 * ix_deliveries_after no better than the endpoint's own index, and it read every delivery of the endpoint for
 * each row leased (35,000 rows for 7 in the webhooks benchmark's backlog of 5,000); the value looked up, an
 * event id, is never NULL.
 */
const leasedDeliveriesSql = (count: number): string =>
  `SELECT d.id, d.org_id, d.endpoint_id, d.event_id, d.event_type, d.attempts, d.manual,
          e.url, e.secret_ciphertext, e.secret_key_id, e.status, e.deleted_at, ev.data, ev.occurred_at, ev.case_pk, ev.trace_context,
          EXISTS (SELECT 1 FROM webhook_deliveries x FORCE INDEX (ix_deliveries_after) WHERE x.after_event_id = d.event_id AND x.endpoint_id = d.endpoint_id) AS has_dependents
   FROM webhook_deliveries d
   JOIN webhook_endpoints e ON e.org_id = d.org_id AND e.id = d.endpoint_id
   JOIN events ev ON ev.org_id = d.org_id AND ev.seq = d.event_seq
   WHERE d.id IN (${marks(count)}) AND d.lease_token = ?`;

/**
 * Takes the lease (and the next attempt number) on every due, pending, unleased delivery of `ids` whose
 * orderedAfter predecessor has had its first attempt, in one UPDATE; then reads the leased ones back by
 * the lease token. Deliveries of any tenant: their jobs name them by id.
 */
export async function leaseDeliveries(
  db: Queryable, ids: number[], lease: { until: Date; token: string; now: Date; dueBy: Date },
): Promise<LeasedDelivery[]> {
  const claims = crossTenant(db, 'delivery-claim');
  await claims.query(
    `UPDATE webhook_deliveries d LEFT JOIN webhook_deliveries p ON ${PREDECESSOR}
     SET d.lease_until = ?, d.lease_token = ?, d.attempts = d.attempts + 1, d.updated_at = ?
     WHERE d.id IN (${marks(ids.length)}) AND d.state = 'pending' AND (d.lease_until IS NULL OR d.lease_until <= ?) AND d.next_attempt_at <= ?
       AND NOT ${WAITING}`,
    [lease.until, lease.token, lease.now, ...ids, lease.now, lease.dueBy],
  );
  const rows: LeasedRow[] = await claims.query(leasedDeliveriesSql(ids.length), [...ids, lease.token]);
  return rows.map(toLeased);
}

/** Why a delivery was not leased: its state, lease, due time and whether its predecessor holds it back. */
export interface DeliveryClaimState {
  id: number;
  state: DeliveryState;
  leaseUntil: Date | null;
  nextAttemptAt: Date | null;
  waiting: boolean;
}

export async function deliveryClaimStates(db: Queryable, ids: number[]): Promise<DeliveryClaimState[]> {
  const rows: { id: number | string; state: DeliveryState; lease_until: Date | null; next_attempt_at: Date | null; waiting: number | string }[] =
    await crossTenant(db, 'delivery-claim').query(
      `SELECT d.id, d.state, d.lease_until, d.next_attempt_at, ${WAITING} AS waiting
       FROM webhook_deliveries d LEFT JOIN webhook_deliveries p ON ${PREDECESSOR} WHERE d.id IN (${marks(ids.length)})`, ids,
    );
  return rows.map((r) => ({
    id: Number(r.id), state: r.state, leaseUntil: r.lease_until ? new Date(r.lease_until) : null,
    nextAttemptAt: r.next_attempt_at ? new Date(r.next_attempt_at) : null, waiting: Number(r.waiting) === 1,
  }));
}

/** One attempt's result, to be recorded on its leased delivery. */
export interface AttemptResult {
  id: number;
  orgId: string;
  token: string;
  state: DeliveryState;
  attemptNo: number;
  outcome: SendOutcome;
  error: string | null;
  nextAttemptAt: Date | null;
}

const RESULT_COLUMNS: [string, (i: AttemptResult, now: Date) => unknown][] = [
  ['state', (i) => i.state],
  ['attempts', (i) => i.attemptNo],
  ['last_http_status', (i) => i.outcome.status],
  ['last_error', (i) => i.error],
  ['next_attempt_at', (i) => i.nextAttemptAt],
  ['completed_at', (i, now) => (i.state === 'pending' ? null : now)],
];

/** UPDATE of the pending rows to their results, lease released; parameters from resultParams. */
function resultSql(items: AttemptResult[]): string {
  const cases = `CASE id ${items.map(() => 'WHEN ? THEN ?').join(' ')} END`;
  return `UPDATE webhook_deliveries SET ${RESULT_COLUMNS.map(([c]) => `${c} = ${cases}`).join(', ')},
            lease_until = NULL, lease_token = NULL, updated_at = ?, first_done_at = COALESCE(first_done_at, ?)
          WHERE id IN (${marks(items.length)}) AND state = 'pending'`;
}

function resultParams(items: AttemptResult[], now: Date): unknown[] {
  return [...RESULT_COLUMNS.flatMap(([, col]) => items.flatMap((i) => [i.id, col(i, now)])), now, now, ...items.map((i) => i.id)];
}

/**
 * Records the results of distinct deliveries whose lease tokens are all still the given ones, in one UPDATE
 * conditional on every token; true when every row was changed (the caller's transaction must roll back otherwise).
 */
export async function recordResultsIfAllLeased(manager: EntityManager, items: AttemptResult[], now: Date): Promise<boolean> {
  const res: { affectedRows: number } = await crossTenant(manager, 'delivery-claim').query(
    `${resultSql(items)} AND lease_token = CASE id ${items.map(() => 'WHEN ? THEN ?').join(' ')} END`,
    [...resultParams(items, now), ...items.flatMap((i) => [i.id, i.token])],
  );
  return res.affectedRows === items.length;
}

/** The lease tokens of the pending deliveries among `ids`, locked for update (the slow path of recording results). */
export async function lockLeaseTokens(manager: EntityManager, ids: number[]): Promise<Map<number, string | null>> {
  const held: { id: number | string; lease_token: string | null }[] = await crossTenant(manager, 'delivery-claim').query(
    `SELECT id, lease_token FROM webhook_deliveries WHERE id IN (${marks(ids.length)}) AND state = 'pending' FOR UPDATE`, ids,
  );
  return new Map(held.map((h) => [Number(h.id), h.lease_token]));
}

/** Records results whose leases were checked under lock (lockLeaseTokens). */
export async function recordResults(manager: EntityManager, items: AttemptResult[], now: Date): Promise<void> {
  await crossTenant(manager, 'delivery-claim').query(resultSql(items), resultParams(items, now));
}

/** One webhook_attempts row per result, in one INSERT. */
export async function insertAttempts(manager: EntityManager, items: AttemptResult[]): Promise<void> {
  await manager.query(
    `INSERT INTO webhook_attempts (org_id, delivery_id, attempt_no, http_status, error_message, response_body, duration_ms, started_at, finished_at)
     VALUES ${items.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
    items.flatMap((i) => [i.orgId, i.id, i.attemptNo, i.outcome.status, i.error, i.outcome.body, i.outcome.durationMs, i.outcome.startedAt, i.outcome.finishedAt]),
  );
}

/**
 * Ends a leased delivery without sending (endpoint deleted or paused): its state, the attempt number the lease
 * took given back. False when the lease is no longer ours.
 */
export async function endLeasedUnsent(
  db: Queryable, d: { orgId: string; id: number; token: string; state: 'failed' | 'skipped_paused'; lastError: string | null; now: Date },
): Promise<boolean> {
  const res: { affectedRows: number } = await db.query(
    `UPDATE webhook_deliveries SET state = ?, last_error = ?, attempts = attempts - 1, lease_until = NULL, lease_token = NULL, next_attempt_at = NULL, completed_at = ?, updated_at = ?,
       first_done_at = COALESCE(first_done_at, ?)
     WHERE org_id = ? AND id = ? AND state = 'pending' AND lease_token = ?`,
    [d.state, d.lastError, d.now, d.now, d.now, d.orgId, d.id, d.token],
  );
  return res.affectedRows === 1;
}

/** The endpoint's pending, unattempted deliveries of events recorded orderedAfter `eventId`, oldest first (index: see leaseDeliveries). */
export async function dependentDeliveryIds(db: Queryable, orgId: string, eventId: string, endpointId: string): Promise<number[]> {
  const rows: { id: number | string }[] = await db.query(
    `SELECT id FROM webhook_deliveries FORCE INDEX (ix_deliveries_after) WHERE after_event_id = ? AND endpoint_id = ? AND org_id = ? AND state = 'pending' AND attempts = 0 ORDER BY id`,
    [eventId, endpointId, orgId],
  );
  return rows.map((r) => Number(r.id));
}

/** A delivery row the fan-out creates. */
export interface NewDelivery {
  orgId: string;
  endpointId: string;
  eventSeq: number;
  eventId: string;
  eventType: string;
  afterEventId: string | null;
  state: 'pending' | 'skipped_paused';
  now: Date;
  /** Inserted already leased (its first attempt's number taken) by the worker that fans it out. */
  leased: boolean;
}

/** A pending delivery the fan-out inserted, and whether it holds the fan-out's lease. */
export interface InsertedDelivery {
  id: number;
  orgId: string;
  endpointId: string;
  eventSeq: number;
  leased: boolean;
}

/**
 * Inserts the fan-out's delivery rows (a duplicate event+endpoint is ignored), then answers the pending
 * deliveries of those events that are unattempted or hold this insert's lease, oldest first. A leased row
 * is inserted as a claim would leave it: lease until `lease.until` under `lease.token`, attempt 1 taken.
 */
export async function insertDeliveries(
  manager: EntityManager, rows: NewDelivery[], events: { orgIds: string[]; seqs: number[] }, lease: { token: string; until: Date },
): Promise<InsertedDelivery[]> {
  await manager.query(
    `INSERT IGNORE INTO webhook_deliveries
       (org_id, endpoint_id, event_seq, event_id, event_type, after_event_id, state, attempts, manual, next_attempt_at, created_at, updated_at, completed_at, first_done_at,
        lease_until, lease_token)
     VALUES ${rows.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
    rows.flatMap((r) => {
      const done = r.state === 'pending' ? null : r.now;
      return [
        r.orgId, r.endpointId, r.eventSeq, r.eventId, r.eventType, r.afterEventId, r.state, r.leased ? 1 : 0, r.state === 'pending' ? r.now : null, r.now, r.now, done, done,
        r.leased ? lease.until : null, r.leased ? lease.token : null,
      ];
    }),
  );
  const pending: { id: number | string; org_id: string; endpoint_id: string; event_seq: number | string; lease_token: string | null }[] = await manager.query(
    `SELECT id, org_id, endpoint_id, event_seq, lease_token FROM webhook_deliveries
     WHERE org_id IN (${marks(events.orgIds.length)}) AND event_seq IN (${marks(events.seqs.length)}) AND state = 'pending'
       AND (attempts = 0 OR lease_token = ?)
     ORDER BY id`,
    [...events.orgIds, ...events.seqs, lease.token],
  );
  return pending.map((r) => ({
    id: Number(r.id), orgId: r.org_id, endpointId: r.endpoint_id, eventSeq: Number(r.event_seq), leased: r.lease_token === lease.token,
  }));
}

/**
 * Gives leases back unused (no request was sent under them): the lease cleared and the attempt number it took
 * returned, for each delivery still pending under its token. Deliveries of any tenant, named by id and token.
 */
export async function releaseLeases(db: Queryable, items: { id: number; token: string }[], now: Date): Promise<void> {
  await crossTenant(db, 'delivery-claim').query(
    `UPDATE webhook_deliveries SET lease_until = NULL, lease_token = NULL, attempts = attempts - 1, updated_at = ?
     WHERE id IN (${marks(items.length)}) AND state = 'pending' AND lease_token = CASE id ${items.map(() => 'WHEN ? THEN ?').join(' ')} END`,
    [now, ...items.map((i) => i.id), ...items.flatMap((i) => [i.id, i.token])],
  );
}

/**
 * The sweep's first half: pending deliveries due and untouched for one lease (`stale`) whose lease, if any,
 * ran out by `now`, locked (SKIP LOCKED), at most `limit`; their leases are cleared. Every tenant's.
 */
export async function takeStuckDeliveries(manager: EntityManager, at: { now: Date; stale: Date }, limit: number): Promise<{ id: number; orgId: string }[]> {
  const sweep = crossTenant(manager, 'sweep');
  const found: { id: number | string; org_id: string }[] = await sweep.query(
    `SELECT id, org_id, next_attempt_at FROM webhook_deliveries
     WHERE state = 'pending' AND next_attempt_at <= ? AND updated_at <= ? AND (lease_until IS NULL OR lease_until < ?)
     ORDER BY next_attempt_at LIMIT ${Number(limit)} FOR UPDATE SKIP LOCKED`,
    [at.stale, at.stale, at.now],
  );
  if (found.length === 0) return [];
  await sweep.query(
    `UPDATE webhook_deliveries SET lease_token = NULL, lease_until = NULL, updated_at = ? WHERE id IN (${marks(found.length)})`,
    [at.now, ...found.map((r) => Number(r.id))],
  );
  return found.map((r) => ({ id: Number(r.id), orgId: r.org_id }));
}

/**
 * The sweep's second half: deliveries ordered after another whose wake-up was lost (not attempted, although
 * the predecessor's delivery to their endpoint had its first attempt before `releasedBefore`). Every tenant's.
 */
export async function lostReleases(db: Queryable, at: { now: Date; releasedBefore: Date }, limit: number): Promise<{ id: number; orgId: string }[]> {
  const rows: { id: number | string; org_id: string }[] = await crossTenant(db, 'sweep').query(
    `SELECT d.id, d.org_id FROM webhook_deliveries d
     JOIN webhook_deliveries p ON p.event_id = d.after_event_id AND p.endpoint_id = d.endpoint_id
     WHERE d.state = 'pending' AND d.next_attempt_at <= ? AND d.after_event_id IS NOT NULL AND d.attempts = 0 AND d.lease_token IS NULL
       AND (p.first_done_at < ? OR (p.first_done_at IS NULL AND p.state <> 'pending' AND p.updated_at < ?))
     ORDER BY d.id LIMIT ${Number(limit)}`,
    [at.now, at.releasedBefore, at.releasedBefore],
  );
  return rows.map((r) => ({ id: Number(r.id), orgId: r.org_id }));
}

/** Recovery: each delivery pending again as a manual attempt due at its own time (one UPDATE per 500). */
export async function requeueDeliveries(manager: EntityManager, orgId: string, due: { id: number; runAt: Date }[], now: Date): Promise<void> {
  for (let i = 0; i < due.length; i += 500) {
    const batch = due.slice(i, i + 500);
    await manager.query(
      `UPDATE webhook_deliveries SET state = 'pending', manual = 1, lease_until = NULL, lease_token = NULL, completed_at = NULL, updated_at = ?,
         next_attempt_at = CASE id ${batch.map(() => 'WHEN ? THEN ?').join(' ')} END
       WHERE org_id = ? AND id IN (${marks(batch.length)})`,
      [now, ...batch.flatMap((d) => [d.id, d.runAt]), orgId, ...batch.map((d) => d.id)],
    );
  }
}
