import type { EntityManager } from 'typeorm';
import { crossTenant } from '../db/cross-tenant';
import type { Queryable } from '../db/queryable';

/**
 * The SQL of the webhook failure alerts: the health check's scan position over webhook_attempts, each
 * endpoint's health row (last success, failing streak, open incident), and the tenant's view of them.
 * Rows leave as camelCase records; the check's statements span tenants (system work) and say so.
 */

/** The attempt id the health check has read up to, locked for update (the row is created at first use). */
export async function lockHealthScanPosition(manager: EntityManager): Promise<number> {
  const position = crossTenant(manager, 'service-state');
  const [scan] = (await position.query('SELECT last_attempt_id FROM webhook_health_scan WHERE id = 1 FOR UPDATE')) as { last_attempt_id: string | number }[];
  if (!scan) await position.query('INSERT IGNORE INTO webhook_health_scan (id, last_attempt_id) VALUES (1, 0)');
  return Number(scan?.last_attempt_id ?? 0);
}

export async function moveHealthScanPosition(manager: EntityManager, lastAttemptId: number, now: Date): Promise<void> {
  await crossTenant(manager, 'service-state').query('UPDATE webhook_health_scan SET last_attempt_id = ?, checked_at = ? WHERE id = 1', [lastAttemptId, now]);
}

/** Attempts with from < id <= to: how many, the largest id, and the smallest id of one finished at or after `recentFrom`. */
export async function attemptRange(
  manager: EntityManager, from: number, to: number, recentFrom: Date,
): Promise<{ count: number; maxId: number | null; minRecentId: number | null }> {
  const [b] = (await crossTenant(manager, 'sweep').query(
    'SELECT COUNT(*) AS n, MAX(id) AS max_id, MIN(IF(finished_at >= ?, id, NULL)) AS min_recent FROM webhook_attempts WHERE id > ? AND id <= ?',
    [recentFrom, from, to],
  )) as { n: number | string; max_id: number | string | null; min_recent: number | string | null }[];
  const num = (v: number | string | null | undefined) => (v === null || v === undefined ? null : Number(v));
  return { count: Number(b?.n ?? 0), maxId: num(b?.max_id), minRecentId: num(b?.min_recent) };
}

/** One endpoint's attempts within a scan window. */
export interface EndpointWindow {
  orgId: string;
  endpointId: string;
  /** The last success in the window. */
  lastOk: Date | null;
  /** The first failure after the later of the window's and the stored last success: a streak no success ended. */
  firstFail: Date | null;
  lastFail: Date | null;
  lastFailId: number | null;
}

export async function endpointWindows(manager: EntityManager, from: number, to: number): Promise<EndpointWindow[]> {
  const rows = (await crossTenant(manager, 'sweep').query(
    `WITH w AS (
       SELECT d.org_id, d.endpoint_id, a.id, a.finished_at, (a.http_status BETWEEN 200 AND 299) AS ok
       FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id
       WHERE a.id > ? AND a.id <= ?
     ), s AS (
       SELECT endpoint_id, MAX(finished_at) AS last_ok FROM w WHERE ok GROUP BY endpoint_id
     )
     SELECT w.org_id, w.endpoint_id, s.last_ok,
       MIN(IF(NOT w.ok AND w.finished_at > GREATEST(COALESCE(s.last_ok, CAST('1970-01-01' AS DATETIME(3))), COALESCE(h.last_success_at, CAST('1970-01-01' AS DATETIME(3)))), w.finished_at, NULL)) AS first_fail,
       MAX(IF(w.ok, NULL, w.finished_at)) AS last_fail,
       MAX(IF(w.ok, NULL, w.id)) AS last_fail_id
     FROM w LEFT JOIN s ON s.endpoint_id = w.endpoint_id LEFT JOIN webhook_endpoint_health h ON h.endpoint_id = w.endpoint_id
     GROUP BY w.org_id, w.endpoint_id, s.last_ok`,
    [from, to],
  )) as { org_id: string; endpoint_id: string; last_ok: Date | null; first_fail: Date | null; last_fail: Date | null; last_fail_id: number | string | null }[];
  return rows.map((r) => ({
    orgId: r.org_id, endpointId: r.endpoint_id, lastOk: r.last_ok, firstFail: r.first_fail, lastFail: r.last_fail,
    lastFailId: r.last_fail_id === null ? null : Number(r.last_fail_id),
  }));
}

