import type { TaskList } from 'graphile-worker';
import { moduleTasks, type Services } from '../../src/platform/index';
import { FEATURE_MODULES } from '../modules';

/**
 * Every task the worker runs, by identifier: each feature module's tasks (src/<feature>/*.task.ts, listed in
 * its module.ts). Tasks are thin: check the payload, call one use case.
 */
export function createTaskList(svc: Services): TaskList {
  return moduleTasks(FEATURE_MODULES, svc);
}
