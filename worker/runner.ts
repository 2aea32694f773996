import { EventEmitter } from 'node:events';
import { parseCronItems, run, type Runner, type WorkerEvents } from 'graphile-worker';
import { FirstAttempts } from '../src/webhooks/index';
import {
  metricsOf, moduleCron, sweepChain, timedSweeps, type FeatureSweep, type RunnerState, type RunnerStatus, type Services,
} from '../src/platform/index';
import { graphileLogger, type GraphileJobQueue } from './job-queue';
import { FEATURE_MODULES } from './modules';
import { createTaskList } from './tasks/index';

/**
 * graphile-worker's crontab, from the feature modules (the monitoring tick every minute). graphile's cron
 * takes a lock per item and minute, so each runs once per minute across every worker.
 */
const CRON = parseCronItems(moduleCron(FEATURE_MODULES));

/** A runner that has run this long without stopping is healthy again: its restart schedule starts over. */
export const RUNNER_STABLE_MS = 60_000;

/**
 * Fetches in a row that fail, with no success between them, after which a runner counts as stuck and is
 * restarted. graphile-worker 0.17 caches its task-identifier lookup per runner as a promise; when the
 * connection dies during that first lookup, the rejected promise stays cached and every later fetch of
 * that runner fails with the same error ("Error occurred fetching jobs"), forever, while the runner looks
 * alive. A new runner has a new cache. With the 1 s poll interval this is about 10 s of no progress.
 */
export const FETCH_FAILURES_BEFORE_RESTART = 10;

export interface WorkerHandle extends RunnerStatus {
  /**
   * Stops taking jobs, waits for running ones and the sweep in progress, then resolves. A runner that
   * already stopped on its own (restart pending, or given up) is fine: nothing of it is left to drain.
   */
  stop(): Promise<void>;
}

export interface WorkerOptions {
  /**
   * Called once when the runner stopped and could not be brought back within WORKER_RESTART_SCHEDULE.
   * The process should then exit non-zero so that its supervisor starts a fresh one.
   */
  onGiveUp?: (reason: Error) => void;
}

/**
 * Runs graphile-worker with the service's tasks, plus the feature modules' periodic sweeps (the outbox
 * sweep first), and supervises the runner. graphile-worker stops its runner for good on some database
 * faults (a connection lost while it records finished jobs: "queue is in an inconsistent state"); the
 * runner is then started again after the next wait of WORKER_RESTART_SCHEDULE (with jitter), in this
 * process, and once the schedule is used up without a minute of healthy running in between, `onGiveUp`
 * is called. The jobs a stopped runner held stay locked in graphile; the outbox sweep hands their work
 * off again. A stopped runner is not waited for: after a failed completion graphile may never finish
 * shutting it down.
 */
