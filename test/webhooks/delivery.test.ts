import { expect } from 'chai';
import { relayEvents } from '../../src/events/index';
import { createLogger } from '../../src/platform/index';
import { type Tenant } from '../../src/tenants/index';
import { attemptDelivery, attemptLeaseMs } from '../../src/webhooks/index';
import type { Runtime } from '../../bin/compose';
import { rogueTls } from '../support/test-tls';
import { newTenant, runtime } from '../support/runtime';
import {
  TEST_EVENT_TYPE, receiversPerTest, octokitVerify, attemptsOf, closedPort, deliveriesOf, drain, newEndpoint, recordTestEvent, withConfig,
} from './support';

describe('webhooks: signed delivery to a real HTTPS receiver', () => {
  let rt: Runtime;
  let tenant: Tenant;
  const receiver = receiversPerTest();

  beforeEach(async () => {
    rt = await runtime();
    tenant = await newTenant(rt);
  });

  it('POSTs the stored bytes once, signed, with every header of the receiver contract, and marks it delivered', async () => {
    const r = await receiver(() => ({ status: 202, body: 'accepted' }));
    const { endpoint, secret } = await newEndpoint(rt.svc, { orgId: tenant.id, url: r.url('/crm/hook?src=svc'), label: 'CRM' });
    const event = await recordTestEvent(rt.svc, tenant.id, 'hello receiver');
    await drain(rt, { orgId: tenant.id });

    const [req] = await r.waitForRequests(1);
    expect(r.requests).to.have.length(1);
    const [delivery] = await deliveriesOf(rt.svc, tenant.id);
    expect(req!.method).to.equal('POST');
    expect(req!.url).to.equal('/crm/hook?src=svc');
    expect(req!.body.toString('utf8')).to.equal(event.data);
    expect(req!.headers).to.deep.include({
      'content-type': 'application/json',
      'user-agent': 'Service-Webhooks/1.0',
      'x-svc-event': TEST_EVENT_TYPE,
      'x-svc-event-id': event.eventId,
      'x-svc-event-version': '1',
      'x-svc-timestamp': JSON.parse(event.data).timestamp,
      'x-svc-delivery-id': String(delivery!.id),
      'x-svc-attempt': '1',
    });
    expect(req!.headers['x-svc-signature']).to.match(/^sha256=[0-9a-f]{64}$/);
    // An independent implementation of the same `sha256=` HMAC scheme agrees.
    expect(await octokitVerify(secret, req!.body.toString('utf8'), req!.headers['x-svc-signature'] as string)).to.equal(true);
    expect(await octokitVerify('another secret entirely', req!.body.toString('utf8'), req!.headers['x-svc-signature'] as string)).to.equal(false);

    expect(delivery).to.deep.include({ endpointId: endpoint.endpointId, eventId: event.eventId, eventType: TEST_EVENT_TYPE, state: 'delivered', attempts: 1, lastHttpStatus: 202 });
    const [attempt] = await attemptsOf(rt.svc, tenant.id, delivery!.id);
    expect(attempt).to.deep.include({ attemptNo: 1, httpStatus: 202, responseBody: 'accepted', errorMessage: null });
    expect(attempt!.finishedAt.getTime() - attempt!.startedAt.getTime()).to.equal(attempt!.durationMs);
  });

  it('records each failure kind as a failed attempt: 500, 404, 302 (not followed), timeout, refused, TLS', async () => {
    const svc = withConfig(rt, { webhookRetryScheduleMs: [], webhookTimeoutMs: 700 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const ok = await receiver((req) => {
      if (req.url === '/500') return { status: 500, body: 'boom' };
      if (req.url === '/404') return { status: 404, body: 'no such hook' };
      if (req.url === '/302') return { status: 302, headers: { location: '/elsewhere' } };
      if (req.url === '/slow') return { status: 200, hold: held };
      return { status: 200, body: 'should not be reached' };
    });
    const rogue = await receiver(() => ({ status: 200 }), rogueTls());
    const refused = await closedPort();
    const urls = [ok.url('/500'), ok.url('/404'), ok.url('/302'), ok.url('/slow'), `https://127.0.0.1:${refused}/hook`, rogue.url('/tls')];
    const urlOf = new Map<string, string>();
    for (const url of urls) urlOf.set((await newEndpoint(svc, { orgId: tenant.id, url })).endpoint.endpointId, url);
    await recordTestEvent(svc, tenant.id, 'every failure');
    try {
      await drain(rt, { orgId: tenant.id, svc });
    } finally {
      release();
    }

    const deliveries = await deliveriesOf(svc, tenant.id);
    expect(deliveries).to.have.length(6);
    const byUrl = new Map<string, { status: number; error: string | null; body: string | null; state: string }>();
    for (const d of deliveries) {
      const [a] = await attemptsOf(svc, tenant.id, d.id);
      byUrl.set(urlOf.get(d.endpointId)!, { status: a!.httpStatus, error: a!.errorMessage, body: a!.responseBody, state: d.state });
    }
    for (const d of byUrl.values()) expect(d.state).to.equal('failed');
    expect(byUrl.get(urls[0]!)).to.deep.include({ status: 500, body: 'boom', error: 'The receiver answered HTTP 500.' });
    expect(byUrl.get(urls[1]!)).to.deep.include({ status: 404, body: 'no such hook' });
    expect(byUrl.get(urls[2]!)).to.deep.include({ status: 302, error: 'The receiver answered with a redirect (HTTP 302); redirects are not followed.' });
    expect(ok.requests.map((q) => q.url)).to.not.include('/elsewhere');
    expect(byUrl.get(urls[3]!)).to.deep.include({ status: 0, body: null, error: 'No complete response within 700 ms.' });
    expect(byUrl.get(urls[4]!)).to.deep.include({ status: 0, error: `Connection refused by 127.0.0.1:${refused}.` });
    expect(byUrl.get(urls[5]!)!.status).to.equal(0);
    expect(byUrl.get(urls[5]!)!.error).to.match(/^TLS handshake with 127\.0\.0\.1 failed: .+ \((UNABLE_TO_VERIFY_LEAF_SIGNATURE|SELF_SIGNED_CERT_IN_CHAIN|DEPTH_ZERO_SELF_SIGNED_CERT)\)\.$/);
    expect(rogue.requests).to.have.length(0);
  });

  it('keeps the first 64 KiB of a response body and no more', async () => {
    const big = 'x'.repeat(200 * 1024);
    const r = await receiver(() => ({ status: 200, body: big }));
    await newEndpoint(rt.svc, { orgId: tenant.id, url: r.url() });
    await recordTestEvent(rt.svc, tenant.id, 'big answer');
    await drain(rt, { orgId: tenant.id });
    const [d] = await deliveriesOf(rt.svc, tenant.id);
    const [a] = await attemptsOf(rt.svc, tenant.id, d!.id);
    expect(d!.state).to.equal('delivered');
    expect(a!.responseBody).to.have.length(64 * 1024);
  });

  it('retries on the configured schedule, counting attempts on one row, then fails', async () => {
    const svc = withConfig(rt, { webhookRetryScheduleMs: [30_000, 60_000] });
    const r = await receiver(() => ({ status: 503, body: 'down' }));
    await newEndpoint(svc, { orgId: tenant.id, url: r.url() });
    const event = await recordTestEvent(svc, tenant.id, 'keeps failing');
    await drain(rt, { orgId: tenant.id, svc });
    let [d] = await deliveriesOf(svc, tenant.id);
    expect(d).to.deep.include({ state: 'pending', attempts: 1, lastHttpStatus: 503 });
    // The domain sets the next attempt from the schedule: 30 s after attempt 1 ended.
    const [a1] = await attemptsOf(svc, tenant.id, d!.id);
    expect(d!.nextAttemptAt!.getTime() - a1!.finishedAt.getTime()).to.equal(30_000);
    // A job that runs early leaves the row alone.
    expect(await attemptDelivery(svc, d!.id)).to.equal('not_due');

    const later = (ms: number) => ({ ...svc, clock: { now: () => new Date(Date.now() + ms) } });
    expect(await attemptDelivery(later(31_000), d!.id)).to.equal('retry_scheduled');
    [d] = await deliveriesOf(svc, tenant.id);
    const [, a2] = await attemptsOf(svc, tenant.id, d!.id);
    expect(d!.nextAttemptAt!.getTime() - a2!.finishedAt.getTime()).to.equal(60_000);
    expect(await attemptDelivery(later(200_000), d!.id)).to.equal('failed');
    [d] = await deliveriesOf(svc, tenant.id);
    expect(d).to.deep.include({ state: 'failed', attempts: 3, nextAttemptAt: null });
    expect(await attemptDelivery(later(200_000), d!.id)).to.equal('not_pending');
    expect(r.requests.map((q) => q.headers['x-svc-attempt'])).to.deep.equal(['1', '2', '3']);
    expect(new Set(r.requests.map((q) => q.headers['x-svc-event-id']))).to.deep.equal(new Set([event.eventId]));
    expect(new Set(r.requests.map((q) => q.headers['x-svc-delivery-id']))).to.deep.equal(new Set([String(d!.id)]));
    expect(new Set(r.requests.map((q) => q.body.toString('utf8')))).to.deep.equal(new Set([event.data]));
  });

  it('records a batch of results together, except one whose lease another worker took meanwhile', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    const r = await receiver(() => ({ status: 200, body: 'ok', hold: held }));
    await newEndpoint(rt.svc, { orgId: tenant.id, url: r.url() });
    await recordTestEvent(rt.svc, tenant.id, 'first');
    await recordTestEvent(rt.svc, tenant.id, 'second');
    await relayEvents(rt.svc);
    const [d1, d2] = await deliveriesOf(rt.svc, tenant.id);
    const outcomes = Promise.all([attemptDelivery(rt.svc, d1!.id), attemptDelivery(rt.svc, d2!.id)]);
    await r.waitForRequests(2);
    // While both requests are in flight, another worker takes the first delivery over (as if its lease had run out).
    await rt.svc.db.query(`UPDATE webhook_deliveries SET lease_token = 'someone-else-000000000' WHERE id = ?`, [d1!.id]);
    release();
    expect(await outcomes).to.deep.equal(['lease_lost', 'delivered']);
    const [after1, after2] = await deliveriesOf(rt.svc, tenant.id);
    // The lost attempt counts (its request was sent); its result is not ours to record.
    expect(after1).to.deep.include({ state: 'pending', attempts: 1 });
    expect(await attemptsOf(rt.svc, tenant.id, d1!.id)).to.have.length(0);
    expect(after2).to.deep.include({ state: 'delivered', attempts: 1, lastHttpStatus: 200 });
    expect(await attemptsOf(rt.svc, tenant.id, d2!.id)).to.have.length(1);
  });

  it('gives a request sent after a lease was lost and taken over its own attempt number, never a second attempt 1', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    // The first request hangs past its lease; the one sent by the worker that takes over is answered.
    const r = await receiver((_req, n) => (n === 1 ? { status: 200, hold: held } : { status: 200, body: 'ok' }));
    await newEndpoint(rt.svc, { orgId: tenant.id, url: r.url() });
    const event = await recordTestEvent(rt.svc, tenant.id, 'taken over');
    await relayEvents(rt.svc);
    const [d] = await deliveriesOf(rt.svc, tenant.id);
    const first = attemptDelivery(rt.svc, d!.id);
    await r.waitForRequests(1);
    // Another worker, once the lease has run out by its clock, takes the delivery over.
    const afterLease = withConfig(rt, {}, { clock: { now: () => new Date(Date.now() + attemptLeaseMs(rt.svc.config) + 1000) } });
    expect(await attemptDelivery(afterLease, d!.id)).to.equal('delivered');
    release();
    expect(await first).to.equal('lease_lost');
    expect(r.requests.map((q) => q.headers['x-svc-attempt'])).to.deep.equal(['1', '2']);
    expect(new Set(r.requests.map((q) => q.headers['x-svc-event-id']))).to.deep.equal(new Set([event.eventId]));
    const [after] = await deliveriesOf(rt.svc, tenant.id);
    expect(after).to.deep.include({ state: 'delivered', attempts: 2, lastHttpStatus: 200 });
    expect((await attemptsOf(rt.svc, tenant.id, d!.id)).map((a) => a.attemptNo)).to.deep.equal([2]);
  });

  it('logs each failed attempt at warn with the delivery, endpoint, attempt and status or error, never the body or the secret', async () => {
    const lines: string[] = [];
    const log = createLogger('info', { write: (line: string) => void lines.push(line) });
    const svc = withConfig(rt, { webhookRetryScheduleMs: [60_000] }, { log });
    const r = await receiver(() => ({ status: 500, body: 'response-body-not-for-logs' }));
    const refused = await closedPort();
    const failing = await newEndpoint(svc, { orgId: tenant.id, url: r.url('/hook?key=url-not-for-logs') });
    const closed = await newEndpoint(svc, { orgId: tenant.id, url: `https://127.0.0.1:${refused}/hook` });
    await recordTestEvent(svc, tenant.id, 'payload-not-for-logs');
    await drain(rt, { orgId: tenant.id, svc });

    const deliveries = await deliveriesOf(svc, tenant.id);
    const idOf = (endpointId: string) => deliveries.find((d) => d.endpointId === endpointId)!.id;
    const failed = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'webhook attempt failed');
    const pick = ({ level, deliveryId, endpointId, attempt, status, error }: Record<string, unknown>) => ({ level, deliveryId, endpointId, attempt, status, error });
    expect(failed.map(pick).sort((a, b) => Number(a.status) - Number(b.status))).to.deep.equal([
      { level: 40, deliveryId: idOf(closed.endpoint.endpointId), endpointId: closed.endpoint.endpointId, attempt: 1, status: 0, error: `Connection refused by 127.0.0.1:${refused}.` },
      { level: 40, deliveryId: idOf(failing.endpoint.endpointId), endpointId: failing.endpoint.endpointId, attempt: 1, status: 500, error: 'The receiver answered HTTP 500.' },
    ]);
    for (const l of failed) expect(l.retryAt).to.be.a('string');
    const all = lines.join('\n');
    for (const secret of ['payload-not-for-logs', 'response-body-not-for-logs', 'url-not-for-logs', failing.secret, closed.secret]) {
      expect(all).to.not.contain(secret);
    }
  });
});
