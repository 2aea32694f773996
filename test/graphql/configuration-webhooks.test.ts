import { expect } from 'chai';
import { EVENT_TYPES } from '../../src/events/index';
import { REDELIVER_WHILE_PAUSED_NOTICE } from '../../src/webhooks/index';
import { runtime } from '../support/runtime';
import { closedPort, drain, octokitVerify, receiversPerTest, recordTestEvent } from '../webhooks/support';
import { DELIVERY, ENDPOINT, TEST_RESULT } from './configuration-support';
import { ConsoleHarness } from './harness';

const CREATE = `mutation ($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { secret endpoint { ${ENDPOINT} } } }`;
const LIST = `{ webhookEndpoints { ${ENDPOINT} } }`;
const UPDATE = `mutation ($id: ID!, $input: UpdateWebhookEndpointInput!) { updateWebhookEndpoint(id: $id, input: $input) { ${ENDPOINT} } }`;
const TEST = `mutation ($id: ID!) { testWebhookEndpoint(id: $id) { ${TEST_RESULT} } }`;
const PING = `mutation ($input: PingWebhookUrlInput!) { pingWebhookUrl(input: $input) { ${TEST_RESULT} } }`;
const PAUSE = `mutation ($id: ID!) { pauseWebhookEndpoint(id: $id) { ${ENDPOINT} } }`;
const RESUME = `mutation ($id: ID!) { resumeWebhookEndpoint(id: $id) { ${ENDPOINT} } }`;
const DELETE = 'mutation ($id: ID!) { deleteWebhookEndpoint(id: $id) }';
const REDELIVER = `mutation ($id: ID!) { redeliverWebhookDelivery(id: $id) { notice delivery { ${DELIVERY} } } }`;
const DELIVERIES = `query ($filter: WebhookDeliveryFilter, $first: Int, $after: String) {
  webhookDeliveries(filter: $filter, first: $first, after: $after) { edges { cursor node { ${DELIVERY} } } pageInfo { hasNextPage endCursor } }
}`;

