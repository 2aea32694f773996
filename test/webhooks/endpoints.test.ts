import { expect } from 'chai';
import { type Tenant } from '../../src/tenants/index';
import {
  REDELIVER_WHILE_PAUSED_NOTICE, RETRY_CANCELLED_PAUSED, WebhookEndpoint, attemptDelivery, deleteWebhookEndpoint, getWebhookEndpoint, listWebhookDeliveries, listWebhookEndpoints, pauseWebhookEndpoint, pingWebhookUrl, redeliverWebhook, resumeWebhookEndpoint, testWebhookEndpoint, updateWebhookEndpoint,
} from '../../src/webhooks/index';
import type { Runtime } from '../../bin/compose';
import { newTenant, runtime } from '../support/runtime';
import { rogueTls } from '../support/test-tls';
import {
  TEST_EVENT_TYPE, receiversPerTest, attemptsOf, closedPort, deliveriesOf, drain, newEndpoint, octokitVerify, recordTestEvent, withConfig,
} from './support';
import { rejection } from '../support/rejection';
import { operatorActor } from '../../src/access/index';

describe('webhooks: endpoints, pause, redeliver, endpoint tests, recent deliveries', () => {
  let rt: Runtime;
  let tenant: Tenant;
  const receiver = receiversPerTest();

  beforeEach(async () => {
    rt = await runtime();
    tenant = await newTenant(rt);
  });

  it('generates a 64-hex secret when blank, shows it once, and stores it only encrypted under a key id', async () => {
    const r = await receiver();
    const created = await newEndpoint(rt.svc, { orgId: tenant.id, url: r.url(), label: 'HubSpot', secret: '  ' });
    expect(created.secret).to.match(/^[0-9a-f]{64}$/);
    expect(created.endpoint).to.deep.include({ url: r.url(), label: 'HubSpot', eventTypes: null, status: 'active' });
    expect(Object.keys(created.endpoint)).to.deep.equal(['endpointId', 'url', 'label', 'eventTypes', 'status', 'mode', 'createdAt', 'updatedAt']);
    const row = await rt.svc.db.manager.findOneByOrFail(WebhookEndpoint, { orgId: tenant.id, id: created.endpoint.endpointId });
    expect(row.secretKeyId).to.equal('k1');
    expect(row.secretCiphertext).to.not.contain(created.secret);
    expect(Buffer.from(row.secretCiphertext, 'base64url').toString('latin1')).to.not.contain(created.secret);
    const again = await newEndpoint(rt.svc, { orgId: tenant.id, url: r.url() });
    expect(again.secret).to.not.equal(created.secret);
    expect(await listWebhookEndpoints(rt.svc, operatorActor(tenant.id))).to.have.length(2);
    // Another tenant sees nothing of it.
    const other = await newTenant(rt);
    expect((await rejection(getWebhookEndpoint(rt.svc, operatorActor(other.id), { endpointId: created.endpoint.endpointId }))).code).to.equal('not_found');
    expect((await rejection(pauseWebhookEndpoint(rt.svc, operatorActor(other.id), { endpointId: created.endpoint.endpointId }))).code).to.equal('not_found');
  });

  it('delivers only subscribed event types; subscriptions can change at any time', async () => {
    const r = await receiver();
    const { endpoint } = await newEndpoint(rt.svc, { orgId: tenant.id, url: r.url(), eventTypes: ['case.created'] });
    await recordTestEvent(rt.svc, tenant.id, 'not subscribed');
    await drain(rt, { orgId: tenant.id });
    expect(await deliveriesOf(rt.svc, tenant.id)).to.have.length(0);
    await updateWebhookEndpoint(rt.svc, operatorActor(tenant.id), { endpointId: endpoint.endpointId, eventTypes: ['case.created', TEST_EVENT_TYPE] });
    await recordTestEvent(rt.svc, tenant.id, 'subscribed now');
    await drain(rt, { orgId: tenant.id });
    expect((await deliveriesOf(rt.svc, tenant.id)).map((d) => d.state)).to.deep.equal(['delivered']);
    expect(JSON.parse(r.requests[0]!.body.toString()).message).to.equal('subscribed now');
  });

  it('refuses event types that are not in the catalogue, naming them', async () => {
    const err = await rejection(newEndpoint(rt.svc, { orgId: tenant.id, url: 'https://127.0.0.1:9/hook', eventTypes: ['case.created', 'case.creatd'] }));
    expect(err.code).to.equal('validation_failed');
    expect(err.extra.details).to.deep.equal([
      { path: 'eventTypes', message: 'unknown event type(s): case.creatd; see /schemas/webhooks/index.json (36 types)' },
    ]);
    expect((await rejection(newEndpoint(rt.svc, { orgId: tenant.id, url: 'https://127.0.0.1:9/hook', eventTypes: [] }))).code).to.equal('validation_failed');
  });

  it('rotates the secret: the next delivery is signed with the new value only', async () => {
    const r = await receiver();
    const { endpoint, secret: old } = await newEndpoint(rt.svc, { orgId: tenant.id, url: r.url() });
    const fresh = 'whsec-rotated-0123456789abcdef';
    await updateWebhookEndpoint(rt.svc, operatorActor(tenant.id), { endpointId: endpoint.endpointId, secret: fresh });
    await recordTestEvent(rt.svc, tenant.id, 'after rotation');
    await drain(rt, { orgId: tenant.id });
    const [req] = await r.waitForRequests(1);
    const sig = req!.headers['x-svc-signature'] as string;
    expect(await octokitVerify(fresh, req!.body.toString(), sig)).to.equal(true);
    expect(await octokitVerify(old, req!.body.toString(), sig)).to.equal(false);
  });

  it('pause: new events become skipped_paused with no attempt, a retry due meanwhile is cancelled, a manual redelivery is still sent; resume replays nothing', async () => {
    const svc = withConfig(rt, { webhookRetryScheduleMs: [30_000] });
    let status = 500;
    const r = await receiver(() => ({ status }));
    const { endpoint } = await newEndpoint(svc, { orgId: tenant.id, url: r.url() });
    await recordTestEvent(svc, tenant.id, 'fails once, then its retry falls due while paused');
    await drain(rt, { orgId: tenant.id, svc });
    const [retrying] = await deliveriesOf(svc, tenant.id);
    expect(retrying).to.deep.include({ state: 'pending', attempts: 1 });

    await pauseWebhookEndpoint(svc, operatorActor(tenant.id), { endpointId: endpoint.endpointId });
    await recordTestEvent(svc, tenant.id, 'while paused');
    await drain(rt, { orgId: tenant.id, svc });
    const later = { ...svc, clock: { now: () => new Date(Date.now() + 31_000) } };
    expect(await attemptDelivery(later, retrying!.id)).to.equal('cancelled');
    const [cancelled, skipped] = await deliveriesOf(svc, tenant.id);
    expect(cancelled).to.deep.include({ state: 'failed', attempts: 1, lastError: RETRY_CANCELLED_PAUSED });
    expect(cancelled!.lastError).to.equal('Retry cancelled: the endpoint is paused.');
    expect(skipped).to.deep.include({ state: 'skipped_paused', attempts: 0 });
    expect(await attemptsOf(svc, tenant.id, skipped!.id)).to.deep.equal([]);
    expect(r.requests).to.have.length(1);

    // Redeliver works at any time: a manual redelivery to the paused endpoint is sent, and says so.
    status = 200;
    expect(await redeliverWebhook(svc, operatorActor(tenant.id), { deliveryId: skipped!.id })).to.deep.equal({
      deliveryId: skipped!.id, state: 'pending', notice: REDELIVER_WHILE_PAUSED_NOTICE,
    });
    await drain(rt, { orgId: tenant.id, svc });
    expect(r.requests).to.have.length(2);
    expect(r.requests[1]!.headers).to.deep.include({ 'x-svc-delivery-id': String(skipped!.id), 'x-svc-attempt': '1' });
    expect((await deliveriesOf(svc, tenant.id)).map((d) => [d.state, d.attempts])).to.deep.equal([['failed', 1], ['delivered', 1]]);
    // Pausing still stops the automatic flow: nothing else was sent, and resuming replays nothing.
    await resumeWebhookEndpoint(svc, operatorActor(tenant.id), { endpointId: endpoint.endpointId });
    await drain(rt, { orgId: tenant.id, svc });
    expect(r.requests).to.have.length(2);

    // Redeliver the cancelled one once active: same bytes, eventId and delivery id; the counter continues.
    expect((await redeliverWebhook(svc, operatorActor(tenant.id), { deliveryId: cancelled!.id })).notice).to.equal(null);
    await drain(rt, { orgId: tenant.id, svc });
    const [first] = await deliveriesOf(svc, tenant.id);
    expect(first).to.deep.include({ state: 'delivered', attempts: 2 });
    const replay = r.requests.filter((q) => q.headers['x-svc-delivery-id'] === String(first!.id));
    expect(replay.map((q) => q.headers['x-svc-attempt'])).to.deep.equal(['1', '2']);
    expect(replay[1]!.body.equals(replay[0]!.body)).to.equal(true);
    expect(replay[1]!.headers['x-svc-event-id']).to.equal(replay[0]!.headers['x-svc-event-id']);
  });

  it('redelivers a delivered event on the same row, and a failed manual attempt is not retried automatically', async () => {
    const svc = withConfig(rt, { webhookRetryScheduleMs: [10, 10] });
    let status = 200;
    const r = await receiver(() => ({ status }));
    await newEndpoint(svc, { orgId: tenant.id, url: r.url() });
    await recordTestEvent(svc, tenant.id, 'redeliver me');
    await drain(rt, { orgId: tenant.id, svc });
    const [d] = await deliveriesOf(svc, tenant.id);
    expect((await rejection(redeliverWebhook(svc, operatorActor(tenant.id), { deliveryId: d!.id + 1_000_000 }))).code).to.equal('not_found');
    status = 500;
    await redeliverWebhook(svc, operatorActor(tenant.id), { deliveryId: d!.id });
    expect((await rejection(redeliverWebhook(svc, operatorActor(tenant.id), { deliveryId: d!.id }))).code).to.equal('conflict');
    await drain(rt, { orgId: tenant.id, svc });
    const [after] = await deliveriesOf(svc, tenant.id);
    expect(after).to.deep.include({ state: 'failed', attempts: 2, lastHttpStatus: 500 });
    expect((await attemptsOf(svc, tenant.id, d!.id)).map((a) => [a.attemptNo, a.httpStatus])).to.deep.equal([[1, 200], [2, 500]]);
  });

  it('delete: pending deliveries end as failed; the endpoint is gone for every operation', async () => {
    const svc = withConfig(rt, { webhookRetryScheduleMs: [60_000] });
    const r = await receiver(() => ({ status: 500 }));
    const { endpoint } = await newEndpoint(svc, { orgId: tenant.id, url: r.url() });
    await recordTestEvent(svc, tenant.id, 'pending at delete');
    await drain(rt, { orgId: tenant.id, svc });
    expect(await deleteWebhookEndpoint(svc, operatorActor(tenant.id), { endpointId: endpoint.endpointId })).to.deep.equal({ deleted: true });
    const [d] = await deliveriesOf(svc, tenant.id);
    expect(d).to.deep.include({ state: 'failed', lastError: 'Cancelled: the endpoint was deleted.' });
    expect(await listWebhookEndpoints(svc, operatorActor(tenant.id))).to.deep.equal([]);
    expect((await rejection(testWebhookEndpoint(svc, operatorActor(tenant.id), { endpointId: endpoint.endpointId }))).code).to.equal('not_found');
    await recordTestEvent(svc, tenant.id, 'after delete');
    await drain(rt, { orgId: tenant.id, svc });
    expect(await deliveriesOf(svc, tenant.id)).to.have.length(1);
  });

  it('pre-save ping: signs with the supplied secret and reports DNS, TLS and reachability failures in words', async () => {
    const r = await receiver(() => ({ status: 200, body: 'pong' }));
    const secret = 'supplied-secret-0123456789';
    const ok = await pingWebhookUrl(rt.svc, operatorActor(tenant.id), { url: r.url('/ping'), secret });
    expect(ok).to.deep.include({ ok: true, httpStatus: 200, error: null, body: 'pong' });
    const [req] = await r.waitForRequests(1);
    const payload = JSON.parse(req!.body.toString());
    expect(Object.keys(payload)).to.deep.equal(['event', 'eventId', 'eventVersion', 'timestamp', 'orgId', 'message']);
    expect(payload).to.deep.include({ event: 'ping', eventVersion: 1, orgId: tenant.id, eventId: ok.eventId });
    expect(req!.headers).to.deep.include({ 'x-svc-event': 'ping', 'x-svc-attempt': '1', 'x-svc-timestamp': payload.timestamp });
    expect(req!.headers).to.not.have.property('x-svc-delivery-id');
    expect(await octokitVerify(secret, req!.body.toString(), req!.headers['x-svc-signature'] as string)).to.equal(true);
    // Blank secret: a fresh one signs it.
    const fresh = await pingWebhookUrl(rt.svc, operatorActor(tenant.id), { url: r.url('/ping') });
    expect(fresh.ok).to.equal(true);
    expect(r.requests[1]!.headers['x-svc-signature']).to.match(/^sha256=[0-9a-f]{64}$/);

    const port = await closedPort();
    expect(await pingWebhookUrl(rt.svc, operatorActor(tenant.id), { url: `https://127.0.0.1:${port}/` })).to.deep.include({
      ok: false, httpStatus: 0, error: `Connection refused by 127.0.0.1:${port}.`, body: null,
    });
    const rogue = await receiver(() => ({ status: 200 }), rogueTls());
    const tls = await pingWebhookUrl(rt.svc, operatorActor(tenant.id), { url: rogue.url() });
    expect(tls.error).to.match(/^TLS handshake with 127\.0\.0\.1 failed: /);
    const dns = await pingWebhookUrl({ ...rt.svc, resolver: { resolve: async () => { throw Object.assign(new Error('x'), { code: 'ENOTFOUND' }); } } }, operatorActor(tenant.id), {
      url: 'https://no-such-host.example/hook',
    });
    expect(dns).to.deep.include({ ok: false, httpStatus: 0, error: 'DNS lookup failed for no-such-host.example: no such host (ENOTFOUND).' });
    const unsafe = await pingWebhookUrl(withConfig(rt, { webhookAllowPrivateTargets: false }), operatorActor(tenant.id), { url: r.url() });
    expect(unsafe.error).to.equal('Webhook URL must not target a private or loopback address.');
    expect(r.requests).to.have.length(2);
  });

  it('post-save Test: the stored secret signs it; shows the status and the first 500 bytes of the body', async () => {
    const r = await receiver(() => ({ status: 418, body: 'é'.repeat(400) }));
    const { endpoint, secret } = await newEndpoint(rt.svc, { orgId: tenant.id, url: r.url() });
    const result = await testWebhookEndpoint(rt.svc, operatorActor(tenant.id), { endpointId: endpoint.endpointId });
    expect(result).to.deep.include({ ok: false, httpStatus: 418, error: 'The receiver answered HTTP 418.' });
    expect(result.body).to.equal('é'.repeat(250));
    const [req] = await r.waitForRequests(1);
    expect(await octokitVerify(secret, req!.body.toString(), req!.headers['x-svc-signature'] as string)).to.equal(true);
    expect(await deliveriesOf(rt.svc, tenant.id)).to.deep.equal([]);
  });

  it('recent deliveries: newest first, filtered by endpoint, state and event type, with attempts, payload and responses', async () => {
    const svc = withConfig(rt, { webhookRetryScheduleMs: [] });
    const good = await receiver(() => ({ status: 200, body: 'thanks' }));
    const bad = await receiver(() => ({ status: 500, body: 'nope' }));
    const a = await newEndpoint(svc, { orgId: tenant.id, url: good.url() });
    const b = await newEndpoint(svc, { orgId: tenant.id, url: bad.url() });
    const e1 = await recordTestEvent(svc, tenant.id, 'one');
    const e2 = await recordTestEvent(svc, tenant.id, 'two');
    await drain(rt, { orgId: tenant.id, svc });

    const all = await listWebhookDeliveries(svc, operatorActor(tenant.id));
    expect(all.data).to.have.length(4);
    expect(all.data.map((d) => d.deliveryId)).to.deep.equal([...all.data.map((d) => d.deliveryId)].sort((x, y) => y - x));
    const onB = await listWebhookDeliveries(svc, operatorActor(tenant.id), { endpointId: b.endpoint.endpointId });
    expect(onB.data.map((d) => [d.eventId, d.state])).to.deep.equal([[e2.eventId, 'failed'], [e1.eventId, 'failed']]);
    expect(onB.data[0]!.payload).to.deep.equal(JSON.parse(e2.data));
    expect(onB.data[0]!.attemptLog).to.have.length(1);
    expect(onB.data[0]!.attemptLog[0]).to.deep.include({ attempt: 1, httpStatus: 500, responseBody: 'nope', error: 'The receiver answered HTTP 500.' });
    const delivered = await listWebhookDeliveries(svc, operatorActor(tenant.id), { state: 'delivered' });
    expect(delivered.data.map((d) => d.endpointId)).to.deep.equal([a.endpoint.endpointId, a.endpoint.endpointId]);
    expect((await listWebhookDeliveries(svc, operatorActor(tenant.id), { eventType: 'case.created' })).data).to.deep.equal([]);
    expect((await listWebhookDeliveries(svc, operatorActor(tenant.id), { eventType: TEST_EVENT_TYPE })).data).to.have.length(4);

    const page1 = await listWebhookDeliveries(svc, operatorActor(tenant.id), { limit: 3 });
    const page2 = await listWebhookDeliveries(svc, operatorActor(tenant.id), { limit: 3, cursor: page1.nextCursor });
    expect([...page1.data, ...page2.data].map((d) => d.deliveryId)).to.deep.equal(all.data.map((d) => d.deliveryId));
    expect(page2.nextCursor).to.equal(null);
    expect((await rejection(listWebhookDeliveries(svc, operatorActor(tenant.id), { cursor: 'garbage' }))).code).to.equal('validation_failed');
    const other = await newTenant(rt);
    expect((await listWebhookDeliveries(svc, operatorActor(other.id))).data).to.deep.equal([]);
  });
});
