import type { TaskList } from 'graphile-worker';
import { metricsOf, moduleTasks, type Services } from '../../src/platform/index';
import { FEATURE_MODULES } from '../modules';

/**
 * Every task the worker runs, by identifier: each feature module's tasks (src/<feature>/*.task.ts, listed in
 * its module.ts). Tasks are thin: check the payload, call one use case. Each run is timed and counted
 * (svc_job_duration_seconds, svc_jobs_total by task and result).
 */
export function createTaskList(svc: Services): TaskList {
  const tasks = moduleTasks(FEATURE_MODULES, svc);
  const timed: TaskList = {};
  for (const [task, run] of Object.entries(tasks)) {
    timed[task] = async (payload) => {
      const metrics = metricsOf(svc);
      const started = performance.now();
      try {
        const value = await run(payload);
        metrics.count('svc_jobs_total', { task, result: 'completed' });
        return value;
      } catch (err) {
        metrics.count('svc_jobs_total', { task, result: 'failed' });
        throw err;
      } finally {
        metrics.observe('svc_job_duration_seconds', (performance.now() - started) / 1000, { task });
      }
    };
  }
  return timed;
}
