/**
 * The metrics port: what the domain counts and times, by name, with bounded labels only (a route template,
 * an operation name, a task, a state or outcome: never an id, an email or a tenant). The adapter (bin/
 * prometheus.ts, prom-client) registers every series of METRIC_CATALOGUE; the default does nothing, so a
 * use case counts without knowing whether anything listens. src/ never imports a telemetry library.
 */
export type MetricLabels = Record<string, string>;

export interface Metrics {
  /** Adds `by` (default 1) to a counter. */
  count(name: CounterName, labels?: MetricLabels, by?: number): void;
  /** Records one observation (seconds for durations) in a histogram. */
  observe(name: HistogramName, value: number, labels?: MetricLabels): void;
  /** The exposition of every series (GET /metrics), when the adapter has one. */
  expose?(): Promise<{ contentType: string; body: string }>;
}

/** Every series the domain and the adapters write, with its help text and label names (the adapter registers these). */
export const METRIC_CATALOGUE = {
  counters: {
    svc_oauth_tokens_issued_total: { help: 'Access tokens issued by the token endpoint, by grant type.', labels: ['grant'] },
    svc_rate_limit_refusals_total: { help: 'Requests refused by a rate limit (429), by limiter.', labels: ['limiter'] },
    svc_webhook_attempts_total: { help: 'Webhook delivery attempts by outcome (delivered, retry_scheduled, failed, cancelled).', labels: ['outcome'] },
    svc_webhook_deliveries_total: { help: 'Webhook deliveries that reached a final state (delivered, failed, cancelled).', labels: ['state'] },
    svc_webhook_retries_scheduled_total: { help: 'Webhook retries scheduled after a failed attempt.', labels: [] },
    svc_pipeline_step_failures_total: { help: 'Pipeline steps that failed (the job is retried by the queue).', labels: ['step'] },
    svc_events_relayed_total: { help: 'Recorded events relayed from the outbox to their subscribers.', labels: [] },
    svc_jobs_total: { help: 'Jobs run by this worker, by task and result (completed, failed).', labels: ['task', 'result'] },
    svc_worker_runner_restarts_total: { help: 'Restarts of the job runner after it stopped on its own.', labels: [] },
  },
  histograms: {
    svc_http_request_duration_seconds: { help: 'HTTP request duration by route template, method and status class.', labels: ['route', 'method', 'status_class'] },
    svc_graphql_operation_duration_seconds: { help: 'GraphQL operation duration by operation name and whether it had errors.', labels: ['operation', 'errors'] },
    svc_webhook_attempt_duration_seconds: { help: 'Duration of one webhook request (send to answer).', labels: ['outcome'] },
    svc_pipeline_step_duration_seconds: { help: 'Duration of a pipeline step, by step and result.', labels: ['step', 'result'] },
    svc_screening_duration_seconds: { help: 'Screening latency of one case (provider calls and writes).', labels: ['provider'] },
    svc_job_duration_seconds: { help: 'Duration of a job, by task.', labels: ['task'] },
  },
} as const;

export type CounterName = keyof typeof METRIC_CATALOGUE.counters;
export type HistogramName = keyof typeof METRIC_CATALOGUE.histograms;

/** Counts and times nothing (the default, and every process that does not serve /metrics). */
export const noMetrics: Metrics = { count() {}, observe() {} };

/** The process's metrics, or the no-op. */
export function metricsOf(svc: { metrics?: Metrics }): Metrics {
  return svc.metrics ?? noMetrics;
}

/** Runs fn and records its duration (seconds) in `name`, with `result` ok/failed when the histogram has that label. */
export async function timed<T>(svc: { metrics?: Metrics }, name: HistogramName, labels: MetricLabels, fn: () => Promise<T>): Promise<T> {
  const metrics = metricsOf(svc);
  const started = performance.now();
  const withResult = (METRIC_CATALOGUE.histograms[name].labels as readonly string[]).includes('result');
  try {
    const value = await fn();
    metrics.observe(name, (performance.now() - started) / 1000, withResult ? { ...labels, result: 'ok' } : labels);
    return value;
  } catch (err) {
    metrics.observe(name, (performance.now() - started) / 1000, withResult ? { ...labels, result: 'failed' } : labels);
    throw err;
  }
}
