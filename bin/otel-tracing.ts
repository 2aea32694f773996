// The tracing port (src/tracing.ts) on the official OpenTelemetry Node SDK. Loaded only by bin/tracing.ts,
// and only when OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set: without it, not
// one OpenTelemetry module is required. The SDK reads the standard OTEL_* variables itself (protocol
// http/protobuf or http/json, headers, timeouts, OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES, OTEL_PROPAGATORS,
// OTEL_BSP_*); the sampler (OTEL_TRACES_SAMPLER, OTEL_TRACES_SAMPLER_ARG) is built here from the same
// variables, wrapped so that a database statement outside any trace (a sweep, a pool's ping, the job queue's
// polling) never starts a trace of its own. Traces only: metrics stay Prometheus (src/metrics.ts).
import { context, propagation, trace, SpanKind, SpanStatusCode, type Attributes, type Context, type Link, type Span } from '@opentelemetry/api';
import { NodeSDK, core, tracing as sdkTrace } from '@opentelemetry/sdk-node';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { MySQL2Instrumentation } from '@opentelemetry/instrumentation-mysql2';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { GraphQLInstrumentation } from '@opentelemetry/instrumentation-graphql';
import type { SpanOptions, TraceCarrier, Tracing } from '../src/platform/index';

/** The paths probes and scrapers call every few seconds: no trace for those. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);
/** Query parameters that can carry a credential (OAuth codes and tokens, magic links): redacted on server spans. */
const SECRET_QUERY_PARAMS = ['code', 'state', 'token', 'access_token', 'refresh_token', 'client_secret', 'code_verifier', 'id_token_hint', 'sig', 'signature'];

export interface OtelTracing extends Tracing {
  /** Exports the spans still buffered and stops the SDK (the drain calls it before exit). */
  shutdown(): Promise<void>;
}

/** OTEL_TRACES_SAMPLER as the specification names it; default parentbased_always_on. */
function samplerFromEnv(env: NodeJS.ProcessEnv): sdkTrace.Sampler {
  const ratio = (() => {
    const n = Number(env.OTEL_TRACES_SAMPLER_ARG);
    return env.OTEL_TRACES_SAMPLER_ARG !== undefined && n >= 0 && n <= 1 ? n : 1;
  })();
  switch ((env.OTEL_TRACES_SAMPLER ?? '').trim()) {
    case 'always_on': return new sdkTrace.AlwaysOnSampler();
    case 'always_off': return new sdkTrace.AlwaysOffSampler();
    case 'traceidratio': return new sdkTrace.TraceIdRatioBasedSampler(ratio);
    case 'parentbased_always_off': return new sdkTrace.ParentBasedSampler({ root: new sdkTrace.AlwaysOffSampler() });
    case 'parentbased_traceidratio': return new sdkTrace.ParentBasedSampler({ root: new sdkTrace.TraceIdRatioBasedSampler(ratio) });
    default: return new sdkTrace.ParentBasedSampler({ root: new sdkTrace.AlwaysOnSampler() });
  }
}

/**
 * A database statement or a GraphQL parse, validate or execute with no span around it is not a unit of work
 * (a sweep, a pool's ping, Apollo building its schema at start): it starts no trace.
 */
class NoRootStatements implements sdkTrace.Sampler {
  constructor(private readonly inner: sdkTrace.Sampler) {}
  shouldSample(ctx: Context, traceId: string, name: string, kind: SpanKind, attributes: Attributes, links: Link[]): sdkTrace.SamplingResult {
    const parent = trace.getSpanContext(ctx);
    const root = !(parent && trace.isSpanContextValid(parent));
    const statement = kind === SpanKind.CLIENT && (attributes['db.system.name'] !== undefined || attributes['db.system'] !== undefined);
    // The console's operation spans (graphql/compiled-executor.ts) carry graphql.operation.type.
    const graphql = name.startsWith('graphql.') || attributes['graphql.operation.type'] !== undefined;
    if (root && (statement || graphql)) {
      return { decision: sdkTrace.SamplingDecision.NOT_RECORD };
    }
    return this.inner.shouldSample(ctx, traceId, name, kind, attributes, links);
  }
  toString(): string {
    return `NoRootStatements{${this.inner.toString()}}`;
  }
}

