/**
 * The tracing port: spans around the domain's own units of work (an event's relay, a webhook delivery, a job,
 * a pipeline step) and the trace context that work continues. The adapter (bin/otel-tracing.ts, the
 * OpenTelemetry SDK, started only when OTEL_EXPORTER_OTLP_ENDPOINT is set) implements it; the default does
 * nothing, so a use case opens spans without knowing whether anything records them. src/ never imports a
 * telemetry library (compare src/metrics.ts).
 *
 * A trace context is carried as W3C Trace Context headers (`traceparent`, and `tracestate` when there is
 * one): what an event row stores (`events.trace_context`), what a job's payload carries, and what a
 * webhook request sends, so that work done later, in another process, continues the request that caused it.
 */
export type TraceCarrier = Readonly<Record<string, string>>;

export interface SpanOptions {
  /** Continue this stored context (an event's, a job's) instead of the work in progress. */
  parent?: TraceCarrier | null;
  /** Bounded attributes only: ids, names, counts; never personal data or a secret. */
  attributes?: Record<string, string | number | boolean>;
  /** `consumer` for work taken from a queue (a job, a relayed event); default `internal`. */
  kind?: 'internal' | 'consumer';
}

export interface Tracing {
  /** The context of the work in progress as headers, or null when nothing is traced (then nothing is stored). */
  capture(): TraceCarrier | null;
  /** Runs fn inside a new span, ended when fn settles (a throw marks it as an error and is rethrown). */
  span<T>(name: string, options: SpanOptions, fn: () => Promise<T>): Promise<T>;
  /** Gives the HTTP request in progress its route template (its span becomes `POST /v1/cases`), when it has a server span. */
  nameRequest(route: string): void;
  /**
   * Starts a span without making it current, for one item of a batch (an event the relay hands on); end it
   * once that item's work is done.
   */
  open(name: string, options: SpanOptions): { end(error?: unknown): void };
}

/** Traces nothing (the default, and every process without OTEL_EXPORTER_OTLP_ENDPOINT). */
export const noTracing: Tracing = {
  capture: () => null,
  span: (_name, _options, fn) => fn(),
  nameRequest() {},
  open: () => ({ end() {} }),
};

/** The process's tracing, or the no-op. */
export function tracingOf(svc: { tracing?: Tracing }): Tracing {
  return svc.tracing ?? noTracing;
}

/** A stored carrier (the JSON of an event row's trace_context) read back; null when absent or not one. */
export function parseTraceCarrier(stored: string | null | undefined): TraceCarrier | null {
  if (!stored) return null;
  try {
    const value = JSON.parse(stored) as unknown;
    if (!value || typeof value !== 'object' || typeof (value as Record<string, unknown>).traceparent !== 'string') return null;
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return null;
  }
}
