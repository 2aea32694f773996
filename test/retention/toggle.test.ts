import { expect } from 'chai';
import { operatorActor } from '../../src/access/index';
import { ZERO_RETENTION_NEEDS_FULL_PARITY_MESSAGE, setFullParity } from '../../src/tenants/index';
import { ConsoleHarness } from '../graphql/harness';
import { drainJobs, runtime } from '../support/runtime';
import { newEndpoint, receiversPerTest } from '../webhooks/support';
import { decide, personalCase } from './support';

const ORG = 'id fourEyes fullParityEntitled fullParityEnabled zeroRetention';
const SET = `mutation ($enabled: Boolean!) { setZeroRetention(enabled: $enabled) { ${ORG} } }`;
const PARITY = `mutation ($enabled: Boolean!) { setFullParityEgress(enabled: $enabled) { ${ORG} } }`;
const ME = '{ me { org { zeroRetention } } }';
const CASE = 'query ($id: String!) { case(caseId: $id) { caseId customerEmail purgedAt documents { id filename extractedData purgedAt } } }';

describe('zero retention: the organisation switch (console GraphQL)', function () {
  this.timeout(60_000);
  let h: ConsoleHarness;
  const receiver = receiversPerTest();
  before(async () => {
    h = await ConsoleHarness.start();
  });
  after(() => h.close());

  const auditOf = async (orgId: string, action: string) => {
    const rows: { actor: string; details: unknown }[] = await h.svc.db.query(
      'SELECT actor, details FROM tenant_config_audit_log WHERE org_id = ? AND action = ? ORDER BY id', [orgId, action],
    );
    return rows.map((r) => ({ actor: r.actor, details: typeof r.details === 'string' ? JSON.parse(r.details) : r.details }));
  };

  it('compliance_admin or admin only; needs full-parity egress entitled and enabled; audited; idempotent', async () => {
    const ca = await h.signedIn('compliance_admin');
    const tenant = ca.member.tenant;
    const analyst = await h.signedIn('analyst', tenant);
    const mlro = await h.signedIn('mlro', tenant);
    const admin = await h.signedIn('admin', tenant);
    for (const who of [analyst, mlro]) {
      const refused = await who.error(SET, { enabled: true });
      expect(refused).to.deep.include({ code: 'FORBIDDEN', message: `This requires the compliance_admin role or higher; you are ${who.member.role}.` });
    }

    // No entitlement, then entitled but not switched on: a validation error naming why.
    const expectNeedsParity = async () => {
      const bad = await ca.error(SET, { enabled: true });
      expect(bad).to.deep.include({ code: 'BAD_USER_INPUT', message: `enabled: ${ZERO_RETENTION_NEEDS_FULL_PARITY_MESSAGE}` });
      expect(bad.extensions.details).to.deep.equal([{ path: 'enabled', message: ZERO_RETENTION_NEEDS_FULL_PARITY_MESSAGE }]);
    };
    await expectNeedsParity();
    await setFullParity(h.svc, operatorActor(tenant.id), { entitled: true });
    await expectNeedsParity();
    expect((await ca.data<{ setZeroRetention: Record<string, unknown> }>(SET, { enabled: false })).setZeroRetention.zeroRetention, 'off is always allowed').to.equal(false);
    expect(await auditOf(tenant.id, 'zero_retention.set'), 'no change, no line').to.deep.equal([]);

    await ca.data(PARITY, { enabled: true });
    const on = await ca.data<{ setZeroRetention: Record<string, unknown> }>(SET, { enabled: true });
    expect(on.setZeroRetention).to.deep.equal({ id: tenant.id, fourEyes: true, fullParityEntitled: true, fullParityEnabled: true, zeroRetention: true });
    expect((await analyst.data<{ me: { org: { zeroRetention: boolean } } }>(ME)).me.org.zeroRetention, 'every member sees it').to.equal(true);
    await ca.data(SET, { enabled: true });
    expect(await auditOf(tenant.id, 'zero_retention.set')).to.deep.equal([{ actor: ca.member.email, details: { enabled: true, previous: false } }]);

    await admin.data(SET, { enabled: false });
    await admin.data(SET, { enabled: true });
    expect((await auditOf(tenant.id, 'zero_retention.set')).map((a) => [a.actor, a.details.enabled])).to.deep.equal([
      [ca.member.email, true], [admin.member.email, false], [admin.member.email, true],
    ]);
  });

  it('switching full-parity egress off switches zero retention off too, in the same audit line; on again leaves it off', async () => {
    const ca = await h.signedIn('compliance_admin');
    const tenant = ca.member.tenant;
    await setFullParity(h.svc, operatorActor(tenant.id), { entitled: true, enabled: true });
    await ca.data(SET, { enabled: true });
    const off = await ca.data<{ setFullParityEgress: Record<string, unknown> }>(PARITY, { enabled: false });
    expect(off.setFullParityEgress).to.deep.include({ fullParityEnabled: false, zeroRetention: false });
    const lines = await auditOf(tenant.id, 'full_parity.set');
    expect(lines.at(-1)!.details).to.deep.equal({ entitled: true, enabled: false, zeroRetention: false, previous: { entitled: true, enabled: true, zeroRetention: true } });
    const again = await ca.data<{ setFullParityEgress: Record<string, unknown> }>(PARITY, { enabled: true });
    expect(again.setFullParityEgress).to.deep.include({ fullParityEnabled: true, zeroRetention: false });

    // The operator withdrawing the entitlement does the same.
    await ca.data(SET, { enabled: true });
    await setFullParity(h.svc, operatorActor(tenant.id), { entitled: false });
    expect((await ca.data<{ me: { org: { zeroRetention: boolean } } }>(ME)).me.org.zeroRetention).to.equal(false);
  });

  it('the console case shows purgedAt, and documents without filename or extracted data, once purged', async () => {
    const ca = await h.signedIn('compliance_admin');
    const tenant = ca.member.tenant;
    await setFullParity(h.svc, operatorActor(tenant.id), { entitled: true, enabled: true });
    await ca.data(SET, { enabled: true });
    const r = await receiver(() => ({ status: 200 }));
    await newEndpoint(h.svc, { orgId: tenant.id, url: r.url(), eventTypes: ['case.data_package.delivered'] });
    const c = await personalCase(h.svc, tenant);
    const before = await ca.data<{ case: Record<string, unknown> }>(CASE, { id: c.caseId });
    expect(before.case).to.deep.include({ customerEmail: 'jane.doe@retained.example', purgedAt: null });
    await decide(h.svc, tenant, c.caseId);
    await drainJobs(await runtime(), { orgId: tenant.id });
    const [row] = (await h.svc.db.query('SELECT purged_at FROM cases WHERE pk = ?', [c.pk])) as { purged_at: Date }[];
    const after = await ca.data<{ case: Record<string, unknown> }>(CASE, { id: c.caseId });
    expect(after.case).to.deep.equal({
      caseId: c.caseId, customerEmail: null, purgedAt: row!.purged_at.toISOString(),
      documents: [{ id: c.documentId, filename: null, extractedData: null, purgedAt: row!.purged_at.toISOString() }],
    });
  });
});
