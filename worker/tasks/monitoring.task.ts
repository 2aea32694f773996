import type { Task } from 'graphile-worker';
import { runDueMonitoring, scheduleMonitoring } from '../../src/monitoring/index';
import { type Services } from '../../src/platform/index';

/** `monitoring.tick` (crontab, every minute; no payload): enrols and plans monitored cases, starts run jobs when some are due. */
export const monitoringTickTask = (svc: Services): Task => async () => {
  const result = await scheduleMonitoring(svc);
  svc.log.debug(result, 'monitoring tick');
};

/** `monitoring.run-due` (payload {slot}): runs due cases in batches until none is due. */
export const monitoringRunDueTask = (svc: Services): Task => async () => {
  const result = await runDueMonitoring(svc);
  if (result.ran || result.unenrolled) svc.log.info(result, 'monitoring runs');
};
