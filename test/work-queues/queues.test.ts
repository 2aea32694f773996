import { expect } from 'chai';
import type { Runtime } from '../../bin/compose';
import { drainJobs, runtime } from '../support/runtime';
import { newCase } from '../graphql/case-support';
import { ConsoleHarness } from '../graphql/harness';
import { NEXT_CASE, ownerChanges, owners, queuedCase, QUEUES, SET_AVAILABILITY, SET_QUEUES } from './support';

interface Queue { id: string; name: string; openCount: number; unassignedCount: number; oldestAgeSeconds: number | null; slaBreaches: number; members: { memberId: string; available: boolean; openCases: number }[] }

const HIGH = { all: [{ fact: 'band', operator: 'equal', value: 'high' }] };

describe('work queues over GraphQL: setQueues, queues, nextCase, automatic assignment, availability', function () {
  this.timeout(120_000);
  let h: ConsoleHarness;
  let rt: Runtime;
  before(async () => {
    h = await ConsoleHarness.start();
    rt = await runtime();
  });
  after(() => h.close());

  it('setQueues is compliance_admin\'s; analysts and mlros see the queues; signed out is unauthenticated', async () => {
    const admin = await h.signedIn('compliance_admin');
    const tenant = admin.member.tenant;
    const input = [{ name: 'Everything', conditions: null, memberIds: [], assignment: { mode: 'manual' } }];
    for (const role of ['analyst', 'mlro'] as const) {
      const m = await h.signedIn(role, tenant);
      expect((await m.error(SET_QUEUES, { input })).code, role).to.equal('FORBIDDEN');
    }
    const set = await admin.data<{ setQueues: Queue[] }>(SET_QUEUES, { input });
    expect(set.setQueues.map((q) => q.name)).to.deep.equal(['Everything']);
    const full = await h.signedIn('admin', tenant);
    expect((await full.data<{ setQueues: Queue[] }>(SET_QUEUES, { input })).setQueues[0]!.id, 'a kept name keeps its id').to.equal(set.setQueues[0]!.id);
    for (const role of ['analyst', 'mlro'] as const) {
      const m = await h.signedIn(role, tenant);
      expect((await m.data<{ queues: Queue[] }>(QUEUES)).queues.map((q) => q.name)).to.deep.equal(['Everything']);
    }
    expect((await h.browser().error(QUEUES)).code).to.equal('UNAUTHENTICATED');
    const audit: { action: string }[] = await h.svc.db.query("SELECT action FROM tenant_config_audit_log WHERE org_id = ? AND action = 'work_queues.updated'", [tenant.id]);
    expect(audit).to.have.lengthOf(2);
  });

  it('setQueues reports every problem with its path, in the rules language of decision policies', async () => {
    const admin = await h.signedIn('compliance_admin');
    const other = await h.member('analyst');
    const e = await admin.error(SET_QUEUES, {
      input: [
        { name: 'A', conditions: { all: [{ fact: 'shoeSize', operator: 'equal', value: 1 }] }, memberIds: [other.id], assignment: { mode: 'round_robin' } },
        { name: ' a ', conditions: { all: [] }, memberIds: [], assignment: { mode: 'least_loaded', capacity: 0 } },
      ],
    });
    expect(e.code).to.equal('BAD_USER_INPUT');
    const paths = (e.extensions.details as { path: string }[]).map((d) => d.path);
    expect(paths).to.have.members([
      'input.0.conditions.all.0.fact', 'input.0.memberIds.0', 'input.0.assignment.capacity', 'input.1.name', 'input.1.conditions.all', 'input.1.assignment.capacity',
    ]);
  });

  it('a case sits in the first queue whose conditions it meets; queues count open and unassigned cases and the oldest age', async () => {
    const admin = await h.signedIn('compliance_admin');
    const tenant = admin.member.tenant;
    await queuedCase(h.svc, tenant, { band: 'high', ageHours: 5 });
    await queuedCase(h.svc, tenant, { band: 'high', ageHours: 1 });
    await queuedCase(h.svc, tenant, { band: 'low', ageHours: 2 });
    await queuedCase(h.svc, tenant, { band: 'high', status: 'approved', ageHours: 9 });
    const young = { all: [{ fact: 'ageHours', operator: 'lessThan', value: 3 }] };
    await admin.data(SET_QUEUES, {
      input: [
        { name: 'High risk', conditions: HIGH, memberIds: [], assignment: { mode: 'manual' } },
        { name: 'Young', conditions: young, memberIds: [], assignment: { mode: 'manual' } },
        { name: 'Rest', conditions: null, memberIds: [], assignment: { mode: 'manual' } },
      ],
    });
    const { queues } = await admin.data<{ queues: Queue[] }>(QUEUES);
    expect(queues.map((q) => [q.name, q.openCount, q.unassignedCount, q.slaBreaches])).to.deep.equal([['High risk', 2, 2, 0], ['Young', 1, 1, 0], ['Rest', 0, 0, 0]]);
    expect(queues[0]!.oldestAgeSeconds).to.be.within(5 * 3600 - 60, 5 * 3600 + 60);
    expect(queues[2]!.oldestAgeSeconds).to.equal(null);
    // A new case follows through the outbox: case.created places it.
    await newCase(h.svc, tenant);
    await drainJobs(rt, { orgId: tenant.id, svc: h.svc });
    expect((await admin.data<{ queues: Queue[] }>(QUEUES)).queues.map((q) => q.openCount)).to.deep.equal([2, 2, 0]);
  });

  it('nextCase gives the caller the oldest unassigned case (owner.changed by them), leaves senior review to seniors, and null when none waits', async () => {
    const admin = await h.signedIn('compliance_admin');
    const tenant = admin.member.tenant;
    const analyst = await h.signedIn('analyst', tenant);
    const mlro = await h.signedIn('mlro', tenant);
    const outsider = await h.signedIn('analyst', tenant);
    const senior = await queuedCase(h.svc, tenant, { status: 'pending_senior', ageHours: 10 });
    const old = await queuedCase(h.svc, tenant, { ageHours: 4 });
    const young = await queuedCase(h.svc, tenant, { ageHours: 1 });
    const { setQueues: [q] } = await admin.data<{ setQueues: Queue[] }>(SET_QUEUES, {
      input: [{ name: 'Review', conditions: null, memberIds: [analyst.member.id, mlro.member.id], assignment: { mode: 'manual' } }],
    });
    const first = await analyst.data<{ nextCase: { caseId: string; owner: { id: string } } }>(NEXT_CASE, { q: q!.id });
    expect(first.nextCase.caseId).to.equal(old.caseId);
    expect(first.nextCase.owner.id).to.equal(analyst.member.id);
    expect(await ownerChanges(h.svc, tenant, old.caseId)).to.deep.equal([{
      previousOwner: null, newOwner: { name: analyst.member.email.replace(/^analyst\.(\d+)\..*$/, 'analyst $1'), email: analyst.member.email }, changedBy: analyst.member.email,
    }]);
    expect((await analyst.data<{ nextCase: { caseId: string } }>(NEXT_CASE, { q: q!.id })).nextCase.caseId).to.equal(young.caseId);
    expect((await analyst.data<{ nextCase: null }>(NEXT_CASE, { q: q!.id })).nextCase, 'the senior case is not theirs').to.equal(null);
    expect((await mlro.data<{ nextCase: { caseId: string } }>(NEXT_CASE, { q: q!.id })).nextCase.caseId).to.equal(senior.caseId);
    expect((await outsider.error(NEXT_CASE, { q: q!.id })).code).to.equal('FORBIDDEN');
    expect((await analyst.error(NEXT_CASE, { q: '999999999' })).code).to.equal('NOT_FOUND');
    const foreign = await h.signedIn('analyst');
    expect((await foreign.error(NEXT_CASE, { q: q!.id })).code, 'another tenant\'s queue').to.equal('NOT_FOUND');
    await drainJobs(rt, { orgId: tenant.id, svc: h.svc });
    const { queues } = await admin.data<{ queues: Queue[] }>(QUEUES);
    expect([queues[0]!.openCount, queues[0]!.unassignedCount]).to.deep.equal([3, 0]);
  });

  it('twenty analysts pressing Next case at once never get the same case', async () => {
    const admin = await h.signedIn('compliance_admin');
    const tenant = admin.member.tenant;
    for (let i = 0; i < 25; i++) await queuedCase(h.svc, tenant, { ageHours: 30 - i });
    const analysts = await Promise.all(Array.from({ length: 20 }, () => h.signedIn('analyst', tenant)));
    const { setQueues: [q] } = await admin.data<{ setQueues: Queue[] }>(SET_QUEUES, {
      input: [{ name: 'Race', conditions: null, memberIds: analysts.map((a) => a.member.id), assignment: { mode: 'manual' } }],
    });
    const got = await Promise.all(analysts.map((a) => a.data<{ nextCase: { caseId: string; owner: { id: string } } }>(NEXT_CASE, { q: q!.id })));
    const ids = got.map((g) => g.nextCase.caseId);
    expect(new Set(ids).size).to.equal(20);
    got.forEach((g, i) => expect(g.nextCase.owner.id).to.equal(analysts[i]!.member.id));
    const own = await owners(h.svc, tenant);
    for (const [i, id] of ids.entries()) expect(own.get(id)).to.equal(analysts[i]!.member.id);
    const events: { n: number }[] = await h.svc.db.query("SELECT COUNT(*) AS n FROM events WHERE org_id = ? AND type = 'owner.changed'", [tenant.id]);
    expect(Number(events[0]!.n)).to.equal(20);
  });

  it('round_robin hands entering cases out in turn under the capacity (changedBy null), and the rest wait', async () => {
    const admin = await h.signedIn('compliance_admin');
    const tenant = admin.member.tenant;
    const a = await h.member('analyst', tenant);
    const b = await h.member('analyst', tenant);
    const cases = [];
    for (let i = 0; i < 5; i++) cases.push(await queuedCase(h.svc, tenant, { band: 'high', ageHours: 10 - i }));
    await admin.data(SET_QUEUES, { input: [{ name: 'RR', conditions: HIGH, memberIds: [a.id, b.id], assignment: { mode: 'round_robin', capacity: 2 } }] });
    const own = await owners(h.svc, tenant);
    expect(cases.map((c) => own.get(c.caseId))).to.deep.equal([a.id, b.id, a.id, b.id, null]);
    const [handed, ...more] = await ownerChanges(h.svc, tenant, cases[0]!.caseId);
    expect(more).to.deep.equal([]);
    expect([handed!.previousOwner, (handed!.newOwner as { email: string }).email, handed!.changedBy]).to.deep.equal([null, a.email, null]);
    const { queues } = await admin.data<{ queues: Queue[] }>(QUEUES);
    expect([queues[0]!.openCount, queues[0]!.unassignedCount]).to.deep.equal([5, 1]);
    expect(queues[0]!.members.map((m) => m.openCases)).to.deep.equal([2, 2]);
    // A case leaves b (unassigned by hand): b has room, the waiting case goes out (through the outbox).
    await admin.data('mutation($id: String!) { assignCaseOwner(caseId: $id, memberId: null) { caseId } }', { id: cases[1]!.caseId });
    await drainJobs(rt, { orgId: tenant.id, svc: h.svc });
    const after = await owners(h.svc, tenant);
    expect([...cases.map((c) => after.get(c.caseId))].filter((o) => o === b.id)).to.have.lengthOf(2);
    expect([...cases.map((c) => after.get(c.caseId))].filter((o) => o === null)).to.have.lengthOf(1);
  });

  it('least_loaded gives each case to the member owning the fewest open cases, ties to the earlier member', async () => {
    const admin = await h.signedIn('compliance_admin');
    const tenant = admin.member.tenant;
    const a = await h.member('analyst', tenant);
    const b = await h.member('analyst', tenant);
    for (const c of [await queuedCase(h.svc, tenant, { band: 'low' }), await queuedCase(h.svc, tenant, { band: 'low' })]) {
      await admin.data('mutation($id: String!, $m: ID) { assignCaseOwner(caseId: $id, memberId: $m) { caseId } }', { id: c.caseId, m: a.id });
    }
    const cases = [];
    for (let i = 0; i < 3; i++) cases.push(await queuedCase(h.svc, tenant, { band: 'high', ageHours: 10 - i }));
    await admin.data(SET_QUEUES, { input: [{ name: 'LL', conditions: HIGH, memberIds: [a.id, b.id], assignment: { mode: 'least_loaded', capacity: 3 } }] });
    const own = await owners(h.svc, tenant);
    expect(cases.map((c) => own.get(c.caseId))).to.deep.equal([b.id, b.id, a.id]);
  });

  it('setAvailability: one\'s own, an admin for others; becoming unavailable returns untouched cases to the queue and out to others', async () => {
    const admin = await h.signedIn('compliance_admin');
    const tenant = admin.member.tenant;
    const a = await h.signedIn('analyst', tenant);
    const b = await h.signedIn('analyst', tenant);
    const cases = [];
    for (let i = 0; i < 4; i++) cases.push(await queuedCase(h.svc, tenant, { ageHours: 10 - i }));
    // b is away: everything goes to a (capacity 4).
    expect((await b.data<{ setAvailability: { available: boolean } }>(SET_AVAILABILITY, { available: false })).setAvailability.available).to.equal(false);
    await admin.data(SET_QUEUES, { input: [{ name: 'Team', conditions: null, memberIds: [a.member.id, b.member.id], assignment: { mode: 'round_robin', capacity: 4 } }] });
    expect([...(await owners(h.svc, tenant)).values()]).to.deep.equal([a.member.id, a.member.id, a.member.id, a.member.id]);
    // a touches one case (re-scoring it records risk.assessed): it stays theirs.
    await a.data('mutation($id: ID!) { recomputeRisk(caseId: $id) { caseId } }', { id: cases[0]!.caseId });
    expect((await a.error(SET_AVAILABILITY, { available: true, member: b.member.id })).code, 'an analyst for another').to.equal('FORBIDDEN');
    await admin.data(SET_AVAILABILITY, { available: true, member: b.member.id });
    const until = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const set = await a.data<{ setAvailability: { memberId: string; available: boolean; until: string } }>(SET_AVAILABILITY, { available: false, until });
    expect(set.setAvailability).to.deep.equal({ memberId: a.member.id, available: false, until });
    const own = await owners(h.svc, tenant);
    expect(cases.map((c) => own.get(c.caseId))).to.deep.equal([a.member.id, b.member.id, b.member.id, b.member.id]);
    const back = await ownerChanges(h.svc, tenant, cases[1]!.caseId);
    expect(back.map((e) => [e.previousOwner === null ? null : (e.previousOwner as { email: string }).email, e.newOwner === null ? null : (e.newOwner as { email: string }).email, e.changedBy]))
      .to.deep.equal([[null, a.member.email, null], [a.member.email, null, null], [null, b.member.email, null]]);
    expect((await a.data<{ availability: { available: boolean } }>('query { availability { available } }')).availability.available).to.equal(false);
    expect((await a.error(SET_AVAILABILITY, { available: true, until: '2001-01-01T00:00:00Z' })).code).to.equal('BAD_USER_INPUT');
  });
});
