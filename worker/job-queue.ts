import { Pool } from 'pg';
import { Logger as GraphileLogger, makeWorkerUtils, runMigrations, type LogLevel, type WorkerUtils } from 'graphile-worker';
import { DatabaseUnavailableError } from '../src/db/index';
import { noTracing, type EnqueueOptions, type JobQueue, type Logger, type Tracing } from '../src/platform/index';

/**
 * The payload key of the trace context a job continues (JSON of W3C traceparent/tracestate), added when the
 * job is enqueued inside a traced unit of work and taken off again before the task sees its payload.
 */
export const JOB_TRACE_KEY = '_trace';

/**
 * graphile-worker's log lines through the service's pino logger. Its info lines ("Worker connected
 * and looking for jobs", "Completed task ...") are routine chatter, logged at debug; its warnings and
 * errors keep their level.
 */
export function graphileLogger(log: Logger, onLine?: (level: LogLevel, message: string) => void): GraphileLogger {
  return new GraphileLogger(() => (level: LogLevel, message: string, meta?: unknown) => {
    const pinoLevel = level === 'warning' ? 'warn' : level === 'error' ? 'error' : 'debug';
    log[pinoLevel]({ graphile: meta }, message);
    onLine?.(level, message);
  });
}

/** How far ahead a scheduled job gets its own wake-up timer (see wakeAt); the poll finds later ones. */
export const WAKE_HORIZON_MS = 60 * 60_000;

/** The queue flag of a tenant's job (`org:<orgId>`): the worker ignores it; a test's job runner runs only its tenant's. */
export const orgFlag = (orgId: string): string => `org:${orgId}`;
const orgFlags = (orgId: string | undefined): string[] | undefined => (orgId ? [orgFlag(orgId)] : undefined);

/**
 * The JobQueue port on graphile-worker. One pg pool serves enqueueing and, in a worker process,
 * the runner too. Connects lazily, so CLI commands that enqueue nothing never touch PostgreSQL.
 */
export class GraphileJobQueue implements JobQueue {
  readonly pool: Pool;
  private utils: Promise<WorkerUtils> | null = null;
  private readonly wakeups = new Map<number, { timer: NodeJS.Timeout; count: number }>();

  constructor(
    private readonly pgUrl: string,
    private readonly log: Logger,
    poolSize = 10,
    private readonly tracing: Tracing = noTracing,
  ) {
    this.pool = new Pool({ connectionString: pgUrl, max: poolSize });
    // graphile-worker insists on error handlers on the pool and on every client it hands out.
    this.pool.on('error', (err) => log.warn({ err }, 'idle PostgreSQL connection failed'));
    this.pool.on('connect', (client) => client.on('error', (err) => log.warn({ err }, 'PostgreSQL connection failed')));
  }

  /** Installs or upgrades graphile-worker's schema (idempotent; graphile serialises concurrent callers). */
  async migrate(): Promise<void> {
    try {
      await runMigrations({ pgPool: this.pool, logger: graphileLogger(this.log) });
    } catch (err) {
      throw new DatabaseUnavailableError('PG_URL', this.pgUrl, err);
    }
  }

  private workerUtils(): Promise<WorkerUtils> {
    this.utils ??= makeWorkerUtils({ pgPool: this.pool, logger: graphileLogger(this.log) });
    return this.utils;
  }

  async enqueue(task: string, payload: Record<string, string | number>, options: EnqueueOptions = {}): Promise<void> {
    const utils = await this.workerUtils();
    await utils.addJob(task, this.traced(payload), {
      runAt: options.runAt,
      jobKey: options.jobKey,
      maxAttempts: options.maxAttempts,
      flags: orgFlags(options.orgId),
    });
    if (options.runAt) this.wakeAt(options.runAt);
  }

  async enqueueMany(jobs: { task: string; payload: Record<string, string | number>; options?: EnqueueOptions }[]): Promise<void> {
    if (jobs.length === 0) return;
    const utils = await this.workerUtils();
    await utils.addJobs(jobs.map((j) => ({
      identifier: j.task, payload: this.traced(j.payload), runAt: j.options?.runAt, jobKey: j.options?.jobKey, maxAttempts: j.options?.maxAttempts, flags: orgFlags(j.options?.orgId),
    })));
    for (const j of jobs) if (j.options?.runAt) this.wakeAt(j.options.runAt);
  }

