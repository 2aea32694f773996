import { run, type Runner } from 'graphile-worker';
import { sweepOutbox } from '../src/events/index';
import { purgeExpiredIdempotencyKeys } from '../src/idempotency/index';
import { sweepInvites } from '../src/invites/index';
import { type Services } from '../src/platform/index';
import { graphileLogger, type GraphileJobQueue } from './job-queue';
import { createTaskList } from './tasks/index';

export interface WorkerHandle {
  /** Stops taking jobs, waits for running ones and the sweep in progress, then resolves. */
  stop(): Promise<void>;
}

/** Runs graphile-worker with the service's tasks, plus the periodic outbox sweep. */
export async function startWorker(svc: Services, queue: GraphileJobQueue): Promise<WorkerHandle> {
  const runner: Runner = await run({
    pgPool: queue.pool,
    concurrency: svc.config.workerConcurrency,
    noHandleSignals: true,
    pollInterval: 1000,
    taskList: createTaskList(svc),
    logger: graphileLogger(svc.log),
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

  let sweeping: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(() => {
    sweeping = sweeping.then(() => (stopped ? undefined : sweepOutbox(svc))).catch((err) => svc.log.error({ err }, 'outbox sweep failed'));
    // Case intake: invites whose send job was lost, and Idempotency-Keys past their 24 hours.
    sweeping = sweeping.then(() => (stopped ? undefined : sweepInvites(svc).then(() => purgeExpiredIdempotencyKeys(svc))))
      .catch((err) => svc.log.error({ err }, 'invite sweep failed'));
  }, svc.config.outboxSweepIntervalMs);

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await sweeping;
      await runner.stop();
    },
  };
}
