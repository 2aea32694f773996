import { expect } from 'chai';
import { operatorActor } from '../../src/access/index';
import { setFullParity, type MemberRole, type Tenant } from '../../src/tenants/index';
import { runtime } from '../support/runtime';
import { closedPort, drain, recordTestEvent } from '../webhooks/support';
import { connectApp } from './configuration-support';
import { ConsoleHarness, type ConsoleClient, type TestMember } from './harness';

const ROLES: MemberRole[] = ['analyst', 'mlro', 'compliance_admin', 'admin'];
const RANK: Record<MemberRole, number> = { analyst: 0, mlro: 1, compliance_admin: 2, admin: 3 };

/** What the victim tenant's configuration looks like: an outsider's call must leave it as it was. */
const SNAPSHOT = `{
  webhookEndpoints { id url label eventTypes active updatedAt }
  webhookDeliveries(first: 100) { edges { node { id state attemptCount } } }
  apiClients { clientId } connectedApps { grantId }
  auditLog(first: 100) { edges { node { id } } }
}`;

interface Row {
  name: string;
  query: string;
  /** The least role that may (decisions.md "Roles"); the refusal message for the others. */
  least: MemberRole;
  refusal?: string;
  /** Fresh variables naming a fresh resource of the victim tenant for each call. */
  setup: () => Promise<Record<string, unknown>>;
  /** What a member (admin) of another tenant gets: NOT_FOUND for the victim's resource, or its own tenant's answer. */
  outsider: 'NOT_FOUND' | 'ok' | { code: string; message: string };
}

