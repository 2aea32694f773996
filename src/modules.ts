import type { Config } from './config';
import type { HookHandler, Services } from './services';

/**
 * One periodic sweep a feature contributes to the worker: re-hands-off whatever a crash left between a
 * commit and the queue (a lost send job, a document whose worker died), or purges what has expired.
 */
export interface FeatureSweep {
  /** Names the sweep in the worker's log: a failure is logged as `<name> failed`. */
  name: string;
  /**
   * Its place in the worker's sweep chain: sweeps run one after another, lowest first, across every module
   * (a number rather than the module's place in the list, so that one module's sweeps may sit apart).
   */
  order: number;
  /**
   * The interval of a sweep that runs on a timer of its own (still one at a time with the others). Absent:
   * it runs in the chain every OUTBOX_SWEEP_INTERVAL_MS.
   */
  every?: (config: Config) => number;
  run(svc: Services): Promise<unknown>;
}

/**
 * A recurring job a feature asks the worker's crontab for (graphile-worker's cron item, as plain data):
 * `task` is the identifier of a task in the worker's task list, `match` a cron pattern.
 */
export interface FeatureCronEntry {
  task: string;
  match: string;
  /** Prevents double scheduling across workers and decides backfilling (graphile takes a lock per item and minute). */
  identifier: string;
  options?: { backfillPeriod?: number; maxAttempts?: number; queueName?: string; priority?: number };
}

/** One job of a worker task: checks its payload and calls one use case. A throw is an infrastructure fault: the queue retries. */
export type TaskHandler = (payload: unknown) => Promise<void>;

/** A task a feature contributes to the worker, given the composed Services once per task list. */
export type FeatureTask = (svc: Services) => TaskHandler;

/**
 * What a feature contributes to the assembled service besides its use cases (which its index.ts exports):
 * the worker's tasks and sweeps, its crontab entries, the outbox subscribers the relay hands committed events
 * to, its handlers of other features' hooks and the kinds of email the mail outbox sends for it. The worker and
 * the composition root build their lists from the one list of modules (worker/modules.ts); a new feature adds
 * its module there instead of editing the runner.
 *
 * The kernel declares the fields it knows; the feature that owns a concept adds its own by declaration
 * merging (`declare module '../modules'`): events the outbox `subscribers`
 * (src/events/event-consumers.ts), mail the kinds of email, `mail` (src/mail/mail-kind.ts).
 */
export interface FeatureModule {
  /** The feature's folder under src/. */
  name: string;
  /** The worker's tasks of this feature, by task identifier (the jobs' task names: never renamed). */
  tasks?: Record<string, FeatureTask>;
  sweeps?: FeatureSweep[];
  cron?: FeatureCronEntry[];
  /** Reactions to other features' hooks (FeatureHook in services.ts): changes that are not recorded events. */
  hooks?: HookHandler[];
}

/** The worker's task list: every module's tasks, by identifier. Two modules may not claim one identifier. */
export function moduleTasks(modules: readonly FeatureModule[], svc: Services): Record<string, TaskHandler> {
  const list: Record<string, TaskHandler> = {};
  for (const m of modules) {
    for (const [identifier, task] of Object.entries(m.tasks ?? {})) {
      if (identifier in list) throw new Error(`The task ${identifier} is contributed twice (again by the ${m.name} module).`);
      list[identifier] = task(svc);
    }
  }
  return list;
}

/** The sweeps of the worker's chain (those without a timer of their own), in the order they run. */
export function sweepChain(modules: readonly FeatureModule[]): FeatureSweep[] {
  return modules.flatMap((m) => m.sweeps ?? []).filter((s) => !s.every).sort((a, b) => a.order - b.order);
}

/** The sweeps that run on a timer of their own, in module order. */
export function timedSweeps(modules: readonly FeatureModule[]): FeatureSweep[] {
  return modules.flatMap((m) => m.sweeps ?? []).filter((s) => s.every);
}

/** Every module's hook handlers, in module order. */
export function moduleHooks(modules: readonly FeatureModule[]): HookHandler[] {
  return modules.flatMap((m) => m.hooks ?? []);
}

/** Every module's crontab entries, in module order. */
export function moduleCron(modules: readonly FeatureModule[]): FeatureCronEntry[] {
  return modules.flatMap((m) => m.cron ?? []);
}
