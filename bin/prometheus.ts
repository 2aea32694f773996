// The metrics port (src/metrics.ts) on prom-client: one registry per process (per call, so tests can run an
// "API" and a "worker" side by side), every series of the catalogue, Node's default metrics, and gauges read
// at each scrape from the databases (bounded queries, each with a time limit). docs/operations.md lists them.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { DataSource } from 'typeorm';
import { relayLagSeconds } from '../src/events/index';
import { mailOutboxDepth } from '../src/mail/index';
import { failingWebhookEndpoints } from '../src/webhooks/index';
import {
  METRIC_CATALOGUE, checkReadiness, type CounterName, type HistogramName, type MetricLabels, type Metrics, type Services,
} from '../src/platform/index';
import type { GraphileJobQueue } from '../worker/job-queue';

/** Seconds: from 5 ms to 30 s (HTTP, GraphQL, webhook attempts, steps, jobs). */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** A scrape-time query that does not answer within this long leaves its gauge at its last value. */
const COLLECT_TIMEOUT_MS = 2000;

export interface PrometheusMetrics extends Metrics {
  readonly registry: Registry;
  expose(): Promise<{ contentType: string; body: string }>;
}

function within<T>(p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('metrics collection timed out')), COLLECT_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** mysql2's pool behind TypeORM: its connection lists (private fields, read defensively). */
function mysqlPoolStats(db: DataSource): { total: number; idle: number; waiting: number } | null {
  const pool = (db.driver as unknown as { pool?: { _allConnections?: { length: number }; _freeConnections?: { length: number }; _connectionQueue?: { length: number } } }).pool;
  if (!pool?._allConnections) return null;
  return { total: pool._allConnections.length, idle: pool._freeConnections?.length ?? 0, waiting: pool._connectionQueue?.length ?? 0 };
}

/**
 * A registry for one process. `role` names it in every series (`api`, `worker` or `all`). The scrape-time
 * gauges need the services; `bind` gives them once composed (the registry is made first so that compose
 * can hand it to the services).
 */
export function createPrometheusMetrics(role: string, options: { defaultMetrics?: boolean } = {}): PrometheusMetrics & { bind(svc: Services, queue: GraphileJobQueue): void } {
  const registry = new Registry();
  registry.setDefaultLabels({ role });
  if (options.defaultMetrics !== false) collectDefaultMetrics({ register: registry, prefix: 'svc_' });
  const counters = new Map<string, Counter>();
  const histograms = new Map<string, Histogram>();
  for (const [name, def] of Object.entries(METRIC_CATALOGUE.counters)) {
    counters.set(name, new Counter({ name, help: def.help, labelNames: [...def.labels], registers: [registry] }));
  }
  for (const [name, def] of Object.entries(METRIC_CATALOGUE.histograms)) {
    histograms.set(name, new Histogram({ name, help: def.help, labelNames: [...def.labels], buckets: BUCKETS, registers: [registry] }));
  }

  let bound: { svc: Services; queue: GraphileJobQueue } | null = null;
  const gauge = (name: string, help: string, labelNames: string[], collect: (g: Gauge) => Promise<void>) =>
    new Gauge({
      name, help, labelNames, registers: [registry],
      async collect() {
        if (!bound) return;
        await within(collect(this)).catch((err: unknown) => bound?.svc.log.debug({ err, metric: name }, 'metrics collection failed'));
      },
    });
  gauge('svc_outbox_relay_lag_seconds', 'Age of the oldest recorded event not relayed yet (0 when none waits).', [], async (g) => {
    g.set(await relayLagSeconds(bound!.svc));
  });
  gauge('svc_webhook_endpoints_failing', 'Webhook endpoints whose deliveries are failing now (as the health check last saw them).', [], async (g) => {
    g.set(await failingWebhookEndpoints(bound!.svc));
  });
  gauge('svc_mail_outbox_depth', 'Emails waiting to be sent (pending in the mail outbox).', [], async (g) => {
    g.set(await mailOutboxDepth(bound!.svc));
  });
  const queueStats = async () => bound!.queue.queueStats();
  let stats: ReturnType<typeof queueStats> | null = null;
  // Both queue gauges come from one query per scrape.
  const sharedStats = () => (stats ??= queueStats().finally(() => setImmediate(() => (stats = null))));
  gauge('svc_job_queue_depth', 'Jobs waiting in the queue (not locked by a worker), by task.', ['task'], async (g) => {
    g.reset();
    for (const s of await sharedStats()) g.set({ task: s.task }, s.waiting);
  });
  gauge('svc_job_queue_oldest_due_age_seconds', 'How long the oldest due job not held by a worker has waited, by task.', ['task'], async (g) => {
    g.reset();
    for (const s of await sharedStats()) g.set({ task: s.task }, s.oldestDueAgeMs / 1000);
  });
  gauge('svc_ready', 'Whether this process is ready (/readyz): 1 ready, 0 not.', [], async (g) => {
    g.set((await checkReadiness(bound!.svc)).ready ? 1 : 0);
  });
  gauge('svc_db_pool_connections', 'Database pool connections by pool (mysql, pg) and state (in_use, idle, waiting requests).', ['pool', 'state'], async (g) => {
    const m = mysqlPoolStats(bound!.svc.db);
    if (m) {
      g.set({ pool: 'mysql', state: 'in_use' }, m.total - m.idle);
      g.set({ pool: 'mysql', state: 'idle' }, m.idle);
      g.set({ pool: 'mysql', state: 'waiting' }, m.waiting);
    }
    const pg = bound!.queue.pool;
    g.set({ pool: 'pg', state: 'in_use' }, pg.totalCount - pg.idleCount);
    g.set({ pool: 'pg', state: 'idle' }, pg.idleCount);
    g.set({ pool: 'pg', state: 'waiting' }, pg.waitingCount);
  });

  return {
    registry,
    count(name: CounterName, labels: MetricLabels = {}, by = 1) {
      counters.get(name)?.inc(labels, by);
    },
    observe(name: HistogramName, value: number, labels: MetricLabels = {}) {
      histograms.get(name)?.observe(labels, value);
    },
    async expose() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
    bind(svc, queue) {
      bound = { svc, queue };
    },
  };
}
