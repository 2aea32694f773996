import type { FeatureTask } from '../platform/index';
import { rescreenWatchlistChange } from './rescreen-watchlist-change';
import { runDueMonitoring } from './run-due-monitoring';
import { scheduleMonitoring } from './schedule-monitoring';

/** `monitoring.tick` (crontab, every minute; no payload): enrols and plans monitored cases, starts run jobs when some are due. */
export const monitoringTickTask: FeatureTask = (svc) => async () => {
  const result = await scheduleMonitoring(svc);
  svc.log.debug(result, 'monitoring tick');
};

/** `monitoring.run-due` (payload {slot}): runs due cases in batches until none is due. */
export const monitoringRunDueTask: FeatureTask = (svc) => async () => {
  const result = await runDueMonitoring(svc);
  if (result.ran || result.unenrolled) svc.log.info(result, 'monitoring runs');
};

/** `monitoring.watchlist-change` (payload {reloadId}): rescreens the monitored cases against the entities a list change touched. */
export const monitoringWatchlistChangeTask: FeatureTask = (svc) => async (payload) => {
  const reloadId = Number((payload as { reloadId?: unknown } | null)?.reloadId);
  if (!Number.isSafeInteger(reloadId) || reloadId <= 0) {
    svc.log.warn({ payload }, 'monitoring.watchlist-change: no reloadId');
    return;
  }
  await rescreenWatchlistChange(svc, reloadId);
};