/** An endpoint's stored health. */
export interface EndpointHealth {
  endpointId: string;
  orgId: string;
  lastSuccessAt: Date | null;
  failingSince: Date | null;
  incidentSince: Date | null;
  lastError: string | null;
}

/** The stored health rows of these endpoints (any tenant's), locked for update, by endpoint id. */
export async function lockEndpointHealth(manager: EntityManager, endpointIds: string[]): Promise<Map<string, EndpointHealth>> {
  const rows = (await crossTenant(manager, 'sweep').query(
    `SELECT endpoint_id, org_id, last_success_at, failing_since, incident_since, last_error FROM webhook_endpoint_health
     WHERE endpoint_id IN (${endpointIds.map(() => '?').join(', ')}) FOR UPDATE`,
    endpointIds,
  )) as { endpoint_id: string; org_id: string; last_success_at: Date | null; failing_since: Date | null; incident_since: Date | null; last_error: string | null }[];
  return new Map(rows.map((h) => [h.endpoint_id, {
    endpointId: h.endpoint_id, orgId: h.org_id, lastSuccessAt: h.last_success_at, failingSince: h.failing_since, incidentSince: h.incident_since, lastError: h.last_error,
  }]));
}

/** The status and error of these attempts (any tenant's), by attempt id. */
export async function attemptFailures(manager: EntityManager, attemptIds: number[]): Promise<Map<number, { httpStatus: number; errorMessage: string | null }>> {
  if (attemptIds.length === 0) return new Map();
  const rows = (await crossTenant(manager, 'sweep').query(
    `SELECT a.id, a.http_status, a.error_message FROM webhook_attempts a WHERE a.id IN (${attemptIds.map(() => '?').join(', ')})`,
    attemptIds,
  )) as { id: number | string; http_status: number; error_message: string | null }[];
  return new Map(rows.map((a) => [Number(a.id), { httpStatus: a.http_status, errorMessage: a.error_message }]));
}

/**
 * Writes an endpoint's health after a window: the last failure's status and error only move forward in
 * time; the streak, incident and recovery are as computed.
 */
export async function saveEndpointHealth(
  manager: EntityManager,
  h: {
    endpointId: string; orgId: string; lastSuccessAt: Date | null; lastFailureAt: Date | null; lastHttpStatus: number | null; lastError: string | null;
    failingSince: Date | null; incidentSince: Date | null; recoveredAt: Date | null; now: Date;
  },
): Promise<void> {
  await manager.query(
    `INSERT INTO webhook_endpoint_health
       (endpoint_id, org_id, last_success_at, last_failure_at, last_http_status, last_error, failing_since, incident_since, recovered_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON DUPLICATE KEY UPDATE
       last_success_at = VALUES(last_success_at),
       last_http_status = IF(VALUES(last_failure_at) IS NOT NULL AND (last_failure_at IS NULL OR VALUES(last_failure_at) >= last_failure_at), VALUES(last_http_status), last_http_status),
       last_error = IF(VALUES(last_failure_at) IS NOT NULL AND (last_failure_at IS NULL OR VALUES(last_failure_at) >= last_failure_at), VALUES(last_error), last_error),
       last_failure_at = GREATEST(COALESCE(last_failure_at, VALUES(last_failure_at)), COALESCE(VALUES(last_failure_at), last_failure_at)),
       failing_since = VALUES(failing_since), incident_since = VALUES(incident_since),
       recovered_at = COALESCE(VALUES(recovered_at), recovered_at), updated_at = VALUES(updated_at)`,
    [h.endpointId, h.orgId, h.lastSuccessAt, h.lastFailureAt, h.lastHttpStatus, h.lastError, h.failingSince, h.incidentSince, h.recoveredAt, h.now],
  );
}

/**
 * Live, active endpoints (any tenant's) failing since before their tenant's alert threshold with no open
 * incident, oldest streak first, locked for update.
 */
