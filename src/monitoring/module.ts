import type { FeatureModule } from '../platform/index';
import { MONITORING_RUN_DUE_TASK, MONITORING_TICK_TASK, MONITORING_WATCHLIST_CHANGE_TASK } from './monitoring-jobs';
import { monitoringRunDueTask, monitoringTickTask, monitoringWatchlistChangeTask } from './monitoring.task';

/**
 * Perpetual monitoring: the scheduler's tick every minute, one job per minute across every worker; no
 * backfill: a missed minute's work is done by the next tick. The tick starts run jobs when cases are due.
 */
export const monitoringModule: FeatureModule = {
  name: 'monitoring',
  tasks: {
    [MONITORING_TICK_TASK]: monitoringTickTask, [MONITORING_RUN_DUE_TASK]: monitoringRunDueTask,
    [MONITORING_WATCHLIST_CHANGE_TASK]: monitoringWatchlistChangeTask,
  },
  cron: [{
    task: MONITORING_TICK_TASK, match: '* * * * *', identifier: MONITORING_TICK_TASK,
    options: { backfillPeriod: 0, maxAttempts: 1, queueName: MONITORING_TICK_TASK },
  }],
};
