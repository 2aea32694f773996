import { expect } from 'chai';
import { operatorActor, systemActor } from '../../src/access/index';
import { listAuditLog } from '../../src/audit/index';
import { routeCase } from '../../src/decisions/index';
import { assessCaseRisk } from '../../src/risk/index';
import { ConsoleHarness } from '../graphql/harness';
import { newApplicationCase } from '../risk/support';

/** GET /console/export/cases/<caseId>/evidence.zip: the case page's download, authenticated like the CSV export, audited. */
describe('console: the evidence pack download', function () {
  this.timeout(60_000);
  let h: ConsoleHarness;
  before(async () => {
    h = await ConsoleHarness.start();
  });
  after(() => h.close());

  it('an analyst downloads the ZIP (audited, via console); no session is 401, a cross-site request 403, another tenant\'s case 404', async () => {
    const analyst = await h.signedIn('analyst');
    const tenant = analyst.member.tenant;
    const c = await newApplicationCase(h.svc, tenant);
    await assessCaseRisk(h.svc, systemActor(tenant.id), { orgId: tenant.id, casePk: c.pk });
    await routeCase(h.svc, systemActor(tenant.id), { orgId: tenant.id, casePk: c.pk });
    const url = `${h.url}/console/export/cases/${c.caseId}/evidence.zip`;

    const res = await fetch(url, { headers: analyst.cookieHeader() });
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.equal('application/zip');
    expect(res.headers.get('content-disposition')).to.equal(`attachment; filename="evidence-${c.caseId}.zip"`);
    expect(Buffer.from(await res.arrayBuffer()).subarray(0, 2).toString()).to.equal('PK');
    const logged = (await listAuditLog(h.svc, operatorActor(tenant.id), { limit: 50 })).data.filter((e) => e.action === 'case.evidence_pack.exported');
    expect(logged.map((e) => [e.actor, e.details])).to.deep.equal([[analyst.member.email, { caseId: c.caseId, via: 'console' }]]);

    expect((await fetch(url)).status).to.equal(401);
    expect((await fetch(url, { headers: { ...analyst.cookieHeader(), 'sec-fetch-site': 'cross-site' } })).status).to.equal(403);
    const stranger = await h.signedIn('analyst');
    expect((await fetch(url, { headers: stranger.cookieHeader() })).status).to.equal(404);
  });
});
