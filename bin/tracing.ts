// OpenTelemetry tracing, off unless OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set.
// The entry points import this module first, before anything that loads http, undici, mysql2, pg or graphql,
// because the SDK instruments a module as it is loaded (no `--require` needed). With no endpoint set nothing
// else happens here: the SDK and its instrumentations are never required, and the service runs with the
// no-op tracing of src/tracing.ts. docs/operations.md ("Tracing") lists the variables and the spans.
import type { OtelTracing } from './otel-tracing';

function start(env: NodeJS.ProcessEnv): OtelTracing | undefined {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT && !env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return undefined;
  if (/^(true|1)$/i.test(env.OTEL_SDK_DISABLED ?? '')) return undefined;
  // Lazy on purpose: the SDK is loaded only when it is used.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { startOtelTracing } = require('./otel-tracing') as typeof import('./otel-tracing');
  return startOtelTracing(env);
}

const started = start(process.env);

/** This process's tracing when OTEL_EXPORTER_OTLP_ENDPOINT is set (started when this module loaded), else undefined. */
export function processTracing(): OtelTracing | undefined {
  return started;
}
