import { expect } from 'chai';
import { memberActor } from '../../src/access/index';
import { recomputeRisk } from '../../src/risk/index';
import { getAvailability, setAvailability, setQueues, sweepWorkQueues } from '../../src/work-queues/index';
import { TestClock } from '../support/clock';
import { ConsoleHarness, type TestMember } from '../graphql/harness';
import { ownerChanges, owners, queuedCase } from './support';

const HOUR = 3_600_000;
const actorOf = (m: TestMember) => memberActor({ orgId: m.tenant.id, id: m.id, email: m.email, role: m.role });

/**
 * Availability that lapses (issue 26, "setAvailability(available, until)"): when `until` passes the opposite
 * holds for good, and the sweep acts on it: a member whose availability ends loses their untouched cases to
 * the queue; one back from leave is handed waiting cases. Time is the injectable clock's.
 */
describe('work queues: availability that lapses', function () {
  this.timeout(60_000);
  const clock = new TestClock();
  let h: ConsoleHarness;
  before(async () => {
    h = await ConsoleHarness.start({ clock });
  });
  after(() => h.close());

  it('available until the end of the day: untouched cases go back when it passes; on leave until tomorrow: cases come when it passes', async () => {
    const admin = await h.member('compliance_admin');
    const tenant = admin.tenant;
    const [a, b] = [await h.member('analyst', tenant), await h.member('analyst', tenant)];
    // a works until the end of their day (an hour from now); b is on leave until tomorrow.
    await setAvailability(h.svc, actorOf(a), { available: true, until: new Date(clock.now().getTime() + HOUR).toISOString() });
    await setAvailability(h.svc, actorOf(b), { available: false, until: new Date(clock.now().getTime() + 24 * HOUR).toISOString() });
    const cases: { caseId: string; pk: number }[] = [];
    for (let i = 0; i < 4; i++) cases.push(await queuedCase(h.svc, tenant, { ageHours: 10 - i }));
    await setQueues(h.svc, actorOf(admin), [{ name: 'Team', conditions: null, memberIds: [a.id, b.id], assignment: { mode: 'round_robin', capacity: 10 } }]);
    const ownersOf = async () => {
      const own = await owners(h.svc, tenant);
      return cases.map((c) => own.get(c.caseId) ?? null);
    };
    expect(await ownersOf(), 'b is away: everything to a').to.deep.equal([a.id, a.id, a.id, a.id]);
    // a touches the oldest case (re-scoring it records risk.assessed): it stays theirs.
    await recomputeRisk(h.svc, actorOf(a), { caseId: cases[0]!.caseId });

    // Before `until` the sweep changes nothing.
    clock.advance(HOUR - 1000);
    await sweepWorkQueues(h.svc);
    expect(await ownersOf()).to.deep.equal([a.id, a.id, a.id, a.id]);
    expect((await getAvailability(h.svc, actorOf(a), {})).available).to.equal(true);

    // a's hour passes: unavailable for good, the three untouched cases back in the queue (b is still away: they wait).
    clock.advance(2000);
    await sweepWorkQueues(h.svc);
    expect(await getAvailability(h.svc, actorOf(a), {})).to.deep.equal({ memberId: a.id, available: false, until: null });
    expect(await ownersOf()).to.deep.equal([a.id, null, null, null]);
    const change = (e: Record<string, unknown>) => [(e.previousOwner as { email: string } | null)?.email ?? null, (e.newOwner as { email: string } | null)?.email ?? null, e.changedBy];
    expect((await ownerChanges(h.svc, tenant, cases[1]!.caseId)).map(change)).to.deep.equal([[null, a.email, null], [a.email, null, null]]);
    expect((await ownerChanges(h.svc, tenant, cases[0]!.caseId)).map(change), 'the touched case stays').to.deep.equal([[null, a.email, null]]);
    const stored: { available: number; until: Date | null; updated_by: string }[] = await h.svc.db.query(
      'SELECT available, until, updated_by FROM member_availability WHERE org_id = ? AND member_id = ?', [tenant.id, a.id],
    );
    expect(stored[0]).to.deep.equal({ available: 0, until: null, updated_by: 'system' });

    // b's leave ends the next day: available again, the waiting cases are handed to them.
    clock.advance(24 * HOUR);
    await sweepWorkQueues(h.svc);
    expect(await getAvailability(h.svc, actorOf(b), {})).to.deep.equal({ memberId: b.id, available: true, until: null });
    expect(await ownersOf()).to.deep.equal([a.id, b.id, b.id, b.id]);
    expect((await ownerChanges(h.svc, tenant, cases[1]!.caseId)).map(change)).to.deep.equal([[null, a.email, null], [a.email, null, null], [null, b.email, null]]);

    // Lapsed settings hold for good: another sweep changes nothing.
    await sweepWorkQueues(h.svc);
    expect(await ownersOf()).to.deep.equal([a.id, b.id, b.id, b.id]);
    expect(await ownerChanges(h.svc, tenant, cases[2]!.caseId)).to.have.lengthOf(3);
  });
});
