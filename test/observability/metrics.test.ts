import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import type { Express } from 'express';
import { createApp, createHealthApp, createMetricsApp } from '../../rest/app';
import { routeLabel } from '../../rest/metrics.routes';
import { createPrometheusMetrics } from '../../bin/prometheus';
import type { Runtime } from '../../bin/compose';
import type { Services } from '../../src/platform/index';
import { drainJobs, newTenant, runtime } from '../support/runtime';
import { newApiClient } from '../oauth/harness';
import { deliveriesOf, newEndpoint, receiversPerTest } from '../webhooks/support';

const TOKEN = 'metrics-token-for-tests-0123456789';

async function serve(app: Express): Promise<{ url: string; server: Server }> {
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** `name{b="2",a="1"}` with its labels in name order, so that a key reads the same whatever order the exposition used. */
function norm(key: string): string {
  const open = key.indexOf('{');
  if (open < 0) return key;
  const pairs = key.slice(open + 1, -1).match(/[a-z_]+="(?:[^"\\]|\\.)*"/g) ?? [];
  return `${key.slice(0, open)}{${pairs.sort().join(',')}}`;
}

/** A scrape as `series{labels}` → value (the exposition's sample lines). */
async function scrape(url: string, token = TOKEN): Promise<Map<string, number>> {
  const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).to.equal(200);
  expect(res.headers.get('content-type')).to.match(/^text\/plain; version=0\.0\.4/);
  const samples = new Map<string, number>();
  for (const line of (await res.text()).split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    samples.set(norm(line.slice(0, at)), Number(line.slice(at + 1)));
  }
  return samples;
}

const value = (s: Map<string, number>, key: string) => s.get(norm(key)) ?? 0;
const has = (s: Map<string, number>, key: string) => s.has(norm(key));

