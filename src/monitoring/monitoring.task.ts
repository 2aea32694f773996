import type { FeatureTask } from '../platform/index';
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
