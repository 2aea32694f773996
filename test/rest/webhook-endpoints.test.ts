import { expect } from 'chai';
import { operatorActor } from '../../src/access/index';
import { listAuditLog } from '../../src/audit/index';
import { EVENT_TYPES } from '../../src/events/index';
import { type Tenant } from '../../src/tenants/index';
import { verifyWebhook } from '../../src/webhooks/index';
import { runtime } from '../support/runtime';
import { drain, receiversPerTest, recordTestEvent } from '../webhooks/support';
import { RestHarness } from './harness';

const UNSAFE = 'Webhook URL must not target a private or loopback address.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('/v1 webhook endpoint management (webhooks:read, webhooks:write)', () => {
  let api: RestHarness;
  let tenant: Tenant;
  let token: string;
  let clientId: string;
  const receiver = receiversPerTest();
  before(async () => {
    api = await RestHarness.start();
  });
  after(() => api.close());
  beforeEach(async () => {
    ({ tenant, token, clientId } = await api.tenant('webhooks:read webhooks:write'));
  });

  /** The tenant's webhook audit lines, newest first. */
  const audit = async (orgId = tenant.id) => (await listAuditLog(api.svc, operatorActor(orgId), {})).data
    .filter((a) => a.action.startsWith('webhook'))
    .map((a) => ({ actor: a.actor, action: a.action, details: a.details }));
  const create = async (json: Record<string, unknown>, t = token) => {
    const res = await api.post('/v1/webhook_endpoints', t, json);
    expect(res.status, res.text).to.equal(201);
    return res;
  };

  it('creates an endpoint (secret shown once, Location), lists it, reads it, never shows the secret again; audited as the API client', async () => {
    const r = await receiver();
    const res = await create({ url: r.url(), label: 'CRM', eventTypes: ['case.created'] });
    const endpoint = res.body.endpoint as Record<string, unknown>;
    const secret = res.body.secret as string;
    expect(secret).to.match(/^[0-9a-f]{64}$/);
    expect(endpoint.endpointId).to.match(UUID);
    expect(res.headers.get('location')).to.equal(`${api.url}/v1/webhook_endpoints/${endpoint.endpointId}`);
    expect(res.headers.get('cache-control')).to.equal('no-store');
    expect(endpoint).to.deep.include({ url: r.url(), label: 'CRM', eventTypes: ['case.created'], status: 'active', mode: 'live' });
    expect(Object.keys(endpoint).sort()).to.deep.equal(['createdAt', 'endpointId', 'eventTypes', 'label', 'mode', 'status', 'updatedAt', 'url']);

    const list = await api.get('/v1/webhook_endpoints', token);
    expect(list.status).to.equal(200);
    expect(list.body).to.deep.equal({ data: [endpoint], nextCursor: null, hasMore: false });
    const one = await api.get(`/v1/webhook_endpoints/${endpoint.endpointId}`, token);
    expect(one.status).to.equal(200);
    expect(one.body).to.deep.equal(endpoint);
    expect(list.text + one.text).to.not.include(secret);

    // A secret of the caller's choosing is kept as given (and answered once).
    const chosen = await create({ url: r.url('/two'), secret: 'my-own-secret-0123456789', status: 'paused' });
    expect(chosen.body.secret).to.equal('my-own-secret-0123456789');
    expect((chosen.body.endpoint as { status: string }).status).to.equal('paused');

    expect((await audit()).reverse().slice(0, 2)).to.deep.equal([
      {
        actor: `api_client:${clientId}`, action: 'webhook_endpoint.created',
        details: { endpointId: endpoint.endpointId, url: r.url(), eventTypes: ['case.created'], status: 'active', secretGenerated: true },
      },
      {
        actor: `api_client:${clientId}`, action: 'webhook_endpoint.created',
        details: { endpointId: (chosen.body.endpoint as { endpointId: string }).endpointId, url: r.url('/two'), eventTypes: null, status: 'paused', secretGenerated: false },
      },
    ]);
  });

  it('refuses bad bodies with validation_failed and every problem, and private targets with the contract\'s message', async () => {
    const bad = async (json: unknown, details: { path: string; message: string }[], method = 'POST', path = '/v1/webhook_endpoints') => {
      const res = await api.call(method, path, { token, json });
      expect(res.status, res.text).to.equal(400);
      expect(res.body).to.deep.equal({ error: 'validation_failed', message: `${details[0]!.path}: ${details[0]!.message}`, details });
    };
    await bad({}, [{ path: 'url', message: 'is required' }]);
    await bad({ url: 'https://example.com/hook', colour: 'red' }, [{ path: 'colour', message: 'is not a known field' }]);
    await bad({ url: 'http://example.com/hook' }, [{ path: 'url', message: 'must use https' }]);
    await bad({ url: 'https://example.com/hook', eventTypes: ['case.nope'] }, [
      { path: 'eventTypes', message: `unknown event type(s): case.nope; see /schemas/webhooks/index.json (${EVENT_TYPES.length} types)` },
    ]);
    await bad({ url: 'https://example.com/hook', secret: 'short' }, [{ path: 'secret', message: 'must be 16 to 256 printable ASCII characters without spaces, or blank to generate one' }]);
    await bad({ url: 'https://example.com/hook', status: 'off' }, [{ path: 'status', message: 'must be one of active, paused' }]);

    // The production rule (no private targets) answers unsafe_webhook_url, with the contract's sentence.
    const strict = await RestHarness.start({ webhookAllowPrivateTargets: false });
    try {
      const { token: t } = await strict.client(tenant.id, 'webhooks:write');
      const res = await strict.post('/v1/webhook_endpoints', t, { url: 'https://127.0.0.1:8443/hook' });
      expect(res.status).to.equal(400);
      expect(res.body).to.deep.equal({ error: 'unsafe_webhook_url', message: UNSAFE, details: [{ path: 'url', message: UNSAFE }] });
    } finally {
      await strict.close();
    }
    const notJson = await api.call('POST', '/v1/webhook_endpoints', { token, body: '{', headers: { 'content-type': 'application/json' } });
    expect(notJson.status).to.equal(400);
    expect(notJson.body).to.deep.equal({ error: 'validation_failed', message: 'The request body is not valid JSON.', details: [{ path: '', message: 'must be valid JSON' }] });
    expect(await audit()).to.deep.equal([]);
  });

  it('PATCH changes only what is given, pauses and resumes by status, rotates the secret; DELETE answers 204 and the endpoint is gone', async () => {
    const r = await receiver();
    const created = await create({ url: r.url(), label: 'Before' });
    const id = (created.body.endpoint as { endpointId: string }).endpointId;
    const patch = (json: unknown) => api.call('PATCH', `/v1/webhook_endpoints/${id}`, { token, json });

    const labelled = await patch({ label: 'After', eventTypes: ['case.created', 'ping'] });
    expect(labelled.status, labelled.text).to.equal(200);
    expect(labelled.body).to.deep.include({ endpointId: id, url: r.url(), label: 'After', eventTypes: ['case.created', 'ping'], status: 'active' });
    const paused = await patch({ status: 'paused' });
    expect(paused.body).to.deep.include({ status: 'paused', label: 'After' });
    const resumed = await patch({ status: 'active', eventTypes: null, secret: 'rotated-secret-0123456789' });
    expect(resumed.body).to.deep.include({ status: 'active', eventTypes: null });
    expect(resumed.text).to.not.include('rotated-secret');
    const bad = await patch({ url: 'ftp://example.com' });
    expect(bad.status).to.equal(400);
    expect(bad.body).to.deep.include({ error: 'validation_failed', details: [{ path: 'url', message: 'must use https' }] });

    // The rotated secret signs from now on.
    const ping = await api.post(`/v1/webhook_endpoints/${id}/test`, token, undefined);
    expect(ping.status, ping.text).to.equal(200);
    const [got] = await r.waitForRequests(1);
    expect(verifyWebhook(got!.body, got!.headers, 'rotated-secret-0123456789').ok).to.equal(true);

    const del = await api.call('DELETE', `/v1/webhook_endpoints/${id}`, { token });
    expect(del.status).to.equal(204);
    expect(del.text).to.equal('');
    for (const [method, path] of [['GET', ''], ['PATCH', ''], ['DELETE', ''], ['POST', '/test']] as const) {
      const gone = await api.call(method, `/v1/webhook_endpoints/${id}${path}`, { token, json: method === 'PATCH' ? { label: 'x' } : undefined });
      expect(gone.status, `${method} ${path}`).to.equal(404);
      expect(gone.body).to.deep.equal({ error: 'not_found', message: 'Webhook endpoint not found.' });
    }
    const empty = await patch({});
    expect(empty.status).to.equal(400);
    expect(empty.body).to.deep.include({ error: 'validation_failed', details: [{ path: '', message: 'must name at least one field to change: url, label, eventTypes, secret or status' }] });
    expect((await audit()).map((a) => a.action)).to.deep.equal([
      'webhook_endpoint.deleted', 'webhook_endpoint.resumed', 'webhook_endpoint.updated', 'webhook_endpoint.paused', 'webhook_endpoint.updated', 'webhook_endpoint.created',
    ]);
  });

  it('POST /test sends a signed ping to a local HTTPS receiver and answers what it said, also when it fails', async () => {
    let status = 200;
    const r = await receiver(() => ({ status, body: status === 200 ? 'pong' : 'down for maintenance' }));
    const created = await create({ url: r.url() });
    const id = (created.body.endpoint as { endpointId: string }).endpointId;
    const res = await api.call('POST', `/v1/webhook_endpoints/${id}/test`, { token });
    expect(res.status, res.text).to.equal(200);
    expect(res.body).to.deep.include({ ok: true, httpStatus: 200, error: null, body: 'pong' });
    const [got] = await r.waitForRequests(1);
    const check = verifyWebhook(got!.body, got!.headers, created.body.secret as string);
    expect(check.ok).to.equal(true);
    expect(JSON.parse(got!.body.toString())).to.deep.include({ event: 'ping', eventId: res.body.eventId, orgId: tenant.id, message: 'Test ping from the service.' });

    status = 503;
    const failed = await api.call('POST', `/v1/webhook_endpoints/${id}/test`, { token });
    expect(failed.status).to.equal(200);
    expect(failed.body).to.deep.include({ ok: false, httpStatus: 503, error: 'The receiver answered HTTP 503.', body: 'down for maintenance' });
  });

  it('GET /v1/webhook_deliveries pages by keyset with the filters; redeliver sends the same bytes again (202) and is audited', async () => {
    let status = 500;
    const r = await receiver(() => ({ status }));
    const created = await create({ url: r.url() });
    const id = (created.body.endpoint as { endpointId: string }).endpointId;
    const rt = await runtime();
    const events = [];
    for (const n of [1, 2, 3]) events.push(await recordTestEvent(api.svc, tenant.id, `event ${n}`));
    // The test schedule (50 ms .. 250 ms) uses up the retries: every delivery ends failed.
    for (let i = 0; i < 40; i++) {
      await drain(rt, { orgId: tenant.id });
      const page = await api.get('/v1/webhook_deliveries?state=failed', token);
      if ((page.body.data as unknown[]).length === 3) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const all = await api.get('/v1/webhook_deliveries?limit=2', token);
    expect(all.status).to.equal(200);
    expect(all.body.hasMore).to.equal(true);
    const first = all.body.data as { deliveryId: number; eventId: string; state: string; attempts: number; attemptLog: unknown[] }[];
    expect(first.map((d) => d.eventId)).to.deep.equal([events[2]!.eventId, events[1]!.eventId]);
    expect(first.map((d) => [d.state, d.attempts, d.attemptLog.length])).to.deep.equal([['failed', 6, 6], ['failed', 6, 6]]);
    const next = await api.get(`/v1/webhook_deliveries?limit=2&cursor=${encodeURIComponent(all.body.nextCursor as string)}`, token);
    expect((next.body.data as { eventId: string }[]).map((d) => d.eventId)).to.deep.equal([events[0]!.eventId]);
    expect(next.body).to.deep.include({ hasMore: false, nextCursor: null });
    // Filters: endpoint, state, event type; a cursor of other filters is refused; limit above 200 is 200.
    expect((await api.get(`/v1/webhook_deliveries?endpoint_id=${id}&event_type=ping&state=failed`, token)).body.data).to.have.length(3);
    expect((await api.get('/v1/webhook_deliveries?state=delivered', token)).body.data).to.deep.equal([]);
    expect((await api.get('/v1/webhook_deliveries?event_type=case.created', token)).body.data).to.deep.equal([]);
    expect((await api.get('/v1/webhook_deliveries?limit=500', token)).status).to.equal(200);
    const foreignCursor = await api.get(`/v1/webhook_deliveries?state=failed&cursor=${encodeURIComponent(all.body.nextCursor as string)}`, token);
    expect(foreignCursor.status).to.equal(400);
    expect(foreignCursor.body).to.deep.include({ error: 'validation_failed' });
    for (const [q, detail] of [
      ['state=lost', { path: 'state', message: 'must be one of pending, delivered, failed, skipped_paused' }],
      ['endpoint_id=nope', { path: 'endpoint_id', message: 'must be a UUID' }],
      ['limit=0', { path: 'limit', message: 'must be at least 1' }],
    ] as const) {
      const res = await api.get(`/v1/webhook_deliveries?${q}`, token);
      expect(res.status, q).to.equal(400);
      expect(res.body, q).to.deep.include({ error: 'validation_failed', details: [detail] });
    }

    status = 200;
    const target = first[0]!;
    const redelivered = await api.call('POST', `/v1/webhook_deliveries/${target.deliveryId}/redeliver`, { token });
    expect(redelivered.status, redelivered.text).to.equal(202);
    expect(redelivered.body.notice).to.equal(null);
    expect(redelivered.body.delivery).to.deep.include({ deliveryId: target.deliveryId, state: 'pending', attempts: 6 });
    const again = await api.call('POST', `/v1/webhook_deliveries/${target.deliveryId}/redeliver`, { token });
    expect(again.status).to.equal(409);
    expect(again.body).to.deep.equal({ error: 'conflict', message: 'The delivery is still pending; wait for its attempt to finish.' });
    const before = r.requests.length;
    await drain(rt, { orgId: tenant.id });
    await r.waitForRequests(before + 1);
    const last = r.requests[before]!;
    expect(last.headers['x-svc-event-id']).to.equal(target.eventId);
    expect(last.headers['x-svc-attempt']).to.equal('7');
    expect(last.headers['x-svc-delivery-id']).to.equal(String(target.deliveryId));
    const done = await api.get(`/v1/webhook_deliveries?endpoint_id=${id}&state=delivered`, token);
    expect((done.body.data as { deliveryId: number }[]).map((d) => d.deliveryId)).to.deep.equal([target.deliveryId]);
    const line = (await audit()).find((a) => a.action === 'webhook_delivery.redelivered');
    expect(line).to.deep.equal({
      actor: `api_client:${clientId}`, action: 'webhook_delivery.redelivered',
      details: { deliveryId: target.deliveryId, eventId: target.eventId, endpointId: id, previousState: 'failed', endpointPaused: false },
    });
    for (const bad of ['0', 'abc', '99999999999']) {
      const res = await api.call('POST', `/v1/webhook_deliveries/${bad}/redeliver`, { token });
      expect(res.status, bad).to.equal(404);
      expect(res.body).to.deep.equal({ error: 'not_found', message: 'Delivery not found.' });
    }
  });

  it('refuses without the scope (insufficient_scope naming it), and is the same not_found for another tenant\'s ids', async () => {
    const r = await receiver();
    const created = await create({ url: r.url() });
    const id = (created.body.endpoint as { endpointId: string }).endpointId;
    await recordTestEvent(api.svc, tenant.id, 'for isolation');
    await drain(await runtime(), { orgId: tenant.id });
    const [delivery] = (await api.get('/v1/webhook_deliveries', token)).body.data as { deliveryId: number }[];

    const { token: readOnly } = await api.client(tenant.id, 'webhooks:read');
    const { token: none } = await api.client(tenant.id, 'read:cases');
    const writes: [string, string, unknown][] = [
      ['POST', '/v1/webhook_endpoints', { url: r.url() }], ['PATCH', `/v1/webhook_endpoints/${id}`, { label: 'x' }], ['DELETE', `/v1/webhook_endpoints/${id}`, undefined],
      ['POST', `/v1/webhook_endpoints/${id}/test`, undefined], ['POST', `/v1/webhook_deliveries/${delivery!.deliveryId}/redeliver`, undefined],
    ];
    const reads: [string, string, unknown][] = [['GET', '/v1/webhook_endpoints', undefined], ['GET', `/v1/webhook_endpoints/${id}`, undefined], ['GET', '/v1/webhook_deliveries', undefined]];
    for (const [method, path, json] of writes) {
      const res = await api.call(method, path, { token: readOnly, json });
      expect(res.status, `${method} ${path}`).to.equal(403);
      expect(res.body).to.deep.equal({ error: 'insufficient_scope', message: 'This request requires the scope webhooks:write.', scope: 'webhooks:write' });
      expect(res.headers.get('www-authenticate')).to.equal('Bearer error="insufficient_scope", scope="webhooks:write"');
    }
    for (const [method, path] of reads) {
      expect((await api.call(method, path, { token: readOnly })).status, `${method} ${path}`).to.equal(200);
      const res = await api.call(method, path, { token: none });
      expect(res.status).to.equal(403);
      expect(res.body).to.deep.equal({ error: 'insufficient_scope', message: 'This request requires the scope webhooks:read.', scope: 'webhooks:read' });
    }
    const anonymous = await api.call('GET', '/v1/webhook_endpoints', {});
    expect(anonymous.status).to.equal(401);

    // Another tenant's credentials, with both scopes, see nothing of this tenant and touch nothing.
    const other = await api.tenant('webhooks:read webhooks:write');
    expect((await api.get('/v1/webhook_endpoints', other.token)).body).to.deep.equal({ data: [], nextCursor: null, hasMore: false });
    expect((await api.get('/v1/webhook_deliveries', other.token)).body).to.deep.equal({ data: [], nextCursor: null, hasMore: false });
    expect((await api.get(`/v1/webhook_deliveries?endpoint_id=${id}`, other.token)).body.data).to.deep.equal([]);
    for (const [method, path, json] of [...writes.slice(1), ...reads.slice(1, 2)]) {
      const res = await api.call(method, path, { token: other.token, json });
      expect(res.status, `${method} ${path}`).to.equal(404);
      expect(res.body.error).to.equal('not_found');
    }
    expect((await api.get(`/v1/webhook_endpoints/${id}`, token)).status).to.equal(200);
    expect(await audit(other.tenant.id)).to.deep.equal([]);
  });

  it('tenant credentials get the webhook scopes only when they ask for them', async () => {
    const dflt = await api.client(tenant.id);
    const res = await api.get('/v1/webhook_endpoints', dflt.token);
    expect(res.status).to.equal(403);
    expect(res.body.scope).to.equal('webhooks:read');
  });
});
