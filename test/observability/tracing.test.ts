import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { expect } from 'chai';
import type { Runtime } from '../../bin/compose';
import { EventRecord } from '../../src/events/index';
import { testEnv } from '../support/env';
import { DIST, freePort, startNode, waitFor } from '../support/processes';
import { discardFinishedTenantsJobs, newTenant, runtime } from '../support/runtime';
import { testTls } from '../support/test-tls';
import { newApiClient, post } from '../oauth/harness';
import { newEndpoint, TestReceiver } from '../webhooks/support';
import { OtlpCollector, type ReceivedSpan } from './otlp-collector';

const SERVER = 2;
const CLIENT = 3;

/** The span and its ancestors up to the root, as far as they have arrived (nearest first). */
function ancestry(spans: ReceivedSpan[], span: ReceivedSpan): ReceivedSpan[] {
  const chain = [span];
  for (let at = span; at.parentSpanId;) {
    const parent = spans.find((s) => s.traceId === at.traceId && s.spanId === at.parentSpanId);
    if (!parent) break;
    chain.push(parent);
    at = parent;
  }
  return chain;
}

describe('observability: OpenTelemetry traces', function () {
  this.timeout(60_000);
  let rt: Runtime;
  before(async () => {
    rt = await runtime();
  });

  // The SDK's default protocol and the JSON one, each decoded by the collector.
  for (const [protocol, contentType] of [['http/json', 'application/json'], ['http/protobuf', 'application/x-protobuf']] as const) {
    it(`one trace from POST /v1/cases through the relay to the webhook request, whose traceparent names it (OTLP ${protocol} to a local collector)`, async () => {
      const collector = await OtlpCollector.start();
      const receiver = await TestReceiver.start();
      const tenant = await newTenant(rt);
      await newEndpoint(rt.svc, { orgId: tenant.id, url: receiver.url(), eventTypes: ['case.created'] });
      const client = await newApiClient(rt.svc, tenant.id);
      // The process below runs a real worker on this run's queue: earlier files' leftover jobs are not its work.
      await discardFinishedTenantsJobs(rt);
      const port = await freePort();
      const proc = startNode('bin/start.js', [], testEnv({
        PORT: String(port),
        NODE_EXTRA_CA_CERTS: testTls().caFile,
        OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
        OTEL_EXPORTER_OTLP_PROTOCOL: protocol,
        OTEL_SERVICE_NAME: 'svc-under-test',
        LOG_LEVEL: 'info',
        // Export within 50 ms of a span's end rather than the default 5 s.
        OTEL_BSP_SCHEDULE_DELAY: '50',
      }));
      const base = `http://127.0.0.1:${port}`;
      try {
        await waitFor('/readyz', async () => (await fetch(`${base}/readyz`)).status === 200, 30_000);
        const token = await post(base, '/v1/oauth/token', { json: { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret } });
        expect(token.status, token.text).to.equal(200);
        const email = `traced.${Date.now()}@example.com`;
        const created = await post(base, '/v1/cases', { json: { customerEmail: email, companyName: 'Traced Trading Ltd', sendInvite: false } }, {
          authorization: `Bearer ${token.body.access_token as string}`,
        });
        expect(created.status, created.text).to.equal(201);

        // The receiver joins the trace: traceparent names the trace and the span of the request that reached it.
        const [hook] = await receiver.waitForRequests(1, 20_000);
        expect(hook!.headers['x-svc-event']).to.equal('case.created');
        const traceparent = String(hook!.headers.traceparent);
        const [, traceId, parentId] = /^00-([0-9a-f]{32})-([0-9a-f]{16})-0[01]$/.exec(traceparent) ?? [];
        expect(traceId, traceparent).to.be.a('string');

        // Every span from the webhook request up to the root has arrived, and the root is POST /v1/cases.
        const chain = await collector.waitFor('the trace from the webhook request to POST /v1/cases', (spans) => {
          const request = spans.find((s) => s.spanId === parentId);
          if (!request) return null;
          const up = ancestry(spans, request);
          return up[up.length - 1]!.parentSpanId === '' ? up : null;
        });
        const [request, deliver, root] = chain;
        expect(chain.map((s) => s.name)).to.deep.equal(['POST', 'webhook.deliver', 'POST /v1/cases']);
        expect(chain.every((s) => s.traceId === traceId)).to.equal(true);
        expect(request).to.deep.include({ kind: CLIENT });
        expect(request!.attributes['url.full']).to.equal(receiver.url());
        expect(deliver!.attributes).to.deep.include({ 'svc.event.type': 'case.created', 'svc.webhook.attempt': 1 });
        expect(root).to.deep.include({ kind: SERVER });
        expect(root!.attributes).to.deep.include({ 'http.route': '/v1/cases', 'http.response.status_code': 201 });
        expect(root!.resource['service.name']).to.equal('svc-under-test');

        // The relay continued it too, and the statements of the request are its children, values masked.
        // Spans are exported as they end: wait until the relay's and every statement's parent has arrived too.
        const trace = await collector.waitFor('the relay span, every span with its parent', (spans) => {
          const own = spans.filter((s) => s.traceId === traceId);
          const ids = new Set(own.map((s) => s.spanId));
          return own.some((s) => s.name === 'event.relay') && own.every((s) => !s.parentSpanId || ids.has(s.parentSpanId)) ? own : null;
        });
        const relay = trace.find((s) => s.name === 'event.relay')!;
        expect(relay.parentSpanId).to.equal(root!.spanId);
        expect(relay.attributes['svc.event.type']).to.equal('case.created');
        const statements = trace.filter((s) => s.attributes['db.system.name'] === 'mysql');
        expect(statements.length).to.be.greaterThan(0);
        expect(statements.some((s) => s.parentSpanId === root!.spanId)).to.equal(true);
        expect(JSON.stringify(trace)).to.not.contain(email);
        // Parent links intact: every span of the trace but the root names a span of the trace.
        const ids = new Set(trace.map((s) => s.spanId));
        expect(trace.filter((s) => s.parentSpanId && !ids.has(s.parentSpanId)).map((s) => s.name)).to.deep.equal([]);
        expect(collector.contentTypes.every((t) => t.startsWith(contentType))).to.equal(true);

        // The request's log lines name the trace beside the request id.
        const logLine = await waitFor('the request log line', async () => proc.output().split('\n').filter((l) => l.startsWith('{'))
          .map((l) => JSON.parse(l) as { req?: { method: string; path: string }; reqId?: string; traceId?: string })
          .find((l) => l.req?.method === 'POST' && l.req.path === '/v1/cases'), 5000, 50);
        expect(logLine).to.deep.include({ reqId: created.headers.get('x-request-id'), traceId });

        // The event row keeps the context it continues.
        const [event] = await rt.svc.db.manager.find(EventRecord, { where: { orgId: tenant.id, type: 'case.created' } });
        expect(JSON.parse(event!.traceContext!).traceparent).to.match(new RegExp(`^00-${traceId}-${root!.spanId}-01$`));
      } finally {
        proc.child.kill('SIGTERM');
        const done = await proc.exited;
        await receiver.close();
        await collector.close();
        expect(done.code, done.stderr).to.equal(0);
      }
    });
  }

  it('a console GraphQL operation is one span, `query <name>`, inside its POST /graphql server span (the compiled executor keeps it)', async () => {
    const collector = await OtlpCollector.start();
    const port = await freePort();
    const proc = startNode('bin/start.js', ['--api'], testEnv({
      PORT: String(port), OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_BSP_SCHEDULE_DELAY: '50',
    }));
    const base = `http://127.0.0.1:${port}`;
    try {
      await waitFor('/readyz', async () => (await fetch(`${base}/readyz`)).status === 200, 30_000);
      for (let i = 0; i < 2; i++) {
        const res = await fetch(`${base}/graphql`, {
          method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: 'query Probe { health { ready } }' }),
        });
        expect(res.status).to.equal(200);
      }
      // Each operation span and the request's server span above it (which ends, and is exported, after it).
      const chains = await collector.waitFor('two operation spans with their parents', (spans) => {
        const found = spans.filter((s) => s.name === 'query Probe').map((s) => ancestry(spans, s));
        return found.length === 2 && found.every((c) => c.length > 1) ? found : null;
      });
      expect(new Set(chains.map(([operation]) => operation!.traceId)).size).to.equal(2);
      for (const [operation, server] of chains) {
        expect(operation!.attributes).to.deep.include({ 'graphql.operation.type': 'query', 'graphql.operation.name': 'Probe' });
        expect(server).to.deep.include({ kind: SERVER });
        expect(server!.name).to.match(/^POST \/graphql/);
      }
    } finally {
      proc.child.kill('SIGTERM');
      const done = await proc.exited;
      await collector.close();
      expect(done.code, done.stderr).to.equal(0);
    }
  });

  it('with no OTEL_EXPORTER_OTLP_ENDPOINT, not one OpenTelemetry module is loaded', async () => {
    const script = `require(${JSON.stringify(join(DIST, 'bin', 'tracing.js'))});
      const t = require(${JSON.stringify(join(DIST, 'bin', 'tracing.js'))}).processTracing();
      process.stdout.write(JSON.stringify({ started: t !== undefined, loaded: Object.keys(require.cache).filter((k) => k.includes('@opentelemetry')).length }));`;
    const env = { ...testEnv(), OTEL_EXPORTER_OTLP_ENDPOINT: undefined, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: undefined };
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, ['-e', script], { env: env as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'inherit'] });
      let stdout = '';
      child.stdout.on('data', (d) => (stdout += d));
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.on('exit', (code) => {
        clearTimeout(timer);
        if (code === 0) resolve(stdout);
        else reject(new Error(`exit ${code}`));
      });
    });
    expect(JSON.parse(out)).to.deep.equal({ started: false, loaded: 0 });
  });
});