interface Endpoint { id: string; url: string; label: string; eventTypes: string[] | null; active: boolean; createdAt: string; updatedAt: string }
interface Delivery {
  id: string; endpointId: string; eventId: string; eventType: string; state: string; attemptCount: number; nextAttemptAt: string | null;
  lastHttpStatus: number | null; lastError: string | null; createdAt: string; completedAt: string | null; payload: Record<string, unknown>;
  attempts: { number: number; httpStatus: number; durationMs: number; error: string | null; responseBody: string | null; startedAt: string; finishedAt: string }[];
}
interface DeliveryPage { webhookDeliveries: { edges: { cursor: string; node: Delivery }[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } }

describe('console GraphQL: webhook configuration (Compliance Configuration)', function () {
  this.timeout(60_000);
  let h: ConsoleHarness;
  const receiver = receiversPerTest();
  before(async () => {
    // Failures are final at once (no automatic retry), so each drain leaves every delivery settled.
    h = await ConsoleHarness.start({ config: { webhookRetryScheduleMs: [] } });
  });
  after(() => h.close());

  it('creates an endpoint and shows its secret once: never again in webhookEndpoints', async () => {
    const c = await h.signedIn('analyst');
    const r = await receiver();
    const created = await c.data<{ createWebhookEndpoint: { secret: string; endpoint: Endpoint } }>(CREATE, {
      input: { url: r.url(), label: 'HubSpot', eventTypes: ['case.created', 'ping'] },
    });
    const { secret, endpoint } = created.createWebhookEndpoint;
    expect(secret).to.match(/^[0-9a-f]{64}$/);
    expect(endpoint).to.deep.include({ url: r.url(), label: 'HubSpot', eventTypes: ['case.created', 'ping'], active: true });
    expect(endpoint.id).to.match(/^[0-9a-f-]{36}$/);

    const paused = (await c.data<{ createWebhookEndpoint: { secret: string; endpoint: Endpoint } }>(CREATE, {
      input: { url: r.url('/second'), secret: 'my-own-secret-0123456789', active: false },
    })).createWebhookEndpoint;
    expect(paused.secret).to.equal('my-own-secret-0123456789');
    expect(paused.endpoint).to.deep.include({ label: '', eventTypes: null, active: false });

    const listed = await c.gql<{ webhookEndpoints: Endpoint[] }>(LIST);
    expect(listed.body.data!.webhookEndpoints).to.deep.equal([endpoint, paused.endpoint]);
    expect(JSON.stringify(listed.body)).to.not.contain(secret).and.not.contain('my-own-secret');
    // The schema has no field that could carry it.
    const fields = await c.data<{ __type: { fields: { name: string }[] } }>('{ __type(name: "WebhookEndpoint") { fields { name } } }');
    // The names of /v1/webhook_endpoints (id and active remain as deprecated aliases, left out of this list).
    expect(fields.__type.fields.map((f) => f.name).sort()).to.deep.equal(['createdAt', 'endpointId', 'eventTypes', 'health', 'label', 'status', 'updatedAt', 'url']);

    // The secret shown is the one that signs: the post-save Test verifies with it.
    await c.data(TEST, { id: endpoint.id });
    const [req] = await r.waitForRequests(1);
    expect(await octokitVerify(secret, req!.body.toString(), req!.headers['x-svc-signature'] as string)).to.equal(true);
  });

  it('answers BAD_USER_INPUT with the field path: http URL, private or metadata address, unknown event type, short secret', async () => {
    const c = await h.signedIn('analyst');
    const https = await c.error(CREATE, { input: { url: 'http://crm.example.com/hook' } });
    expect(https).to.deep.equal({
      code: 'BAD_USER_INPUT', message: 'url: must use https',
      extensions: { code: 'BAD_USER_INPUT', reason: 'validation_failed', details: [{ path: 'url', message: 'must use https' }] },
    });
    const unsafe = {
      code: 'BAD_USER_INPUT', message: 'Webhook URL must not target a private or loopback address.',
      extensions: {
        code: 'BAD_USER_INPUT', reason: 'unsafe_webhook_url',
        details: [{ path: 'url', message: 'Webhook URL must not target a private or loopback address.' }],
      },
    };
    // Cloud metadata is refused even where private targets are allowed (as in these tests).
    expect(await c.error(CREATE, { input: { url: 'https://169.254.169.254/latest/meta-data' } })).to.deep.equal(unsafe);
    const strict = await ConsoleHarness.start({ config: { webhookAllowPrivateTargets: false } });
    try {
      const s = await strict.signedIn('analyst');
      for (const url of ['https://10.1.2.3/hook', 'https://127.0.0.1:8443/hook', 'https://2130706433/hook', 'https://[::1]/hook', 'https://100.64.0.1/hook']) {
        expect(await s.error(CREATE, { input: { url } }), url).to.deep.equal(unsafe);
      }
      expect((await s.data<{ webhookEndpoints: Endpoint[] }>(LIST)).webhookEndpoints).to.deep.equal([]);
    } finally {
      await strict.close();
    }
    const events = await c.error(CREATE, { input: { url: 'https://127.0.0.1:9/hook', eventTypes: ['case.creatd'] } });
    expect(events.extensions.details).to.deep.equal([
      { path: 'eventTypes', message: `unknown event type(s): case.creatd; see /schemas/webhooks/index.json (${EVENT_TYPES.length} types)` },
    ]);
    const secret = await c.error(CREATE, { input: { url: 'https://127.0.0.1:9/hook', secret: 'short' } });
    expect(secret.extensions.details).to.deep.equal([
      { path: 'secret', message: 'must be 16 to 256 printable ASCII characters without spaces, or blank to generate one' },
    ]);
    expect((await c.data<{ webhookEndpoints: Endpoint[] }>(LIST)).webhookEndpoints).to.deep.equal([]);
  });

  it('pre-save ping: signs with the typed secret, reports the answer, and reports failures in words', async () => {
    const c = await h.signedIn('analyst');
    const r = await receiver(() => ({ status: 200, body: 'pong' }));
    const secret = 'typed-secret-0123456789';
    const ok = (await c.data<{ pingWebhookUrl: Record<string, unknown> }>(PING, { input: { url: r.url('/ping'), secret } })).pingWebhookUrl;
    expect(ok).to.deep.include({ ok: true, httpStatus: 200, error: null, body: 'pong' });
    const [req] = await r.waitForRequests(1);
    const payload = JSON.parse(req!.body.toString());
    expect(payload).to.deep.include({ event: 'ping', eventId: ok.eventId, orgId: c.member.tenant.id });
    expect(await octokitVerify(secret, req!.body.toString(), req!.headers['x-svc-signature'] as string)).to.equal(true);

    const port = await closedPort();
    expect((await c.data<{ pingWebhookUrl: Record<string, unknown> }>(PING, { input: { url: `https://127.0.0.1:${port}/` } })).pingWebhookUrl).to.deep.include({
      ok: false, httpStatus: 0, error: `Connection refused by 127.0.0.1:${port}.`, body: null,
    });
    expect((await c.error(PING, { input: { url: 'ftp://example.com/' } })).extensions.details).to.deep.equal([{ path: 'url', message: 'must use https' }]);
  });

  it('post-save Test: the HTTP status and the first 500 bytes of the body', async () => {
    const c = await h.signedIn('mlro');
    const r = await receiver(() => ({ status: 418, body: 'x'.repeat(600) }));
    const { endpoint } = (await c.data<{ createWebhookEndpoint: { endpoint: Endpoint } }>(CREATE, { input: { url: r.url() } })).createWebhookEndpoint;
    const result = (await c.data<{ testWebhookEndpoint: Record<string, unknown> }>(TEST, { id: endpoint.id })).testWebhookEndpoint;
    expect(result).to.deep.include({ ok: false, httpStatus: 418, error: 'The receiver answered HTTP 418.', body: 'x'.repeat(500) });
    expect(result.durationMs).to.be.a('number').at.least(0);
    expect((await c.error(TEST, { id: '00000000-0000-4000-8000-000000000000' })).code).to.equal('NOT_FOUND');
  });

  it('updates an endpoint: label and subscriptions; a new secret rotates it and the old one no longer signs', async () => {
    const c = await h.signedIn('analyst');
    const r = await receiver();
    const { endpoint, secret: old } = (await c.data<{ createWebhookEndpoint: { endpoint: Endpoint; secret: string } }>(CREATE, { input: { url: r.url() } })).createWebhookEndpoint;

    const renamed = (await c.data<{ updateWebhookEndpoint: Endpoint }>(UPDATE, { id: endpoint.id, input: { label: 'Salesforce', eventTypes: ['case.created'] } })).updateWebhookEndpoint;
    expect(renamed).to.deep.include({ id: endpoint.id, label: 'Salesforce', eventTypes: ['case.created'], url: r.url(), active: true });
    // Absent fields are unchanged; null event types means every type again.
    expect((await c.data<{ updateWebhookEndpoint: Endpoint }>(UPDATE, { id: endpoint.id, input: { url: r.url('/v2') } })).updateWebhookEndpoint)
      .to.deep.include({ label: 'Salesforce', eventTypes: ['case.created'], url: r.url('/v2') });
    expect((await c.data<{ updateWebhookEndpoint: Endpoint }>(UPDATE, { id: endpoint.id, input: { eventTypes: null } })).updateWebhookEndpoint.eventTypes).to.equal(null);

    const fresh = 'rotated-secret-0123456789abcdef';
    const rotated = await c.gql(UPDATE, { id: endpoint.id, input: { secret: fresh } });
    expect(JSON.stringify(rotated.body)).to.not.contain(fresh);
    await c.data(TEST, { id: endpoint.id });
    const [req] = await r.waitForRequests(1);
    expect(req!.url).to.equal('/v2');
    const sig = req!.headers['x-svc-signature'] as string;
    expect(await octokitVerify(fresh, req!.body.toString(), sig)).to.equal(true);
    expect(await octokitVerify(old, req!.body.toString(), sig)).to.equal(false);

    expect((await c.error(UPDATE, { id: endpoint.id, input: { url: 'http://crm.example.com/' } })).extensions.details).to.deep.equal([{ path: 'url', message: 'must use https' }]);
  });

  it('pauses, resumes and deletes; a deleted endpoint is gone for every operation', async () => {
    const c = await h.signedIn('admin');
    const r = await receiver();
    const { endpoint } = (await c.data<{ createWebhookEndpoint: { endpoint: Endpoint } }>(CREATE, { input: { url: r.url() } })).createWebhookEndpoint;
    expect((await c.data<{ pauseWebhookEndpoint: Endpoint }>(PAUSE, { id: endpoint.id })).pauseWebhookEndpoint.active).to.equal(false);
    expect((await c.data<{ webhookEndpoints: Endpoint[] }>(LIST)).webhookEndpoints.map((e) => e.active)).to.deep.equal([false]);
    expect((await c.data<{ resumeWebhookEndpoint: Endpoint }>(RESUME, { id: endpoint.id })).resumeWebhookEndpoint.active).to.equal(true);
    expect(await c.data(DELETE, { id: endpoint.id })).to.deep.equal({ deleteWebhookEndpoint: true });
    expect((await c.data<{ webhookEndpoints: Endpoint[] }>(LIST)).webhookEndpoints).to.deep.equal([]);
    for (const op of [PAUSE, RESUME, DELETE, TEST]) {
      expect(await c.error(op, { id: endpoint.id }), op).to.deep.include({ code: 'NOT_FOUND', message: 'Webhook endpoint not found.' });
    }
    expect(r.requests).to.have.length(0);
  });

  it('lists deliveries newest first with attempts (number, status, duration, error, response body), payload and state, filtered and paged', async () => {
    const rt = await runtime();
    const c = await h.signedIn('analyst');
    const orgId = c.member.tenant.id;
    const good = await receiver(() => ({ status: 200, body: 'thanks' }));
    const bad = await receiver(() => ({ status: 500, body: 'nope' }));
    const a = (await c.data<{ createWebhookEndpoint: { endpoint: Endpoint } }>(CREATE, { input: { url: good.url() } })).createWebhookEndpoint.endpoint;
    const b = (await c.data<{ createWebhookEndpoint: { endpoint: Endpoint } }>(CREATE, { input: { url: bad.url() } })).createWebhookEndpoint.endpoint;
    const e1 = await recordTestEvent(h.svc, orgId, 'one');
    const e2 = await recordTestEvent(h.svc, orgId, 'two');
    await drain(rt, { orgId, svc: h.svc });

    const all = (await c.data<DeliveryPage>(DELIVERIES)).webhookDeliveries;
    expect(all.edges).to.have.length(4);
    expect(all.pageInfo).to.deep.equal({ hasNextPage: false, endCursor: all.edges[3]!.cursor });
    const ids = all.edges.map((e) => Number(e.node.id));
    expect(ids).to.deep.equal([...ids].sort((x, y) => y - x));
    expect(all.edges.map((e) => [e.node.eventId, e.node.endpointId])).to.have.deep.members([
      [e1.eventId, a.id], [e1.eventId, b.id], [e2.eventId, a.id], [e2.eventId, b.id],
    ]);

    const onB = (await c.data<DeliveryPage>(DELIVERIES, { filter: { endpointId: b.id } })).webhookDeliveries.edges.map((e) => e.node);
    expect(onB.map((d) => [d.eventId, d.state, d.attemptCount, d.lastHttpStatus, d.lastError])).to.deep.equal([
      [e2.eventId, 'failed', 1, 500, 'The receiver answered HTTP 500.'],
      [e1.eventId, 'failed', 1, 500, 'The receiver answered HTTP 500.'],
    ]);
    expect(onB[0]!.payload).to.deep.equal(JSON.parse(e2.data));
    expect(onB[0]!.eventType).to.equal('ping');
    expect(onB[0]!.attempts).to.have.length(1);
    const attempt = onB[0]!.attempts[0]!;
    expect(attempt).to.deep.include({ number: 1, httpStatus: 500, error: 'The receiver answered HTTP 500.', responseBody: 'nope' });
    expect(attempt.durationMs).to.be.a('number').at.least(0);
    expect(new Date(attempt.finishedAt).getTime() - new Date(attempt.startedAt).getTime()).to.equal(attempt.durationMs);
    expect(onB[0]!.completedAt).to.be.a('string');
    expect(onB[0]!.nextAttemptAt).to.equal(null);

    const delivered = (await c.data<DeliveryPage>(DELIVERIES, { filter: { state: 'delivered' } })).webhookDeliveries.edges.map((e) => e.node);
    expect(delivered.map((d) => [d.endpointId, d.attempts[0]!.responseBody])).to.deep.equal([[a.id, 'thanks'], [a.id, 'thanks']]);
    expect((await c.data<DeliveryPage>(DELIVERIES, { filter: { eventType: 'case.created' } })).webhookDeliveries.edges).to.deep.equal([]);
    expect((await c.data<DeliveryPage>(DELIVERIES, { filter: { eventType: 'ping', state: 'failed', endpointId: b.id } })).webhookDeliveries.edges).to.have.length(2);

    // Pages of 3 then 1, never skipping nor repeating a row; an edge cursor resumes after its row.
    const page1 = (await c.data<DeliveryPage>(DELIVERIES, { first: 3 })).webhookDeliveries;
    expect(page1.pageInfo.hasNextPage).to.equal(true);
    const page2 = (await c.data<DeliveryPage>(DELIVERIES, { first: 3, after: page1.pageInfo.endCursor })).webhookDeliveries;
    expect(page2.pageInfo).to.deep.equal({ hasNextPage: false, endCursor: page2.edges[0]!.cursor });
    expect([...page1.edges, ...page2.edges].map((e) => e.node.id)).to.deep.equal(all.edges.map((e) => e.node.id));
    const fromEdge = (await c.data<DeliveryPage>(DELIVERIES, { after: page1.edges[0]!.cursor })).webhookDeliveries;
    expect(fromEdge.edges.map((e) => e.node.id)).to.deep.equal(all.edges.slice(1).map((e) => e.node.id));

    // A cursor is bound to its filters and tenant; first is at least 1, above 200 read as 200.
    expect((await c.error(DELIVERIES, { first: 3, after: page1.pageInfo.endCursor, filter: { state: 'failed' } })).extensions).to.deep.include({
      code: 'BAD_USER_INPUT', details: [{ path: 'cursor', message: 'is not a cursor of this list; pass back nextCursor verbatim with the same filters' }],
    });
    expect((await c.error(DELIVERIES, { after: 'garbage' })).code).to.equal('BAD_USER_INPUT');
    const light = 'query ($first: Int) { webhookDeliveries(first: $first) { edges { node { id } } } }';
    expect((await c.data<DeliveryPage>(light, { first: 201 })).webhookDeliveries.edges).to.have.length(all.edges.length);
    expect((await c.error(DELIVERIES, { first: 0 })).extensions.details).to.deep.equal([{ path: 'first', message: 'must be at least 1' }]);
    expect((await c.error(DELIVERIES, { filter: { eventType: 'no.such' } })).extensions.details).to.deep.equal([{ path: 'eventType', message: 'is not an event type of the catalogue' }]);
    const outsider = await h.signedIn('admin');
    expect((await outsider.data<DeliveryPage>(DELIVERIES)).webhookDeliveries.edges).to.deep.equal([]);
    expect((await outsider.data<DeliveryPage>(DELIVERIES, { filter: { endpointId: a.id } })).webhookDeliveries.edges).to.deep.equal([]);
    expect((await outsider.error(DELIVERIES, { after: page1.pageInfo.endCursor, first: 3 })).code).to.equal('BAD_USER_INPUT');
  });

  it('redelivers to a paused endpoint on purpose, and says so; a skipped event is sent with the same bytes; a pending one is CONFLICT', async () => {
    const rt = await runtime();
    const c = await h.signedIn('analyst');
    const orgId = c.member.tenant.id;
    const r = await receiver();
    const { endpoint } = (await c.data<{ createWebhookEndpoint: { endpoint: Endpoint } }>(CREATE, { input: { url: r.url(), active: false } })).createWebhookEndpoint;
    const event = await recordTestEvent(h.svc, orgId, 'while paused');
    await drain(rt, { orgId, svc: h.svc });
    const [skipped] = (await c.data<DeliveryPage>(DELIVERIES)).webhookDeliveries.edges.map((e) => e.node);
    expect(skipped).to.deep.include({ state: 'skipped_paused', attemptCount: 0, attempts: [], lastHttpStatus: null });
    expect(r.requests).to.have.length(0);

    const queued = (await c.data<{ redeliverWebhookDelivery: { notice: string | null; delivery: Delivery } }>(REDELIVER, { id: skipped!.id })).redeliverWebhookDelivery;
    expect(queued.notice).to.equal(REDELIVER_WHILE_PAUSED_NOTICE);
    expect(queued.notice).to.equal('The endpoint is paused: this redelivery is sent anyway, because you asked for it. New events stay skipped until you resume the endpoint.');
    expect(queued.delivery).to.deep.include({ id: skipped!.id, state: 'pending', attemptCount: 0 });
    expect(await c.error(REDELIVER, { id: skipped!.id })).to.deep.include({ code: 'CONFLICT', message: 'The delivery is still pending; wait for its attempt to finish.' });

    await drain(rt, { orgId, svc: h.svc });
    const [req] = await r.waitForRequests(1);
    expect(req!.body.toString()).to.equal(event.data);
    expect(req!.headers).to.deep.include({ 'x-svc-delivery-id': skipped!.id, 'x-svc-attempt': '1', 'x-svc-event-id': event.eventId });
    const [sent] = (await c.data<DeliveryPage>(DELIVERIES)).webhookDeliveries.edges.map((e) => e.node);
    expect(sent).to.deep.include({ id: skipped!.id, state: 'delivered', attemptCount: 1, lastHttpStatus: 200 });
    // The endpoint itself stays paused: the next event is skipped again.
    expect((await c.data<{ webhookEndpoints: Endpoint[] }>(LIST)).webhookEndpoints[0]!.active).to.equal(false);
    await recordTestEvent(h.svc, orgId, 'still paused');
    await drain(rt, { orgId, svc: h.svc });
    expect((await c.data<DeliveryPage>(DELIVERIES)).webhookDeliveries.edges[0]!.node.state).to.equal('skipped_paused');
    expect(r.requests).to.have.length(1);

    // Active again: a redelivery carries no notice, and the attempt counter continues on the same row.
    await c.data(RESUME, { id: endpoint.id });
    const again = (await c.data<{ redeliverWebhookDelivery: { notice: string | null; delivery: Delivery } }>(REDELIVER, { id: skipped!.id })).redeliverWebhookDelivery;
    expect(again.notice).to.equal(null);
    await drain(rt, { orgId, svc: h.svc });
    const replay = await r.waitForRequests(2);
    expect(replay[1]!.headers).to.deep.include({ 'x-svc-delivery-id': skipped!.id, 'x-svc-attempt': '2' });
    expect(replay[1]!.body.equals(replay[0]!.body)).to.equal(true);
    for (const id of ['999999999', 'abc', '1e3']) expect((await c.error(REDELIVER, { id })).code, id).to.equal('NOT_FOUND');
  });

  it('answers UNAUTHENTICATED without a console session', async () => {
    const anonymous = h.browser();
    for (const [query, variables] of [[LIST, {}], [DELIVERIES, {}], [CREATE, { input: { url: 'https://127.0.0.1:9/' } }], [DELETE, { id: 'x' }]] as const) {
      expect(await anonymous.error(query, variables), query).to.deep.include({ code: 'UNAUTHENTICATED', message: 'Sign in to the console first.' });
    }
  });
});
