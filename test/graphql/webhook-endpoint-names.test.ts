import { expect } from 'chai';
import { newApiClient } from '../oauth/harness';
import { drainJobs, runtime } from '../support/runtime';
import { ConsoleHarness } from './harness';

const FIELDS = 'endpointId url label eventTypes status createdAt updatedAt id active';

const DELIVERY_FIELDS = `deliveryId endpointId eventId eventType state attemptCount nextAttemptAt lastHttpStatus lastError createdAt completedAt payload
  attemptLog { attempt httpStatus error responseBody durationMs startedAt finishedAt } id attempts { number }`;

describe('console GraphQL: a webhook endpoint and a delivery have the names of /v1/webhook_endpoints and /v1/webhook_deliveries', function () {
  this.timeout(60_000);
  let h: ConsoleHarness;
  before(async () => {
    h = await ConsoleHarness.start();
  });
  after(() => h.close());

  it('endpointId and status as over REST, for the same endpoint; id and active remain as deprecated aliases', async () => {
    const c = await h.signedIn('analyst');
    const created = (await c.data<{ createWebhookEndpoint: { endpoint: Record<string, unknown> } }>(
      `mutation { createWebhookEndpoint(input: { url: "https://127.0.0.1:9/hook", label: "CRM", status: paused }) { endpoint { ${FIELDS} } } }`,
    )).createWebhookEndpoint.endpoint;
    const api = await newApiClient(h.svc, c.member.tenant.id, 'webhooks:read');
    const token = await fetch(`${h.url}/v1/oauth/token`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: api.clientId, client_secret: api.clientSecret }),
    }).then(async (r) => ((await r.json()) as { access_token: string }).access_token);
    const rest = await fetch(`${h.url}/v1/webhook_endpoints/${String(created.endpointId)}`, { headers: { authorization: `Bearer ${token}` } });
    expect(rest.status).to.equal(200);
    const { id, active, ...named } = created;
    // REST also names the endpoint's mode (test mode); the console shows the mode of its session instead.
    const { mode, ...sameNames } = (await rest.json()) as Record<string, unknown>;
    expect(mode).to.equal('live');
    expect(named).to.deep.equal(sameNames);
    expect({ id, active }).to.deep.equal({ id: created.endpointId, active: false });

    // The deprecated input still creates: active false is status paused.
    const old = (await c.data<{ createWebhookEndpoint: { endpoint: Record<string, unknown> } }>(
      'mutation { createWebhookEndpoint(input: { url: "https://127.0.0.1:9/other", active: false }) { endpoint { status } } }',
    )).createWebhookEndpoint.endpoint;
    expect(old).to.deep.equal({ status: 'paused' });
  });

  it('a delivery: deliveryId and attemptLog (each attempt\'s `attempt`) as over REST; id, attempts (the list) and number remain as deprecated aliases', async () => {
    const c = await h.signedIn('analyst');
    const rt = await runtime();
    // A paused endpoint that refuses connections: the case's events are skipped, and a redelivery is one failed attempt.
    const endpoint = (await c.data<{ createWebhookEndpoint: { endpoint: { endpointId: string } } }>(
      'mutation { createWebhookEndpoint(input: { url: "https://127.0.0.1:9/hook", status: paused, eventTypes: ["case.created"] }) { endpoint { endpointId } } }',
    )).createWebhookEndpoint.endpoint;
    await c.data('mutation ($input: CreateCaseInput!) { createCase(input: $input) { caseId } }', {
      input: { companyName: 'Delivery Names Ltd', customerEmail: 'names@example.com', country: 'GB' },
    });
    await drainJobs(rt, { orgId: c.member.tenant.id });
    const listed = async () => (await c.data<{ webhookDeliveries: { edges: { node: Record<string, unknown> }[] } }>(
      `query ($filter: WebhookDeliveryFilter) { webhookDeliveries(filter: $filter) { edges { node { ${DELIVERY_FIELDS} } } } }`,
      { filter: { endpointId: endpoint.endpointId } },
    )).webhookDeliveries.edges.map((e) => e.node);
    const [skipped] = await listed();
    expect(skipped).to.deep.include({ state: 'skipped_paused', attemptCount: 0, attemptLog: [] });
    await c.data('mutation ($id: ID!) { redeliverWebhookDelivery(id: $id) { delivery { deliveryId } } }', { id: String(skipped!.deliveryId) });
    await drainJobs(rt, { orgId: c.member.tenant.id });
    const [delivery] = await listed();
    expect(delivery).to.deep.include({ state: 'failed', attemptCount: 1 });

    const api = await newApiClient(h.svc, c.member.tenant.id, 'webhooks:read');
    const token = await fetch(`${h.url}/v1/oauth/token`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: api.clientId, client_secret: api.clientSecret }),
    }).then(async (r) => ((await r.json()) as { access_token: string }).access_token);
    const rest = await fetch(`${h.url}/v1/webhook_deliveries?endpoint_id=${endpoint.endpointId}`, { headers: { authorization: `Bearer ${token}` } });
    expect(rest.status).to.equal(200);
    const [overRest] = ((await rest.json()) as { data: Record<string, unknown>[] }).data;
    const { id, attempts, attemptCount, ...named } = delivery!;
    // attemptCount is REST's attempts (GraphQL's attempts is the deprecated list until it is removed).
    expect({ ...named, attempts: attemptCount }).to.deep.equal(overRest);
    expect((named.attemptLog as { attempt: number }[]).map((a) => a.attempt)).to.deep.equal([1]);
    expect({ id, attempts }).to.deep.equal({ id: String(delivery!.deliveryId), attempts: [{ number: 1 }] });
  });
});
