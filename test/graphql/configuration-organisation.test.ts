import { expect } from 'chai';
import { operatorActor } from '../../src/access/index';
import { EVENT_CATALOGUE } from '../../src/events/index';
import { FULL_PARITY_NOT_ENTITLED_MESSAGE, setFullParity } from '../../src/tenants/index';
import { ORGANISATION, tokenFor } from './configuration-support';
import { ConsoleHarness } from './harness';

const EVENT_TYPES = '{ eventTypes { type version description carriesCase } }';
const AUDIT = `query ($first: Int, $after: String) {
  auditLog(first: $first, after: $after) { edges { cursor node { id actor action details createdAt } } pageInfo { hasNextPage endCursor } }
}`;
const FULL_PARITY = `mutation ($enabled: Boolean!) { setFullParityEgress(enabled: $enabled) { ${ORGANISATION} } }`;
const FOUR_EYES = `mutation ($enabled: Boolean!) { setFourEyes(enabled: $enabled) { ${ORGANISATION} } }`;

interface Entry { id: string; actor: string; action: string; details: Record<string, unknown>; createdAt: string }
interface AuditPage { auditLog: { edges: { cursor: string; node: Entry }[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } }

describe('console GraphQL: event catalogue, audit log, full parity and four-eyes (Compliance Configuration)', function () {
  this.timeout(60_000);
  let h: ConsoleHarness;
  before(async () => {
    h = await ConsoleHarness.start();
  });
  after(() => h.close());

  it('lists every event type of the catalogue with its description', async () => {
    const c = await h.signedIn('analyst');
    const types = (await c.data<{ eventTypes: { type: string; version: number; description: string; carriesCase: boolean }[] }>(EVENT_TYPES)).eventTypes;
    expect(types).to.have.length(EVENT_CATALOGUE.length).and.length.above(30);
    expect(types.map((t) => t.type)).to.deep.equal(EVENT_CATALOGUE.map((e) => e.type));
    expect(types.find((t) => t.type === 'case.created')).to.deep.equal({
      type: 'case.created', version: 1, carriesCase: true,
      description: EVENT_CATALOGUE.find((e) => e.type === 'case.created')!.description,
    });
    expect(types.find((t) => t.type === 'ping')).to.include({ carriesCase: false });
    expect((await h.browser().error(EVENT_TYPES)).code).to.equal('UNAUTHENTICATED');
  });

  it('audit log: configuration changes and allowDuplicate overrides, newest first, keyset-paged; compliance_admin only', async () => {
    const admin = await h.signedIn('compliance_admin');
    const tenant = admin.member.tenant;
    const analyst = await h.signedIn('analyst', tenant);
    await analyst.data('mutation { createWebhookEndpoint(input: { url: "https://127.0.0.1:9/hook" }) { secret } }');
    const client = (await analyst.data<{ createApiClient: { clientId: string; clientSecret: string } }>(
      'mutation { createApiClient(input: { name: "CRM", scopes: ["cases:write"] }) { clientId clientSecret } }',
    )).createApiClient;
    // POST /v1/cases twice for one customer: the second bypasses the open-case guard, which is audited.
    const token = (await tokenFor(h, client.clientId, client.clientSecret)).body.access_token as string;
    const create = (body: Record<string, unknown>) => fetch(`${h.url}/v1/cases`, {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ customerEmail: 'jane@customer.example', companyName: 'Customer Ltd', sendInvite: false, ...body }),
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }));
    const first = await create({});
    expect(first.status).to.equal(201);
    expect((await create({})).status).to.equal(409);
    const second = await create({ allowDuplicate: true });
    expect(second.status).to.equal(201);
    await admin.data(FOUR_EYES, { enabled: false });

    const log = (await admin.data<AuditPage>(AUDIT)).auditLog;
    expect(log.edges.map((e) => [e.node.action, e.node.actor])).to.deep.equal([
      ['four_eyes.set', admin.member.email],
      ['case.duplicate_open_case_override', `api_client:${client.clientId}`],
      ['api_client.created', analyst.member.email],
      ['webhook_endpoint.created', analyst.member.email],
    ]);
    expect(log.edges[0]!.node.details).to.deep.equal({ enabled: false, previous: true });
    expect(log.edges[1]!.node.details).to.deep.equal({ caseId: second.body.caseId, existingCaseId: first.body.caseId, customerEmail: 'jane@customer.example' });
    expect(log.edges[2]!.node.details).to.deep.equal({ clientId: client.clientId, name: 'CRM', scopes: ['cases:write'] });
    expect(JSON.stringify(log)).to.not.contain(client.clientSecret);
    const ids = log.edges.map((e) => Number(e.node.id));
    expect(ids).to.deep.equal([...ids].sort((x, y) => y - x));
    expect(log.pageInfo).to.deep.equal({ hasNextPage: false, endCursor: log.edges[3]!.cursor });

    const page1 = (await admin.data<AuditPage>(AUDIT, { first: 3 })).auditLog;
    expect(page1.pageInfo.hasNextPage).to.equal(true);
    const page2 = (await admin.data<AuditPage>(AUDIT, { first: 3, after: page1.pageInfo.endCursor })).auditLog;
    expect(page2.pageInfo.hasNextPage).to.equal(false);
    expect([...page1.edges, ...page2.edges].map((e) => e.node.id)).to.deep.equal(log.edges.map((e) => e.node.id));
    expect((await admin.error(AUDIT, { first: 0 })).extensions.details).to.deep.equal([{ path: 'first', message: 'must be at least 1' }]);

    for (const who of [analyst, await h.signedIn('mlro', tenant)]) {
      expect(await who.error(AUDIT)).to.deep.equal({
        code: 'FORBIDDEN', message: `This requires the compliance_admin role or higher; you are ${who.member.role}.`,
        extensions: { code: 'FORBIDDEN', reason: 'forbidden', requiredRole: 'compliance_admin' },
      });
    }
    expect((await (await h.signedIn('admin', tenant)).data<AuditPage>(AUDIT)).auditLog.edges).to.have.length(4);
    // Another tenant's admin: its own (empty) log, and this log's cursors are not its cursors.
    const outsider = await h.signedIn('admin');
    expect((await outsider.data<AuditPage>(AUDIT)).auditLog.edges).to.deep.equal([]);
    expect((await outsider.error(AUDIT, { after: page1.pageInfo.endCursor })).code).to.equal('BAD_USER_INPUT');
  });

  it('setFullParityEgress: refused until the operator grants the entitlement; compliance_admin only; audited', async () => {
    const c = await h.signedIn('compliance_admin');
    const tenant = c.member.tenant;
    expect(await c.error(FULL_PARITY, { enabled: true })).to.deep.equal({
      code: 'FORBIDDEN', message: FULL_PARITY_NOT_ENTITLED_MESSAGE,
      extensions: { code: 'FORBIDDEN', reason: 'forbidden', requiredEntitlement: 'full_parity' },
    });
    expect(FULL_PARITY_NOT_ENTITLED_MESSAGE).to.equal('Full-parity egress is not unlocked for this organisation. The service operator must grant the entitlement before it can be switched on.');
    // Switching off is never refused.
    expect((await c.data<{ setFullParityEgress: Record<string, unknown> }>(FULL_PARITY, { enabled: false })).setFullParityEgress).to.deep.equal({
      id: tenant.id, name: tenant.name, fourEyes: true, fullParityEntitled: false, fullParityEnabled: false,
    });

    await setFullParity(h.svc, operatorActor(tenant.id), { entitled: true }); // the CLI's org:full-parity --entitled true
    expect((await c.data<{ setFullParityEgress: Record<string, unknown> }>(FULL_PARITY, { enabled: true })).setFullParityEgress).to.deep.equal({
      id: tenant.id, name: tenant.name, fourEyes: true, fullParityEntitled: true, fullParityEnabled: true,
    });
    for (const role of ['analyst', 'mlro'] as const) {
      const who = await h.signedIn(role, tenant);
      expect(await who.error(FULL_PARITY, { enabled: false }), role).to.deep.include({
        code: 'FORBIDDEN', message: `This requires the compliance_admin role or higher; you are ${role}.`,
      });
    }
    const admin = await h.signedIn('admin', tenant);
    expect((await admin.data<{ setFullParityEgress: { fullParityEnabled: boolean } }>(FULL_PARITY, { enabled: false })).setFullParityEgress.fullParityEnabled).to.equal(false);
    const log = (await c.data<AuditPage>(AUDIT)).auditLog.edges.map((e) => e.node);
    expect(log.map((e) => [e.action, e.actor, e.details])).to.deep.equal([
      ['full_parity.set', admin.member.email, { entitled: true, enabled: false, previous: { entitled: true, enabled: true } }],
      ['full_parity.set', c.member.email, { entitled: true, enabled: true, previous: { entitled: true, enabled: false } }],
      ['full_parity.set', 'operator', { entitled: true, enabled: false, previous: { entitled: false, enabled: false } }],
    ]);

    // The operator withdrawing the entitlement switches egress off with it.
    await c.data(FULL_PARITY, { enabled: true });
    const withdrawn = await setFullParity(h.svc, operatorActor(tenant.id), { entitled: false });
    expect(withdrawn).to.include({ fullParityEntitled: false, fullParityEnabled: false });
    expect((await c.error(FULL_PARITY, { enabled: true })).code).to.equal('FORBIDDEN');
  });

  it('setFourEyes: compliance_admin switches it off and on, audited once per change; other roles and tenants cannot', async () => {
    const c = await h.signedIn('compliance_admin');
    const tenant = c.member.tenant;
    const off = (await c.data<{ setFourEyes: Record<string, unknown> }>(FOUR_EYES, { enabled: false })).setFourEyes;
    expect(off).to.deep.equal({ id: tenant.id, name: tenant.name, fourEyes: false, fullParityEntitled: false, fullParityEnabled: false });
    expect((await c.data<{ setFourEyes: { fourEyes: boolean } }>(FOUR_EYES, { enabled: false })).setFourEyes.fourEyes).to.equal(false);
    for (const role of ['analyst', 'mlro'] as const) {
      expect((await (await h.signedIn(role, tenant)).error(FOUR_EYES, { enabled: true })).code, role).to.equal('FORBIDDEN');
    }
    // Another tenant's compliance admin changes only their own organisation.
    const outsider = await h.signedIn('compliance_admin');
    expect((await outsider.data<{ setFourEyes: { id: string; fourEyes: boolean } }>('mutation { setFourEyes(enabled: false) { id fourEyes } }')).setFourEyes)
      .to.deep.equal({ id: outsider.member.tenant.id, fourEyes: false });
    expect((await c.data<{ setFourEyes: { fourEyes: boolean } }>(FOUR_EYES, { enabled: true })).setFourEyes.fourEyes).to.equal(true);
    const log = (await c.data<AuditPage>(AUDIT)).auditLog.edges.map((e) => [e.node.action, e.node.details]);
    expect(log).to.deep.equal([['four_eyes.set', { enabled: true, previous: false }], ['four_eyes.set', { enabled: false, previous: true }]]);
  });
});