describe('console GraphQL: the role matrix of every configuration mutation, over HTTP', function () {
  this.timeout(180_000);
  let h: ConsoleHarness;
  let tenant: Tenant;
  let clients: Record<MemberRole, ConsoleClient & { member: TestMember }>;
  let outsider: ConsoleClient & { member: TestMember };
  let appOwner: TestMember;
  let pausedEndpointId: string;
  let deadUrl: string;

  before(async () => {
    h = await ConsoleHarness.start({ config: { webhookRetryScheduleMs: [] } });
    tenant = await h.tenant();
    clients = Object.fromEntries(await Promise.all(ROLES.map(async (r) => [r, await h.signedIn(r, tenant)]))) as typeof clients;
    outsider = await h.signedIn('admin');
    appOwner = await h.member('analyst', tenant);
    deadUrl = `https://127.0.0.1:${await closedPort()}/hook`;
    pausedEndpointId = await newEndpoint(false);
    await setFullParity(h.svc, operatorActor(tenant.id), { entitled: true });
  });
  after(() => h.close());

  const newEndpoint = async (active = true): Promise<string> => (await clients.analyst.data<{ createWebhookEndpoint: { endpoint: { id: string } } }>(
    'mutation ($url: String!, $active: Boolean) { createWebhookEndpoint(input: { url: $url, active: $active }) { endpoint { id } } }', { url: deadUrl, active },
  )).createWebhookEndpoint.endpoint.id;
  const endpointVars = async () => ({ id: await newEndpoint() });

  const rows: Row[] = [
    {
      name: 'createWebhookEndpoint', least: 'analyst', outsider: 'ok',
      query: 'mutation ($url: String!) { createWebhookEndpoint(input: { url: $url }) { endpoint { id } } }', setup: async () => ({ url: deadUrl }),
    },
    {
      name: 'updateWebhookEndpoint', least: 'analyst', outsider: 'NOT_FOUND',
      query: 'mutation ($id: ID!) { updateWebhookEndpoint(id: $id, input: { label: "changed" }) { id } }', setup: endpointVars,
    },
    { name: 'pauseWebhookEndpoint', least: 'analyst', outsider: 'NOT_FOUND', query: 'mutation ($id: ID!) { pauseWebhookEndpoint(id: $id) { id } }', setup: endpointVars },
    {
      name: 'resumeWebhookEndpoint', least: 'analyst', outsider: 'NOT_FOUND',
      query: 'mutation ($id: ID!) { resumeWebhookEndpoint(id: $id) { id } }', setup: async () => ({ id: await newEndpoint(false) }),
    },
    { name: 'deleteWebhookEndpoint', least: 'analyst', outsider: 'NOT_FOUND', query: 'mutation ($id: ID!) { deleteWebhookEndpoint(id: $id) }', setup: endpointVars },
    { name: 'testWebhookEndpoint', least: 'analyst', outsider: 'NOT_FOUND', query: 'mutation ($id: ID!) { testWebhookEndpoint(id: $id) { httpStatus } }', setup: endpointVars },
    {
      name: 'pingWebhookUrl', least: 'analyst', outsider: 'ok',
      query: 'mutation ($url: String!) { pingWebhookUrl(input: { url: $url }) { httpStatus } }', setup: async () => ({ url: deadUrl }),
    },
    {
      name: 'redeliverWebhookDelivery', least: 'analyst', outsider: 'NOT_FOUND',
      query: 'mutation ($id: ID!) { redeliverWebhookDelivery(id: $id) { notice } }',
      setup: async () => {
        // A fresh event: skipped by the paused endpoint, so its delivery there can be redelivered.
        await recordTestEvent(h.svc, tenant.id, 'for the matrix');
        await drain(await runtime(), { orgId: tenant.id, svc: h.svc });
        const page = await clients.analyst.data<{ webhookDeliveries: { edges: { node: { id: string } }[] } }>(
          'query ($e: ID!) { webhookDeliveries(first: 1, filter: { endpointId: $e, state: skipped_paused }) { edges { node { id } } } }', { e: pausedEndpointId },
        );
        return { id: page.webhookDeliveries.edges[0]!.node.id };
      },
    },
    {
      name: 'createApiClient', least: 'analyst', outsider: 'ok',
      query: 'mutation { createApiClient(input: { name: "Matrix" }) { clientId } }', setup: async () => ({}),
    },
    {
      name: 'revokeApiClient', least: 'analyst', outsider: 'NOT_FOUND', query: 'mutation ($id: ID!) { revokeApiClient(clientId: $id) }',
      setup: async () => ({ id: (await clients.analyst.data<{ createApiClient: { clientId: string } }>('mutation { createApiClient(input: { name: "To revoke" }) { clientId } }')).createApiClient.clientId }),
    },
    {
      name: "disconnectConnectedApp (another member's app)", least: 'admin', refusal: "Only an admin may disconnect another member's app.", outsider: 'NOT_FOUND',
      query: 'mutation ($id: ID!) { disconnectConnectedApp(grantId: $id) }', setup: async () => ({ id: (await connectApp(h, appOwner)).grantId }),
    },
    {
      name: 'setFullParityEgress', least: 'compliance_admin', query: 'mutation { setFullParityEgress(enabled: true) { fullParityEnabled } }', setup: async () => ({}),
      // The outsider's own organisation has no entitlement: the answer is about it, never about this one.
      outsider: { code: 'FORBIDDEN', message: 'Full-parity egress is not unlocked for this organisation. The service operator must grant the entitlement before it can be switched on.' },
    },
    {
      name: 'setFourEyes', least: 'compliance_admin', outsider: 'ok',
      query: 'mutation ($on: Boolean!) { setFourEyes(enabled: $on) { fourEyes } }', setup: async () => ({ on: false }),
    },
    {
      name: 'setZeroRetention', least: 'compliance_admin', outsider: 'ok',
      query: 'mutation ($on: Boolean!) { setZeroRetention(enabled: $on) { zeroRetention } }', setup: async () => ({ on: false }),
    },
  ];

  for (const row of rows) {
    it(`${row.name}: ${row.least} or higher; another tenant's admin: ${typeof row.outsider === 'string' ? row.outsider : row.outsider.code}`, async () => {
      for (const role of ROLES) {
        const answer = await clients[role].gql(row.query, await row.setup());
        if (RANK[role] >= RANK[row.least]) {
          expect(answer.body.errors, `${role}: ${JSON.stringify(answer.body.errors)}`).to.equal(undefined);
        } else {
          expect(answer.body.errors, role).to.have.length(1);
          const [e] = answer.body.errors!;
          expect(e!.extensions.code, role).to.equal('FORBIDDEN');
          expect(e!.message, role).to.equal(row.refusal ?? `This requires the ${row.least} role or higher; you are ${role}.`);
        }
      }

      const vars = await row.setup();
      const before = await clients.admin.data(SNAPSHOT);
      const answer = await outsider.gql(row.query, vars);
      if (row.outsider === 'ok') expect(answer.body.errors, JSON.stringify(answer.body.errors)).to.equal(undefined);
      else {
        const { code, message } = row.outsider === 'NOT_FOUND' ? { code: 'NOT_FOUND', message: undefined } : row.outsider;
        expect(answer.body.errors).to.have.length(1);
        expect(answer.body.errors![0]!.extensions.code).to.equal(code);
        if (message) expect(answer.body.errors![0]!.message).to.equal(message);
        expect(answer.body.data).to.equal(null);
      }
      expect(await clients.admin.data(SNAPSHOT), 'the victim tenant is unchanged').to.deep.equal(before);
    });
  }

  it('queries: every role reads the configuration; the audit log needs compliance_admin', async () => {
    const reads = [
      '{ webhookEndpoints { id } }', '{ webhookDeliveries { edges { cursor } } }', '{ apiClients { clientId } }', '{ connectedApps { grantId } }', '{ eventTypes { type } }',
    ];
    for (const role of ROLES) {
      for (const q of reads) await clients[role].data(q);
      const audit = await clients[role].gql('{ auditLog { edges { cursor } } }');
      if (RANK[role] >= RANK.compliance_admin) expect(audit.body.errors, role).to.equal(undefined);
      else expect(audit.body.errors![0]!.extensions.code, role).to.equal('FORBIDDEN');
    }
    // A member of another tenant sees its own (empty) configuration, never this tenant's.
    expect(await (await h.signedIn('admin')).data('{ webhookEndpoints { id } apiClients { clientId } connectedApps { grantId } webhookDeliveries { edges { cursor } } }')).to.deep.equal({
      webhookEndpoints: [], apiClients: [], connectedApps: [], webhookDeliveries: { edges: [] },
    });
  });
});
