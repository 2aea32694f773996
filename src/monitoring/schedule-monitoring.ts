import { forTenant } from '../db/index';
import { inTransaction } from '../db/transaction';
import type { Services } from '../services';
import { listReloadsAfter } from '../screening/index';
import { enqueueRunDueJobs, enqueueWatchlistChangeJobs } from './monitoring-jobs';
import { nextDueAfter, spreadOf } from './monitoring-schedule';
import { anyDueCase, findUnenrolledCases, findUnplannedCases, listTenantSchedules, savePlans } from './monitoring.repository';
import { findHandledWatchlistChanges, watchlistChangeFloor } from './watchlist-changes.repository';

/** Cases enrolled or planned per tenant and statement. */
const PLAN_BATCH = 2_000;

export interface ScheduleTickResult {
  /** Approved cases that started being monitored. */
  enrolled: number;
  /** Monitored cases given a next due time after a schedule change. */
  planned: number;
  /** Whether run jobs were started (some case was due). */
  started: boolean;
  /** Watchlist changes handed out for rescreening (ids of watchlist_reloads). */
  watchlistChanges: number[];
}

/**
 * The scheduler's tick (system work, every tenant): approved cases whose data is held and that are not yet
 * monitored are enrolled, each due at its own slot of the tenant's period (spreadOf: a tenant's cases
 * spread evenly over the day rather than all at once); cases left unplanned by a schedule change get their
 * slot under the new schedule (none while it is off). Then, when any case is due, it starts the run jobs
 * (MONITORING_RUN_JOBS of them), which claim due cases in batches. Each watchlist change not yet rescreened
 * (a reload request of `svc watchlist:reload`, or a file a process saw change) gets its rescreening job.
 */
export async function scheduleMonitoring(svc: Services): Promise<ScheduleTickResult> {
  const now = svc.clock.now();
  let enrolled = 0;
  let planned = 0;
  for (const { orgId, schedule } of await listTenantSchedules(svc.db)) {
    const db = forTenant(svc.db, orgId);
    for (;;) {
      const pks = await findUnenrolledCases(db, PLAN_BATCH);
      if (!pks.length) break;
      const plans = pks.map((casePk) => {
        const spreadPpm = spreadOf(orgId, casePk);
        return { casePk, spreadPpm, nextDueAt: nextDueAfter(now, schedule, spreadPpm) };
      });
      await inTransaction(svc, (tx) => savePlans(forTenant(tx.manager, orgId), plans));
      enrolled += plans.length;
      if (pks.length < PLAN_BATCH) break;
    }
    if (schedule === 'off') continue;
    for (;;) {
      const rows = await findUnplannedCases(db, PLAN_BATCH);
      if (!rows.length) break;
      await inTransaction(svc, (tx) => savePlans(forTenant(tx.manager, orgId), rows.map((r) => ({ ...r, nextDueAt: nextDueAfter(now, schedule, r.spreadPpm) }))));
      planned += rows.length;
      if (rows.length < PLAN_BATCH) break;
    }
  }
  const started = await anyDueCase(svc.db, now);
  if (started) await enqueueRunDueJobs(svc, svc.config.monitoringRunJobs);
  const changes = await listReloadsAfter(svc.db, await watchlistChangeFloor(svc.db), 100);
  const handled = await findHandledWatchlistChanges(svc.db, changes.map((c) => c.id));
  const watchlistChanges = changes.map((c) => c.id).filter((id) => !handled.has(id));
  await enqueueWatchlistChangeJobs(svc, watchlistChanges);
  return { enrolled, planned, started, watchlistChanges };
}
