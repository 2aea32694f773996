import type { RunnerState } from './ports';
import type { Services } from './services';

type Check = 'ok' | 'unavailable';

/**
 * GET /readyz. Every process reports its databases; a process that runs the worker also reports its
 * job runner and the queue's backlog (docs/operations.md has the shape and what each value means).
 */
export interface Readiness {
  ready: boolean;
  checks: {
    mysql: Check;
    queue: Check;
    /** Worker processes only: the job runner's state (`running` is the healthy value). */
    runner?: RunnerState;
    /** Worker processes only: `late` when the oldest due job has waited longer than READY_MAX_JOB_DELAY. */
    backlog?: 'ok' | 'late' | 'unavailable';
  };
  /** Worker processes only: how long the oldest due job has waited, ms (null when the queue does not answer). */
  oldestDueJobAgeMs?: number | null;
}

/** A check that does not answer within this long counts as unavailable: /readyz answers promptly. */
export const READINESS_CHECK_TIMEOUT_MS = 2000;

function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('readiness check timed out')), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/** Whether this process can do its work now. Never throws; answers within READINESS_CHECK_TIMEOUT_MS. */
export async function checkReadiness(svc: Services): Promise<Readiness> {
  const ok = (p: Promise<unknown>) => within(p, READINESS_CHECK_TIMEOUT_MS).then(() => 'ok' as const, () => 'unavailable' as const);
  const runner = svc.runner;
  const [mysql, queue, age] = await Promise.all([
    ok(svc.db.query('SELECT 1')),
    ok(svc.jobs.ping()),
    runner ? within(svc.jobs.oldestDueJobAgeMs(), READINESS_CHECK_TIMEOUT_MS).catch(() => null) : Promise.resolve(null),
  ]);
  if (!runner) return { ready: mysql === 'ok' && queue === 'ok', checks: { mysql, queue } };
  const state = runner.state();
  const backlog = age === null ? 'unavailable' : age > svc.config.readyMaxJobDelayMs ? 'late' : 'ok';
  return {
    ready: mysql === 'ok' && queue === 'ok' && state === 'running' && backlog === 'ok',
    checks: { mysql, queue, runner: state, backlog },
    oldestDueJobAgeMs: age === null ? null : Math.round(age),
  };
}
