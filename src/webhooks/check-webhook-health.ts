import { crossTenant } from '../db/cross-tenant';
import { inTransaction, type Tx } from '../db/transaction';
import type { Services } from '../services';
import { queueWebhookAlertMails } from './webhook-alert-mail';
import { attemptLeaseMs } from './retry-schedule';

/** Attempts read per check at most (by primary key); the next check goes on from there. */
const SCAN_BATCH = 50_000;
/** A row committed this long after a later row could be missed by the scan position: one lease plus a minute. */
const lateCommitGraceMs = (svc: Services) => attemptLeaseMs(svc.config) + 60_000;

interface WindowRow {
  org_id: string;
  endpoint_id: string;
  last_ok: Date | null;
  first_fail: Date | null;
  last_fail: Date | null;
  last_fail_id: number | string | null;
}

interface HealthRow {
  endpoint_id: string;
  org_id: string;
  last_success_at: Date | null;
  failing_since: Date | null;
  incident_since: Date | null;
  last_error: string | null;
}

export interface HealthCheckResult {
  attemptsRead: number;
  incidentsOpened: number;
  incidentsClosed: number;
  mailsQueued: number;
}

/**
 * Failure alerts: the periodic check (every WEBHOOK_HEALTH_CHECK_INTERVAL_MS on each worker; one at a
 * time, by a row lock). It reads the attempts recorded since its last position in webhook_attempts, by
 * whatever path they were recorded, and keeps per endpoint the last success and the current failing
 * streak (the first failure after the last success). An endpoint whose streak is older than its tenant's
 * threshold (webhook_alert_after_minutes, default 60) with no success opens an incident: its compliance
 * admins and admins are emailed once. The first success after it closes the incident: one recovery email.
 * Nothing is ever paused. Paused and deleted endpoints open no incident. Cross-tenant: system work.
 *
 * The position only moves past attempts that finished a grace period ago, so an attempt whose commit
 * lagged behind a later one is still read; attempts read twice change nothing (maxima and minima).
 */
export async function checkWebhookHealth(svc: Services): Promise<HealthCheckResult> {
  return inTransaction(svc, async (tx) => {
    const now = svc.clock.now();
    const position = crossTenant(tx.manager, 'service-state');
    const [scan] = (await position.query('SELECT last_attempt_id FROM webhook_health_scan WHERE id = 1 FOR UPDATE')) as { last_attempt_id: string | number }[];
    const from = Number(scan?.last_attempt_id ?? 0);
    if (!scan) await position.query('INSERT IGNORE INTO webhook_health_scan (id, last_attempt_id) VALUES (1, 0)');
    const to = from + SCAN_BATCH;
    const cutoff = new Date(now.getTime() - lateCommitGraceMs(svc));
    const [bounds] = (await crossTenant(tx.manager, 'sweep').query(
      `SELECT COUNT(*) AS n, MAX(id) AS max_id, MIN(IF(finished_at >= ?, id, NULL)) AS min_recent FROM webhook_attempts WHERE id > ? AND id <= ?`,
      [cutoff, from, to],
    )) as { n: number | string; max_id: number | string | null; min_recent: number | string | null }[];
    const attemptsRead = Number(bounds?.n ?? 0);
    const counts = { incidentsOpened: 0, incidentsClosed: 0, mailsQueued: 0 };
    if (attemptsRead > 0) {
      await mergeWindow(tx, from, to, now, counts);
      const next = bounds!.min_recent !== null ? Number(bounds!.min_recent) - 1 : Number(bounds!.max_id);
      await position.query('UPDATE webhook_health_scan SET last_attempt_id = ?, checked_at = ? WHERE id = 1', [Math.max(from, next), now]);
    }
    await openIncidents(tx, now, counts);
    return { attemptsRead, ...counts };
  });
}

