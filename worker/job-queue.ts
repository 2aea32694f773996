import { Pool } from 'pg';
import { Logger as GraphileLogger, makeWorkerUtils, runMigrations, type LogLevel, type WorkerUtils } from 'graphile-worker';
import { DatabaseUnavailableError, type EnqueueOptions, type JobQueue, type Logger } from '../src/index';

/** graphile-worker's log lines through the service's pino logger. */
export function graphileLogger(log: Logger): GraphileLogger {
  return new GraphileLogger(() => (level: LogLevel, message: string, meta?: unknown) => {
    const pinoLevel = level === 'warning' ? 'warn' : level === 'error' ? 'error' : level === 'debug' ? 'debug' : 'info';
    log[pinoLevel]({ graphile: meta }, message);
  });
}

/**
 * The JobQueue port on graphile-worker. One pg pool serves enqueueing and, in a worker process,
 * the runner too. Connects lazily, so CLI commands that enqueue nothing never touch PostgreSQL.
 */
export class GraphileJobQueue implements JobQueue {
  readonly pool: Pool;
  private utils: Promise<WorkerUtils> | null = null;

  constructor(
    private readonly pgUrl: string,
    private readonly log: Logger,
    poolSize = 10,
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
    await utils.addJob(task, payload, {
      runAt: options.runAt,
      jobKey: options.jobKey,
      maxAttempts: options.maxAttempts,
    });
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  async close(): Promise<void> {
    if (this.utils) await (await this.utils).release();
    await this.pool.end();
  }
}