describe('observability: GET /metrics on the API and the worker, after real traffic', function () {
  this.timeout(30_000);
  let rt: Runtime;
  const servers: Server[] = [];
  const receiver = receiversPerTest();

  before(async () => {
    rt = await runtime();
  });
  after(() => {
    for (const s of servers) s.closeAllConnections();
    return Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  });

  async function processes(config: Partial<Services['config']> = {}) {
    const apiMetrics = createPrometheusMetrics('api');
    const workerMetrics = createPrometheusMetrics('worker', { defaultMetrics: false });
    const api: Services = { ...rt.svc, config: { ...rt.svc.config, metricsToken: TOKEN, ...config }, metrics: apiMetrics };
    const worker: Services = { ...rt.svc, config: { ...rt.svc.config, metricsToken: TOKEN }, metrics: workerMetrics };
    apiMetrics.bind(api, rt.queue);
    workerMetrics.bind(worker, rt.queue);
    const a = await serve(createApp(api));
    (api.config as { baseUrl: string }).baseUrl = a.url;
    const w = await serve(createHealthApp(worker));
    servers.push(a.server, w.server);
    return { api, worker, apiUrl: a.url, workerUrl: w.url };
  }

  it('a case delivered to a webhook moves the HTTP, token, relay, delivery and job series by exactly what happened', async () => {
    const p = await processes();
    const tenant = await newTenant(rt);
    const r = await receiver();
    await newEndpoint(p.api, { orgId: tenant.id, url: r.url(), eventTypes: ['case.created'] });
    const client = await newApiClient(p.api, tenant.id);
    const apiBefore = await scrape(p.apiUrl);
    const workerBefore = await scrape(p.workerUrl);

    const tokenRes = await fetch(`${p.apiUrl}/v1/oauth/token`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret }),
    });
    expect(tokenRes.status).to.equal(200);
    const { access_token: token } = (await tokenRes.json()) as { access_token: string };
    const created = await fetch(`${p.apiUrl}/v1/cases`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ customerEmail: `metrics-${Date.now()}@example.com`, companyName: 'Metrics Ltd', sendInvite: false }),
    });
    expect(created.status, await created.clone().text()).to.equal(201);
    const caseId = ((await created.json()) as { caseId: string }).caseId;
    expect((await fetch(`${p.apiUrl}/v1/cases/${caseId}`, { headers: { authorization: `Bearer ${token}` } })).status).to.equal(200);

    // The worker relays the event and delivers it (its jobs, run to completion).
    await drainJobs(rt, { orgId: tenant.id, svc: p.worker });
    await r.waitForRequests(1, 10_000);
    expect((await deliveriesOf(p.api, tenant.id)).map((d) => d.state)).to.deep.equal(['delivered']);

    const api = await scrape(p.apiUrl);
    const worker = await scrape(p.workerUrl);
    const moved = (after: Map<string, number>, before: Map<string, number>, key: string) => value(after, key) - value(before, key);
    // The API: one token issued, one POST /v1/cases answered 2xx, one GET by its route template (no id in any label).
    expect(moved(api, apiBefore, 'svc_oauth_tokens_issued_total{grant="client_credentials",role="api"}')).to.equal(1);
    expect(moved(api, apiBefore, 'svc_http_request_duration_seconds_count{route="/v1/cases",method="POST",status_class="2xx",role="api"}')).to.equal(1);
    expect(moved(api, apiBefore, 'svc_http_request_duration_seconds_count{route="/v1/cases/:caseId",method="GET",status_class="2xx",role="api"}')).to.equal(1);
    expect([...api.keys()].some((k) => k.includes(caseId) || k.includes(tenant.id))).to.equal(false);
    // The worker: the delivered counter by exactly one, one attempt timed, the relay's job counted.
    expect(moved(worker, workerBefore, 'svc_webhook_deliveries_total{state="delivered",role="worker"}')).to.equal(1);
    expect(moved(worker, workerBefore, 'svc_webhook_attempts_total{outcome="delivered",role="worker"}')).to.equal(1);
    expect(moved(worker, workerBefore, 'svc_webhook_attempt_duration_seconds_count{outcome="delivered",role="worker"}')).to.equal(1);
    expect(moved(worker, workerBefore, 'svc_events_relayed_total{role="worker"}')).to.be.at.least(1);
    expect(value(worker, 'svc_webhook_retries_scheduled_total{role="worker"}')).to.equal(value(workerBefore, 'svc_webhook_retries_scheduled_total{role="worker"}'));
    // Gauges read at the scrape, and Node's own series on the API.
    expect(has(api, 'svc_outbox_relay_lag_seconds{role="api"}')).to.equal(true);
    expect(has(api, 'svc_mail_outbox_depth{role="api"}')).to.equal(true);
    expect(has(api, 'svc_webhook_endpoints_failing{role="api"}')).to.equal(true);
    expect(value(api, 'svc_ready{role="api"}')).to.equal(1);
    expect(has(api, 'svc_db_pool_connections{pool="mysql",state="in_use",role="api"}')).to.equal(true);
    expect(has(api, 'svc_db_pool_connections{pool="pg",state="idle",role="api"}')).to.equal(true);
    expect(has(api, 'svc_nodejs_eventloop_lag_seconds{role="api"}')).to.equal(true);
    expect(has(api, 'svc_nodejs_heap_size_used_bytes{role="api"}')).to.equal(true);
  });

  it('a 429 raises the rate-limit refusals by one; /metrics answers 401 without the token or with a wrong one', async () => {
    const p = await processes({ pullRateLimitPerMinute: 2 });
    const tenant = await newTenant(rt);
    const client = await newApiClient(p.api, tenant.id);
    const tokenRes = await fetch(`${p.apiUrl}/v1/oauth/token`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret }),
    });
    const { access_token: token } = (await tokenRes.json()) as { access_token: string };
    const before = await scrape(p.apiUrl);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await fetch(`${p.apiUrl}/v1/cases`, { headers: { authorization: `Bearer ${token}` } })).status);
    expect(statuses).to.deep.equal([200, 200, 429]);
    const after = await scrape(p.apiUrl);
    const key = 'svc_rate_limit_refusals_total{limiter="pull-api",role="api"}';
    expect(value(after, key) - value(before, key)).to.equal(1);
    expect(value(after, 'svc_http_request_duration_seconds_count{route="/v1/cases",method="GET",status_class="4xx",role="api"}')
      - value(before, 'svc_http_request_duration_seconds_count{route="/v1/cases",method="GET",status_class="4xx",role="api"}')).to.equal(1);

    for (const url of [p.apiUrl, p.workerUrl]) {
      for (const headers of [{}, { authorization: 'Bearer wrong-token' }, { authorization: `Basic ${TOKEN}` }] as Record<string, string>[]) {
        const res = await fetch(`${url}/metrics`, { headers });
        expect(res.status).to.equal(401);
        expect(res.headers.get('www-authenticate')).to.equal('Bearer realm="metrics"');
        expect(await res.json()).to.deep.equal({ error: 'unauthenticated', message: 'GET /metrics needs the metrics token: Authorization: Bearer <METRICS_TOKEN>.' });
      }
    }
  });

  it('without METRICS_TOKEN the API has no /metrics (404); METRICS_PORT\'s app serves it without a token', async () => {
    const metrics = createPrometheusMetrics('api', { defaultMetrics: false });
    const svc: Services = { ...rt.svc, config: { ...rt.svc.config, metricsToken: null }, metrics };
    metrics.bind(svc, rt.queue);
    const a = await serve(createApp(svc));
    const m = await serve(createMetricsApp(svc));
    servers.push(a.server, m.server);
    expect((await fetch(`${a.url}/metrics`)).status).to.equal(404);
    const res = await fetch(`${m.url}/metrics`);
    expect(res.status).to.equal(200);
    expect(await res.text()).to.contain('# TYPE svc_http_request_duration_seconds histogram');
  });

  it('labels a request by its route template, a prefix-mounted router (Apollo at /graphql) by its mount, anything else unmatched', () => {
    expect(routeLabel({ route: { path: '/cases/:id' }, path: '/cases/abc' }, '/v1')).to.equal('/v1/cases/:id');
    // Inside Apollo's router, mounted at /graphql, req.path is '/' and the mount is the baseUrl.
    expect(routeLabel({ path: '/' }, '/graphql')).to.equal('/graphql/*');
    expect(routeLabel({ path: '/trpc/portal.session' }, '')).to.equal('/trpc/*');
    expect(routeLabel({ path: '/no/such/route' }, '')).to.equal('unmatched');
  });
});
