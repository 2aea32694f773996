import type { TaskList } from 'graphile-worker';
import { metricsOf, moduleTasks, parseTraceCarrier, tracingOf, type Services } from '../../src/platform/index';
import { JOB_TRACE_KEY } from '../job-queue';
import { FEATURE_MODULES } from '../modules';

/**
 * Every task the worker runs, by identifier: each feature module's tasks (src/<feature>/*.task.ts, listed in
 * its module.ts). Tasks are thin: check the payload, call one use case. Each run is timed and counted
 * (svc_job_duration_seconds, svc_jobs_total by task and result) and is a span `job <task>`, continuing the
 * trace of the work that enqueued it (the payload's JOB_TRACE_KEY, taken off before the task sees the payload).
 */
export function createTaskList(svc: Services): TaskList {
  const tasks = moduleTasks(FEATURE_MODULES, svc);
  const timed: TaskList = {};
  for (const [task, run] of Object.entries(tasks)) {
    timed[task] = async (payload, helpers) => {
      const metrics = metricsOf(svc);
      const started = performance.now();
      let parent = null;
      if (payload && typeof payload === 'object' && JOB_TRACE_KEY in payload) {
        const { [JOB_TRACE_KEY]: stored, ...rest } = payload as Record<string, unknown>;
        parent = parseTraceCarrier(typeof stored === 'string' ? stored : null);
        payload = rest;
      }
      try {
        const value = await tracingOf(svc).span(`job ${task}`, {
          parent, kind: 'consumer', attributes: { 'svc.job.task': task, ...(helpers?.job ? { 'svc.job.attempt': helpers.job.attempts } : {}) },
        }, () => run(payload));
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