export async function startWorker(svc: Services, queue: GraphileJobQueue, options: WorkerOptions = {}): Promise<WorkerHandle> {
  const log = svc.log;
  // When the current runner last showed progress (fetched jobs, started or finished one): the stall watchdog.
  let progressAt = Date.now();
  // The worker pool id of the current runner: the jobs it holds are locked in its name.
  let poolId: string | null = null;
  // Webhook first attempts go straight from the relay's commit to the wire in this process (no job each).
  const firstAttempts = new FirstAttempts(svc, svc.config.workerConcurrency);
  svc.webhookFirstAttempts = firstAttempts;
  const startRunner = async () => {
    // Per runner: graphile's own log lines are the only place a failed fetch shows (caught inside graphile).
    let failures = 0;
    let self: Runner | null = null;
    const onGraphileLine = (level: string, message: string) => {
      if (level !== 'error' || !message.startsWith('Error occurred fetching jobs')) return;
      if (++failures === FETCH_FAILURES_BEFORE_RESTART && self) {
        stopped(self, new Error(`the job runner failed to fetch jobs ${failures} times in a row`));
        self.stop().catch(() => undefined); // not awaited: a stuck runner may never finish stopping
      }
    };
    const events: WorkerEvents = new EventEmitter();
    events.once('pool:create', ({ workerPool }) => {
      poolId = workerPool.id;
    });
    const r = await run({
      events,
      pgPool: queue.pool,
      concurrency: svc.config.workerConcurrency,
      noHandleSignals: true,
      pollInterval: 1000,
      taskList: createTaskList(svc),
      // The crontab is given here (never read from ./crontab): the feature modules' entries.
      parsedCronItems: CRON,
      logger: graphileLogger(log, onGraphileLine),
      // Batching (graphile-worker "performance" docs): fetch up to `concurrency` jobs in one query and
      // complete finished jobs together within 1 ms. Jobs a crashed worker had fetched stay locked in
      // graphile for hours; the outbox sweep re-hands their work off (webhook deliveries by their lease).
      preset: {
        worker: {
          localQueue: { size: svc.config.workerConcurrency },
          completeJobBatchDelay: 1,
        },
      },
    });
    progressAt = Date.now();
    r.events.on('localQueue:getJobs:complete', () => {
      failures = 0;
      progressAt = Date.now();
    });
    r.events.on('job:start', () => {
      progressAt = Date.now();
    });
    r.events.on('job:complete', () => {
      progressAt = Date.now();
    });
    self = r;
    return r;
  };

  let state: RunnerState = 'running';
  let runner: Runner | null = await startRunner();
  let startedAt = Date.now();
  let restarts = 0;
  let restartTimer: NodeJS.Timeout | null = null;
  let starting: Promise<unknown> = Promise.resolve();
  let draining = false;

  const watch = (r: Runner) => {
    // The runner is going down as soon as its worker pool starts shutting down. Its promise would say
    // so too, but only once the pool has finished, which after a failed job completion can be never.
    r.events.once('pool:gracefulShutdown', ({ message }) => stopped(r, new Error(`graphile-worker shut its worker pool down: ${message}`)));
    r.events.once('pool:forcefulShutdown', ({ message }) => stopped(r, new Error(`graphile-worker shut its worker pool down: ${message}`)));
    r.promise.then(() => stopped(r, null), (err: unknown) => stopped(r, err));
  };
  const stopped = (r: Runner, err: unknown) => {
    if (draining || runner !== r) return;
    runner = null;
    if (Date.now() - startedAt >= RUNNER_STABLE_MS) restarts = 0;
    scheduleRestart(err instanceof Error ? err : new Error('the job runner stopped on its own'));
  };
  const scheduleRestart = (reason: Error, failedStart = false) => {
    const wait = svc.config.workerRestartScheduleMs[restarts];
    if (wait === undefined) {
      state = 'stopped';
      log.fatal({ reason: reason.message, restarts }, 'job runner stopped and could not be restarted; giving up');
      options.onGiveUp?.(reason);
      return;
    }
    restarts++;
    metricsOf(svc).count('svc_worker_runner_restarts_total');
    state = 'restarting';
    // Jitter (75..125 %) so that workers which lost the same database do not all return at once.
    const delay = Math.round(wait * (0.75 + Math.random() * 0.5));
    // One line per stop, and another for each start that failed meanwhile, so that every stop line is
    // followed by exactly one `job runner restarted` (or by the fatal line).
    const message = failedStart ? 'job runner could not be started again; retrying' : 'job runner stopped unexpectedly; restarting it';
    log.error({ reason: reason.message, restart: restarts, inMs: delay }, message);
    restartTimer = setTimeout(() => {
      restartTimer = null;
      starting = restart();
    }, delay);
  };
  const restart = async () => {
    if (draining) return;
    let r: Runner;
    try {
      r = await startRunner();
    } catch (err) {
      if (!draining) scheduleRestart(err as Error, true);
      return;
    }
    if (draining) {
      await r.stop().catch(() => undefined);
      return;
    }
    runner = r;
    startedAt = Date.now();
    state = 'running';
    watch(r);
    log.warn({ restart: restarts }, 'job runner restarted');
  };
  watch(runner);

  // The feature modules' sweeps (worker/modules.ts), one at a time: none starts while draining, and a
  // failure is logged (`outbox sweep failed`, ...) without stopping the ones after it.
  let sweeping: Promise<unknown> = Promise.resolve();
  const runSweep = (sweep: FeatureSweep) => {
    sweeping = sweeping.then(() => (draining ? undefined : sweep.run(svc))).catch((err) => log.error({ err }, `${sweep.name} failed`));
  };
  const chain = sweepChain(FEATURE_MODULES);
  const timer = setInterval(() => chain.forEach(runSweep), svc.config.outboxSweepIntervalMs);
  // Sweeps on an interval of their own (webhook failure alerts).
  const timers = timedSweeps(FEATURE_MODULES).map((sweep) => setInterval(() => runSweep(sweep), sweep.every!(svc.config)));

  // The stall watchdog: a runner can stop making progress without any error reaching us (its workers
  // waiting on a lost connection, its local queue stuck after failing to return jobs). When it has shown no
  // progress for WORKER_STALL_TIMEOUT while a job has been due that long, free or held by this runner (in
  // its local queue or running), it counts as stopped. A job that legitimately ran that long with nothing
  // else finishing meanwhile would count too; no job of this service runs for minutes.
  const stallMs = svc.config.workerStallTimeoutMs;
  let checkingStall = false;
  const stallTimer = setInterval(() => {
    const r = runner;
    if (!r || draining || checkingStall || state !== 'running' || Date.now() - progressAt < stallMs) return;
    checkingStall = true;
    queue.oldestDueJobAgeMs(poolId).then((age) => {
      if (runner !== r || age < stallMs || Date.now() - progressAt < stallMs) return;
      stopped(r, new Error(`the job runner made no progress for ${Math.round((Date.now() - progressAt) / 1000)} s while a job waited ${Math.round(age / 1000)} s`));
      r.stop().catch(() => undefined); // not awaited: a stuck runner may never finish stopping
    }, () => undefined /* the queue's database is away: the fetch-failure count handles that */).finally(() => {
      checkingStall = false;
    });
  }, Math.min(5000, Math.max(250, Math.round(stallMs / 4))));
  stallTimer.unref();

  return {
    state: () => state,
    async stop() {
      draining = true;
      clearInterval(timer);
      timers.forEach(clearInterval);
      clearInterval(stallTimer);
      if (restartTimer) clearTimeout(restartTimer);
      await starting;
      await sweeping;
      const r = runner;
      runner = null;
      state = 'stopped';
      if (r) {
        try {
          await r.stop();
        } catch (err) {
          // It stopped on its own a moment ago (its promise has not told us yet): nothing left to drain.
          if ((err as Error).message !== 'Runner is already stopped') throw err;
        }
        await r.promise;
      }
      // Attempts in flight are finished and recorded; those not started yet are queued as jobs.
      await firstAttempts.stop();
      if (svc.webhookFirstAttempts === firstAttempts) delete svc.webhookFirstAttempts;
    },
  };
}
