import { expect } from 'chai';
import { memberActor } from '../../src/access/index';
import { listQueues, setQueues, sweepWorkQueues } from '../../src/work-queues/index';
import { runtime } from '../support/runtime';
import { ConsoleHarness } from '../graphql/harness';
import { queuedCase } from './support';

/** The work queue sweep makes good what no event told the queues: facts changed behind their back, a case closed. */
describe('work queues: the sweep', function () {
  this.timeout(60_000);
  let h: ConsoleHarness;
  before(async () => {
    h = await ConsoleHarness.start();
  });
  after(() => h.close());

  it('moves a case whose facts changed without an event, and drops one that closed', async () => {
    const rt = await runtime();
    const admin = await h.member('compliance_admin');
    const tenant = admin.tenant;
    const actor = memberActor({ orgId: tenant.id, id: admin.id, email: admin.email, role: 'compliance_admin' });
    const moving = await queuedCase(rt.svc, tenant, { band: 'low' });
    const closing = await queuedCase(rt.svc, tenant, { band: 'high' });
    await setQueues(rt.svc, actor, [
      { name: 'High', conditions: { all: [{ fact: 'band', operator: 'equal', value: 'high' }] }, memberIds: [], assignment: { mode: 'manual' } },
      { name: 'Other', conditions: null, memberIds: [], assignment: { mode: 'manual' } },
    ]);
    const counts = async () => (await listQueues(rt.svc, actor)).map((q) => [q.name, q.openCount]);
    expect(await counts()).to.deep.equal([['High', 1], ['Other', 1]]);
    await rt.svc.db.query("UPDATE cases SET risk_band = 'high' WHERE org_id = ? AND pk = ?", [tenant.id, moving.pk]);
    await rt.svc.db.query("UPDATE cases SET status = 'approved' WHERE org_id = ? AND pk = ?", [tenant.id, closing.pk]);
    expect(await sweepWorkQueues(rt.svc)).to.be.at.least(2);
    expect(await counts()).to.deep.equal([['High', 1], ['Other', 0]]);
  });
});