export async function lockIncidentsDue(
  manager: EntityManager, now: Date, limit: number,
): Promise<{ endpointId: string; orgId: string; failingSince: Date; lastError: string | null }[]> {
  const rows = (await crossTenant(manager, 'sweep').query(
    `SELECT h.endpoint_id, h.org_id, h.failing_since, h.last_error FROM webhook_endpoint_health h
     JOIN webhook_endpoints e ON e.id = h.endpoint_id AND e.org_id = h.org_id
     JOIN tenants t ON t.id = h.org_id
     WHERE h.incident_since IS NULL AND h.failing_since IS NOT NULL AND e.deleted_at IS NULL AND e.status = 'active'
       AND h.failing_since <= ? - INTERVAL t.webhook_alert_after_minutes MINUTE
     ORDER BY h.failing_since LIMIT ${Number(limit)} FOR UPDATE`,
    [now],
  )) as { endpoint_id: string; org_id: string; failing_since: Date; last_error: string | null }[];
  return rows.map((r) => ({ endpointId: r.endpoint_id, orgId: r.org_id, failingSince: r.failing_since, lastError: r.last_error }));
}

/** Opens the endpoint's incident as of the start of its failing streak. */
export async function openIncident(manager: EntityManager, orgId: string, endpointId: string, now: Date): Promise<void> {
  await manager.query('UPDATE webhook_endpoint_health SET incident_since = failing_since, updated_at = ? WHERE org_id = ? AND endpoint_id = ?', [now, orgId, endpointId]);
}

/** Each live endpoint of the tenant with its health (null fields when never checked), oldest endpoint first. */
export async function listEndpointHealth(db: Queryable, orgId: string): Promise<{
  endpointId: string; incidentSince: Date | null; failingSince: Date | null; lastSuccessAt: Date | null; lastFailureAt: Date | null;
  lastError: string | null; updatedAt: Date | null;
}[]> {
  const rows = (await db.query(
    `SELECT e.id, h.incident_since, h.failing_since, h.last_success_at, h.last_failure_at, h.last_error, h.updated_at
     FROM webhook_endpoints e LEFT JOIN webhook_endpoint_health h ON h.endpoint_id = e.id AND h.org_id = e.org_id
     WHERE e.org_id = ? AND e.deleted_at IS NULL ORDER BY e.created_at, e.id`,
    [orgId],
  )) as { id: string; incident_since: Date | null; failing_since: Date | null; last_success_at: Date | null; last_failure_at: Date | null; last_error: string | null; updated_at: Date | null }[];
  return rows.map((r) => ({
    endpointId: r.id, incidentSince: r.incident_since, failingSince: r.failing_since, lastSuccessAt: r.last_success_at,
    lastFailureAt: r.last_failure_at, lastError: r.last_error, updatedAt: r.updated_at,
  }));
}

/** Live, per endpoint of the tenant: deliveries with a failed attempt behind them and another one due (the retries waiting now). */
export async function listPendingRetries(db: Queryable, orgId: string): Promise<Map<string, { count: number; since: Date; nextAt: Date | null; lastAt: Date; lastError: string | null }>> {
  const rows = (await db.query(
    `SELECT d.endpoint_id, COUNT(*) AS n, MIN(d.created_at) AS since, MIN(d.next_attempt_at) AS next_at, MAX(d.updated_at) AS last_at,
       SUBSTRING_INDEX(GROUP_CONCAT(d.last_error ORDER BY d.updated_at DESC SEPARATOR '\x1f'), '\x1f', 1) AS last_error
     FROM webhook_deliveries d
     WHERE d.org_id = ? AND d.state = 'pending' AND d.attempts > 0
     GROUP BY d.endpoint_id`,
    [orgId],
  )) as { endpoint_id: string; n: number | string; since: Date; next_at: Date | null; last_at: Date; last_error: string | null }[];
  return new Map(rows.map((r) => [r.endpoint_id, { count: Number(r.n), since: r.since, nextAt: r.next_at, lastAt: r.last_at, lastError: r.last_error || null }]));
}

/** Endpoints whose deliveries are failing now (failing_since set by the health check), every tenant's. */
export async function failingEndpointCount(db: Queryable): Promise<number> {
  const rows = (await crossTenant(db, 'sweep').query(
    'SELECT COUNT(*) AS n FROM webhook_endpoint_health WHERE failing_since IS NOT NULL',
  )) as { n: number | string }[];
  return Number(rows[0]?.n ?? 0);
}