/** Folds the attempts of (from, to] into each endpoint's health row, and closes incidents a success ended. */
async function mergeWindow(tx: Tx, from: number, to: number, now: Date, counts: Omit<HealthCheckResult, 'attemptsRead'>): Promise<void> {
  // Per endpoint: the last success in the window, and the first failure after the later of it and the
  // stored last success (the start of a failing streak that no success has ended).
  const sweep = crossTenant(tx.manager, 'sweep');
  const rows = (await sweep.query(
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
  )) as WindowRow[];
  if (rows.length === 0) return;
  const ids = rows.map((r) => r.endpoint_id);
  const stored = new Map(((await sweep.query(
    `SELECT endpoint_id, org_id, last_success_at, failing_since, incident_since, last_error FROM webhook_endpoint_health
     WHERE endpoint_id IN (${ids.map(() => '?').join(', ')}) FOR UPDATE`,
    ids,
  )) as HealthRow[]).map((h) => [h.endpoint_id, h]));
  const failIds = rows.map((r) => r.last_fail_id).filter((id) => id !== null).map(Number);
  const lastFailures = new Map(failIds.length === 0 ? [] : ((await sweep.query(
    `SELECT a.id, a.http_status, a.error_message FROM webhook_attempts a WHERE a.id IN (${failIds.map(() => '?').join(', ')})`,
    failIds,
  )) as { id: number | string; http_status: number; error_message: string | null }[]).map((a) => [Number(a.id), a]));

  for (const row of rows) {
    const h = stored.get(row.endpoint_id);
    const lastSuccess = latest(h?.last_success_at ?? null, row.last_ok);
    const keep = h?.failing_since && (!lastSuccess || h.failing_since > lastSuccess) ? h.failing_since : null;
    const failingSince = earliest(keep, row.first_fail);
    const failure = row.last_fail_id === null ? undefined : lastFailures.get(Number(row.last_fail_id));
    const lastError = failure ? failure.error_message ?? `The receiver answered HTTP ${failure.http_status}.` : null;
    let incidentSince = h?.incident_since ?? null;
    let recoveredAt: Date | null = null;
    // A success after the streak that opened the incident ends it (even when a new streak began since).
    if (incidentSince && lastSuccess && lastSuccess > incidentSince) {
      counts.incidentsClosed++;
      counts.mailsQueued += await queueWebhookAlertMails(tx, {
        orgId: row.org_id, endpointId: row.endpoint_id, kind: 'recovered', incidentSince, happenedAt: lastSuccess, lastError: h?.last_error ?? null,
      });
      incidentSince = null;
      recoveredAt = lastSuccess;
    }
    await tx.manager.query(
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
      [row.endpoint_id, row.org_id, lastSuccess, row.last_fail, failure?.http_status ?? null, lastError, failingSince, incidentSince, recoveredAt, now],
    );
  }
}

/** Opens an incident for every live, active endpoint failing for longer than its tenant's threshold. */
async function openIncidents(tx: Tx, now: Date, counts: Omit<HealthCheckResult, 'attemptsRead'>): Promise<void> {
  const due = (await crossTenant(tx.manager, 'sweep').query(
    `SELECT h.endpoint_id, h.org_id, h.failing_since, h.last_error FROM webhook_endpoint_health h
     JOIN webhook_endpoints e ON e.id = h.endpoint_id AND e.org_id = h.org_id
     JOIN tenants t ON t.id = h.org_id
     WHERE h.incident_since IS NULL AND h.failing_since IS NOT NULL AND e.deleted_at IS NULL AND e.status = 'active'
       AND h.failing_since <= ? - INTERVAL t.webhook_alert_after_minutes MINUTE
     ORDER BY h.failing_since LIMIT 500 FOR UPDATE`,
    [now],
  )) as { endpoint_id: string; org_id: string; failing_since: Date; last_error: string | null }[];
  for (const h of due) {
    await tx.manager.query('UPDATE webhook_endpoint_health SET incident_since = failing_since, updated_at = ? WHERE org_id = ? AND endpoint_id = ?', [
      now, h.org_id, h.endpoint_id,
    ]);
    counts.incidentsOpened++;
    counts.mailsQueued += await queueWebhookAlertMails(tx, {
      orgId: h.org_id, endpointId: h.endpoint_id, kind: 'failing', incidentSince: h.failing_since, happenedAt: now, lastError: h.last_error,
    });
  }
}

const latest = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : a ?? b);
const earliest = (a: Date | null, b: Date | null) => (a && b ? (a < b ? a : b) : a ?? b);
