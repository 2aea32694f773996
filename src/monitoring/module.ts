import type { FeatureModule } from '../platform/index';
import { MONITORING_TICK_TASK } from './monitoring-jobs';

/**
 * Perpetual monitoring: the scheduler's tick every minute, one job per minute across every worker; no
 * backfill: a missed minute's work is done by the next tick.
 */
export const monitoringModule: FeatureModule = {
  name: 'monitoring',
  cron: [{
    task: MONITORING_TICK_TASK, match: '* * * * *', identifier: MONITORING_TICK_TASK,
    options: { backfillPeriod: 0, maxAttempts: 1, queueName: MONITORING_TICK_TASK },
  }],
};
