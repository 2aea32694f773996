import { expect } from 'chai';
import { newApiClient } from '../oauth/harness';
import { ConsoleHarness } from './harness';

const FIELDS = 'endpointId url label eventTypes status createdAt updatedAt id active';

describe('console GraphQL: a webhook endpoint has the names of /v1/webhook_endpoints', function () {
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
    expect(named).to.deep.equal(await rest.json());
    expect({ id, active }).to.deep.equal({ id: created.endpointId, active: false });

    // The deprecated input still creates: active false is status paused.
    const old = (await c.data<{ createWebhookEndpoint: { endpoint: Record<string, unknown> } }>(
      'mutation { createWebhookEndpoint(input: { url: "https://127.0.0.1:9/other", active: false }) { endpoint { status } } }',
    )).createWebhookEndpoint.endpoint;
    expect(old).to.deep.equal({ status: 'paused' });
  });
});