/**
 * mysql2's instrumentation names a statement's span by its first word, which is the opening of a comment for
 * the statements crossTenant prefixes with its reason (src/db/cross-tenant.ts): those are named by their verb.
 */
function nameByVerb(span: Span): void {
  const text = (span as unknown as { attributes?: Attributes }).attributes?.['db.query.text'];
  if (typeof text !== 'string' || !text.startsWith('/*')) return;
  const verb = /^\/\*[\s\S]*?\*\/\s*(\w+)/.exec(text)?.[1];
  if (verb) span.updateName(verb.toUpperCase());
}

/** Starts the SDK (instrumenting http, undici, mysql2, pg and graphql from now on) and returns the port on it. */
export function startOtelTracing(env: NodeJS.ProcessEnv = process.env): OtelTracing {
  const named = env.OTEL_SERVICE_NAME || /(^|,)\s*service\.name=/.test(env.OTEL_RESOURCE_ATTRIBUTES ?? '');
  const sdk = new NodeSDK({
    ...(named ? {} : { serviceName: 'svc' }),
    sampler: new NoRootStatements(samplerFromEnv(env)),
    // Traces only (the SDK would otherwise also export metrics and logs over OTLP by default).
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => UNTRACED_PATHS.has((req.url ?? '').split('?')[0]!),
        redactedQueryParamsServer: SECRET_QUERY_PARAMS,
        // Outgoing calls are traced inside a unit of work only (never the SDK's own export).
        requireParentforOutgoingSpans: true,
      }),
      new UndiciInstrumentation({ requireParentforSpans: true }),
      // Statements as written, values masked (they hold personal data and token hashes).
      new MySQL2Instrumentation({ maskStatement: true, responseHook: nameByVerb }),
      new PgInstrumentation({ requireParentSpan: true, ignoreConnectSpans: true }),
      new GraphQLInstrumentation({ ignoreResolveSpans: true, mergeItems: true }),
    ],
  });
  sdk.start();
  const tracer = trace.getTracer('svc');

  const parentContext = (parent: TraceCarrier | null | undefined): Context =>
    parent ? propagation.extract(context.active(), parent) : context.active();
  const startSpan = (name: string, options: SpanOptions): { span: Span; ctx: Context } => {
    const parent = parentContext(options.parent);
    const span = tracer.startSpan(name, {
      kind: options.kind === 'consumer' ? SpanKind.CONSUMER : SpanKind.INTERNAL,
      ...(options.attributes ? { attributes: options.attributes } : {}),
    }, parent);
    return { span, ctx: trace.setSpan(parent, span) };
  };
  const fail = (span: Span, err: unknown) => {
    span.recordException(err instanceof Error ? err : String(err));
    span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.name : 'error' });
  };

  return {
    capture() {
      const current = trace.getSpanContext(context.active());
      if (!current || !trace.isSpanContextValid(current)) return null;
      const carrier: Record<string, string> = {};
      propagation.inject(context.active(), carrier);
      return carrier.traceparent ? carrier : null;
    },
    async span(name, options, fn) {
      const { span, ctx } = startSpan(name, options);
      try {
        return await context.with(ctx, fn);
      } catch (err) {
        fail(span, err);
        throw err;
      } finally {
        span.end();
      }
    },
    open(name, options) {
      const { span } = startSpan(name, options);
      return {
        end(err?: unknown) {
          if (err !== undefined) fail(span, err);
          span.end();
        },
      };
    },
    nameRequest(route) {
      const rpc = core.getRPCMetadata(context.active());
      if (rpc?.type === core.RPCType.HTTP) rpc.route = route;
    },
    shutdown: () => sdk.shutdown(),
  };
}