  /** The payload with the trace context of the work that enqueues it, when that work is traced. */
  private traced(payload: Record<string, string | number>): Record<string, string | number> {
    const carrier = this.tracing.capture();
    return carrier ? { ...payload, [JOB_TRACE_KEY]: JSON.stringify(carrier) } : payload;
  }

  /**
   * graphile-worker wakes on NOTIFY "jobs:insert" for jobs due now, but finds a job scheduled for later
   * only at its next poll (up to pollInterval late). So that a 1 s webhook retry starts after 1 s and
   * not 2 s, this process sends graphile's own nudge when the job falls due; if the process is gone by
   * then, the poll still finds the job. Only jobs due within WAKE_HORIZON_MS get one: a poll late by a
   * second does not matter to a job due in a day, and a timer set for beyond 24.8 days would overflow
   * (Node fires it after 1 ms with a TimeoutOverflowWarning).
   */
  private wakeAt(runAt: Date): void {
    const delay = runAt.getTime() - Date.now();
    if (delay <= 0 || delay > WAKE_HORIZON_MS) return;
    const due = Math.ceil(runAt.getTime() / 10) * 10;
    const pending = this.wakeups.get(due);
    if (pending) {
      pending.count++;
      return;
    }
    const timer = setTimeout(() => {
      const count = this.wakeups.get(due)?.count ?? 1;
      this.wakeups.delete(due);
      this.pool.query(`SELECT pg_notify('jobs:insert', $1)`, [JSON.stringify({ count })]).catch((err) => this.log.debug({ err }, 'job wake-up failed'));
    }, Math.max(0, due - Date.now() + 5));
    timer.unref();
    this.wakeups.set(due, { timer, count: 1 });
  }

  /** How many wake-up timers are set (the tests' view of wakeAt). */
  get pendingWakeups(): number {
    return this.wakeups.size;
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  /**
   * How long the oldest due job that no worker holds has waited (ms). With `heldBy` (a worker pool id), the
   * jobs that pool holds count too: those in its local queue and those it runs (the stall watchdog).
   */
  async oldestDueJobAgeMs(heldBy: string | null = null): Promise<number> {
    // Jobs a worker may take now (graphile's is_available: unlocked, attempts left) that are due.
    const { rows } = await this.pool.query<{ age: number | null }>(
      `SELECT (EXTRACT(EPOCH FROM now() - min(run_at)) * 1000)::float8 AS age
       FROM graphile_worker._private_jobs WHERE (is_available OR locked_by = $1) AND run_at <= now()`,
      [heldBy ?? ''],
    );
    return Math.max(0, rows[0]?.age ?? 0);
  }

  /**
   * Per task: the jobs a worker may take (unlocked, attempts left) and how long the oldest of them that is
   * due has waited (ms). One grouped statement over graphile's jobs table (metrics, read at each scrape).
   */
  async queueStats(): Promise<{ task: string; waiting: number; oldestDueAgeMs: number }[]> {
    const { rows } = await this.pool.query<{ task: string; waiting: number; age: number | null }>(
      `SELECT t.identifier AS task, count(*)::int AS waiting,
              (EXTRACT(EPOCH FROM now() - min(j.run_at) FILTER (WHERE j.run_at <= now())) * 1000)::float8 AS age
       FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
       WHERE j.is_available GROUP BY t.identifier ORDER BY t.identifier LIMIT 200`,
    );
    return rows.map((r) => ({ task: r.task, waiting: r.waiting, oldestDueAgeMs: Math.max(0, r.age ?? 0) }));
  }

  async close(): Promise<void> {
    for (const { timer } of this.wakeups.values()) clearTimeout(timer);
    this.wakeups.clear();
    if (this.utils) await (await this.utils).release();
    await this.pool.end();
  }
}
