import type { Services } from '../services';

/** The scheduler's tick (graphile-worker crontab, every minute): enrols approved cases, plans them, and starts run jobs when cases are due. */
export const MONITORING_TICK_TASK = 'monitoring.tick';
/** A run job: claims due cases in batches and runs them until none is due. No payload beyond its slot. */
export const MONITORING_RUN_DUE_TASK = 'monitoring.run-due';
/** A watchlist change (payload {reloadId}, a row of watchlist_reloads): the monitored cases rescreened against the changed entities only. */
export const MONITORING_WATCHLIST_CHANGE_TASK = 'monitoring.watchlist-change';

/**
 * Starts `count` run jobs, one per slot: a job key per slot, so a tick while a job still waits replaces it
 * rather than piling up jobs (a started job is not replaced: it finishes its claims).
 */
export async function enqueueRunDueJobs(svc: Services, count: number): Promise<void> {
  for (let slot = 0; slot < count; slot++) {
    await svc.jobs.enqueue(MONITORING_RUN_DUE_TASK, { slot }, { jobKey: `${MONITORING_RUN_DUE_TASK}:${slot}` });
  }
}

/** Hands out a job per watchlist change not rescreened yet (one job key per change). */
export async function enqueueWatchlistChangeJobs(svc: Services, reloadIds: number[]): Promise<void> {
  for (const reloadId of reloadIds) {
    await svc.jobs.enqueue(MONITORING_WATCHLIST_CHANGE_TASK, { reloadId }, { jobKey: `${MONITORING_WATCHLIST_CHANGE_TASK}:${reloadId}` });
  }
}
