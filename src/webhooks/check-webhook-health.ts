import { inTransaction, type Tx } from '../db/transaction';
import type { Services } from '../services';
import { queueWebhookAlertMails } from './webhook-alert-mail';
import { attemptLeaseMs } from './retry-schedule';
import {
  attemptFailures, attemptRange, endpointWindows, lockEndpointHealth, lockHealthScanPosition, lockIncidentsDue, moveHealthScanPosition,
  openIncident, saveEndpointHealth,
} from './webhook-health.repository';

/** Attempts read per check at most (by primary key); the next check goes on from there. */
const SCAN_BATCH = 50_000;
/** A row committed this long after a later row could be missed by the scan position: one lease plus a minute. */
const lateCommitGraceMs = (svc: Services) => attemptLeaseMs(svc.config) + 60_000;

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
    const from = await lockHealthScanPosition(tx.manager);
    const to = from + SCAN_BATCH;
    const range = await attemptRange(tx.manager, from, to, new Date(now.getTime() - lateCommitGraceMs(svc)));
    const counts = { incidentsOpened: 0, incidentsClosed: 0, mailsQueued: 0 };
    if (range.count > 0) {
      await mergeWindow(tx, from, to, now, counts);
      const next = range.minRecentId !== null ? range.minRecentId - 1 : range.maxId!;
      await moveHealthScanPosition(tx.manager, Math.max(from, next), now);
    }
    await openIncidents(tx, now, counts);
    return { attemptsRead: range.count, ...counts };
  });
}

/** Folds the attempts of (from, to] into each endpoint's health row, and closes incidents a success ended. */
async function mergeWindow(tx: Tx, from: number, to: number, now: Date, counts: Omit<HealthCheckResult, 'attemptsRead'>): Promise<void> {
  // Per endpoint: the last success in the window, and the first failure after the later of it and the
  // stored last success (the start of a failing streak that no success has ended).
  const rows = await endpointWindows(tx.manager, from, to);
  if (rows.length === 0) return;
  const stored = await lockEndpointHealth(tx.manager, rows.map((r) => r.endpointId));
  const lastFailures = await attemptFailures(tx.manager, rows.flatMap((r) => (r.lastFailId === null ? [] : [r.lastFailId])));

  for (const row of rows) {
    const h = stored.get(row.endpointId);
    const lastSuccess = latest(h?.lastSuccessAt ?? null, row.lastOk);
    const keep = h?.failingSince && (!lastSuccess || h.failingSince > lastSuccess) ? h.failingSince : null;
    const failingSince = earliest(keep, row.firstFail);
    const failure = row.lastFailId === null ? undefined : lastFailures.get(row.lastFailId);
    const lastError = failure ? failure.errorMessage ?? `The receiver answered HTTP ${failure.httpStatus}.` : null;
    let incidentSince = h?.incidentSince ?? null;
    let recoveredAt: Date | null = null;
    // A success after the streak that opened the incident ends it (even when a new streak began since).
    if (incidentSince && lastSuccess && lastSuccess > incidentSince) {
      counts.incidentsClosed++;
      counts.mailsQueued += await queueWebhookAlertMails(tx, {
        orgId: row.orgId, endpointId: row.endpointId, kind: 'recovered', incidentSince, happenedAt: lastSuccess, lastError: h?.lastError ?? null,
      });
      incidentSince = null;
      recoveredAt = lastSuccess;
    }
    await saveEndpointHealth(tx.manager, {
      endpointId: row.endpointId, orgId: row.orgId, lastSuccessAt: lastSuccess, lastFailureAt: row.lastFail, lastHttpStatus: failure?.httpStatus ?? null,
      lastError, failingSince, incidentSince, recoveredAt, now,
    });
  }
}

/** Opens an incident for every live, active endpoint failing for longer than its tenant's threshold. */
async function openIncidents(tx: Tx, now: Date, counts: Omit<HealthCheckResult, 'attemptsRead'>): Promise<void> {
  for (const h of await lockIncidentsDue(tx.manager, now, 500)) {
    await openIncident(tx.manager, h.orgId, h.endpointId, now);
    counts.incidentsOpened++;
    counts.mailsQueued += await queueWebhookAlertMails(tx, {
      orgId: h.orgId, endpointId: h.endpointId, kind: 'failing', incidentSince: h.failingSince, happenedAt: now, lastError: h.lastError,
    });
  }
}

const latest = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : a ?? b);
const earliest = (a: Date | null, b: Date | null) => (a && b ? (a < b ? a : b) : a ?? b);
