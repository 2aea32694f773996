import { expect } from 'chai';
import type { Runtime } from '../../bin/compose';
import { BACKFILL_SPELLS } from '../../migrations/1763703000000-case-metrics';
import { memberActor } from '../../src/access/index';
import { caseMetrics } from '../../src/case-metrics/index';
import { approveDecisionOverride, decideCase, escalateCase, reopenCase, respondToEscalation, routeCase } from '../../src/decisions/index';
import { relayEvents } from '../../src/events/index';
import type { Services } from '../../src/platform/index';
import { assessCaseRisk } from '../../src/risk/index';
import { newCase, setStatus } from '../graphql/case-support';
import { ConsoleHarness, type TestMember } from '../graphql/harness';
import { TestClock } from '../support/clock';
import { drainJobs, runtime } from '../support/runtime';
import { newApplicationCase, system } from '../risk/support';
import { SET_QUEUES } from '../work-queues/support';
import { applicationCase, CASE_METRICS, submit } from './support';

const HOUR = 3_600_000;
const T0 = Date.parse('2026-03-02T08:00:00.000Z');
const RANGE = { from: '2026-03-01T00:00:00.000Z', to: '2026-03-08T00:00:00.000Z' };

interface Metrics {
  from: string; to: string; queueId: string | null; openTotal: number;
  openByStatus: { status: string; count: number }[];
  openByStage: { stage: string; count: number }[];
  timeInStatus: { status: string; spells: number; p50Seconds: number; p90Seconds: number }[];
  decisions: { total: number; automatic: number; automaticShare: number | null; firstTimeRight: number; firstTimeRightShare: number | null; byOutcome: { outcome: string; count: number; automatic: number }[] };
  analysts: { analyst: string; casesClosed: number; medianHandlingSeconds: number }[];
  sla: { breachedNow: number };
}

describe('case metrics over GraphQL: caseMetrics from cases moved through the real use cases', function () {
  this.timeout(120_000);
  let h: ConsoleHarness;
  let rt: Runtime;
  before(async () => {
    h = await ConsoleHarness.start();
    rt = await runtime();
  });
  after(() => h.close());

  /** The services on a clock the test moves (the console answers on the real one: sessions stay fresh). */
  const clocked = (clock: TestClock): Services => ({ ...h.svc, clock });
  const actorOf = (m: TestMember) => memberActor({ orgId: m.tenant.id, id: m.id, email: m.email, role: m.role });

  it('counts open cases, time in each status, decisions (automatic, first time right) and each analyst\'s closed cases, exactly', async () => {
    const viewer = await h.signedIn('analyst');
    const tenant = viewer.member.tenant;
    const [a1, a2, mlro] = [await h.member('analyst', tenant), await h.member('analyst', tenant), await h.member('mlro', tenant)];
    const clock = new TestClock(T0 - 10 * 24 * HOUR);
    const svc = clocked(clock);
    const at = (hours: number) => clock.set(new Date(T0 + hours * HOUR));

    // Before the range: created, submitted an hour later, declined a day after.
    const early = await applicationCase(svc, tenant, 'Early Ltd');
    clock.advance(HOUR);
    await submit(svc, early);
    clock.advance(24 * HOUR);
    await decideCase(svc, actorOf(a1), { caseId: early.caseId, outcome: 'declined', notes: 'Old.' });

    at(0);
    const alpha = await applicationCase(svc, tenant, 'Alpha Ltd');
    const idle = await applicationCase(svc, tenant, 'Idle Ltd');
    at(1);
    const beta = await applicationCase(svc, tenant, 'Beta Ltd');
    const gamma = await applicationCase(svc, tenant, 'Gamma Ltd');
    at(2);
    await submit(svc, alpha);
    const auto = await newApplicationCase(svc, tenant, { companyName: 'Clean Trading Ltd' });
    at(3);
    await submit(svc, beta);
    at(4);
    await decideCase(svc, actorOf(a2), { caseId: beta.caseId, outcome: 'declined', notes: 'Not for us.' });
    at(5);
    await submit(svc, gamma);
    // Over the open identity check: four-eyes, the MLRO signs the analyst's approval off (the decision stays a1's).
    await decideCase(svc, actorOf(a1), { caseId: alpha.caseId, outcome: 'approved', notes: 'Fine.', overrideReason: 'Director verified by phone.' });
    await approveDecisionOverride(svc, actorOf(mlro), { caseId: alpha.caseId });
    // Relayed in several batches: a spell follows the one an earlier batch recorded.
    await relayEvents(svc);
    at(6);
    await assessCaseRisk(svc, system(tenant), { orgId: tenant.id, casePk: auto.pk });
    expect(await routeCase(svc, system(tenant), { orgId: tenant.id, casePk: auto.pk })).to.deep.equal({ outcome: 'AUTO_APPROVE', decided: true });
    at(24);
    await reopenCase(svc, actorOf(mlro), { caseId: alpha.caseId, reason: 'New evidence.' });
    await relayEvents(svc);
    at(25);
    await escalateCase(svc, actorOf(a1), { caseId: alpha.caseId, note: 'Adverse media?' });
    at(27);
    await respondToEscalation(svc, actorOf(mlro), { caseId: alpha.caseId, recommendation: 'decline', note: 'Confirmed.' });
    at(28);
    await decideCase(svc, actorOf(a1), { caseId: alpha.caseId, outcome: 'declined', notes: 'Per MLRO.' });
    await relayEvents(svc);

    const { caseMetrics: m } = await viewer.data<{ caseMetrics: Metrics }>(CASE_METRICS, RANGE);
    expect(m).to.deep.include({ from: RANGE.from, to: RANGE.to, queueId: null, openTotal: 2 });
    expect(m.openByStatus).to.deep.equal([{ status: 'in_progress', count: 1 }, { status: 'in_review', count: 1 }]);
    expect(m.openByStage).to.deep.equal([{ stage: 'created', count: 1 }, { stage: 'application_submitted', count: 1 }]);
    expect(idle.caseId).to.be.a('string');
    // in_progress: alpha 2 h, beta 2 h, gamma 4 h; in_review: alpha 3 h then 1 h, beta 1 h, the automatic one 4 h
    // (created at 2 h, decided at 6 h); the rest alpha's. Nearest rank: p50 is the ceil(n/2)-th, p90 the ceil(0.9 n)-th.
    expect(m.timeInStatus).to.deep.equal([
      { status: 'in_progress', spells: 3, p50Seconds: 7200, p90Seconds: 14400 },
      { status: 'in_review', spells: 4, p50Seconds: 3600, p90Seconds: 14400 },
      { status: 'pending_senior', spells: 1, p50Seconds: 7200, p90Seconds: 7200 },
      { status: 'returned', spells: 1, p50Seconds: 3600, p90Seconds: 3600 },
      { status: 'approved', spells: 1, p50Seconds: 19 * 3600, p90Seconds: 19 * 3600 },
    ]);
    // alpha approved (first time right) then declined after a reopen and a return; beta declined; the policy approved one.
    expect(m.decisions).to.deep.equal({
      total: 4, automatic: 1, automaticShare: 0.25, firstTimeRight: 3, firstTimeRightShare: 0.75,
      byOutcome: [{ outcome: 'approved', count: 2, automatic: 1 }, { outcome: 'declined', count: 2, automatic: 0 }],
    });
    // a1: alpha's approval 3 h after submission, its decline 4 h after the reopening (median: the 1st of 2); a2: beta 1 h.
    expect(m.analysts).to.deep.equal([
      { analyst: a1.email, casesClosed: 2, medianHandlingSeconds: 3 * 3600 },
      { analyst: a2.email, casesClosed: 1, medianHandlingSeconds: 3600 },
    ]);

    // The week before holds the early case alone; a range without anything answers zeros and nulls.
    const before = (await viewer.data<{ caseMetrics: Metrics }>(CASE_METRICS, { from: '2026-02-15T00:00:00Z', to: '2026-03-01T00:00:00Z' })).caseMetrics;
    expect(before.decisions).to.deep.include({ total: 1, automatic: 0, firstTimeRight: 1 });
    expect(before.analysts).to.deep.equal([{ analyst: a1.email, casesClosed: 1, medianHandlingSeconds: 24 * 3600 }]);
    const empty = (await viewer.data<{ caseMetrics: Metrics }>(CASE_METRICS, { from: '2025-01-01T00:00:00Z', to: '2025-02-01T00:00:00Z' })).caseMetrics;
    expect(empty).to.deep.include({ openTotal: 2, timeInStatus: [], analysts: [] });
    expect(empty.decisions).to.deep.equal({
      total: 0, automatic: 0, automaticShare: null, firstTimeRight: 0, firstTimeRightShare: null,
      byOutcome: [{ outcome: 'approved', count: 0, automatic: 0 }, { outcome: 'declined', count: 0, automatic: 0 }],
    });

    // One spell per status change: early 2, alpha 6, beta 2, gamma 1, the automatic one 1.
    const [{ n }] = await h.svc.db.query('SELECT COUNT(*) AS n FROM case_status_spells WHERE org_id = ?', [tenant.id]) as { n: number | string }[];
    expect(Number(n)).to.equal(2 + 6 + 2 + 1 + 1);

    // The migration's backfill derives the same spells from the recorded events (the queue is unknown there).
    const spells = () => h.svc.db.query(
      `SELECT event_seq, case_pk, status, next_status, entered_at, left_at, seconds, changed_by, returns_before, review_started_at
       FROM case_status_spells WHERE org_id = ? ORDER BY event_seq`, [tenant.id],
    );
    const recorded = await spells();
    await h.svc.db.query('DELETE FROM case_status_spells WHERE org_id = ?', [tenant.id]);
    await h.svc.db.query(BACKFILL_SPELLS);
    expect(await spells()).to.deep.equal(recorded);
    expect((await viewer.data<{ caseMetrics: Metrics }>(CASE_METRICS, RANGE)).caseMetrics).to.deep.equal(m);
  });

  it('queueId narrows to the cases of that queue; an unknown or another tenant\'s queue is not found', async () => {
    const admin = await h.signedIn('compliance_admin');
    const tenant = admin.member.tenant;
    const { setQueues } = await admin.data<{ setQueues: { id: string; name: string }[] }>(SET_QUEUES, {
      input: [
        { name: 'HubSpot', conditions: { all: [{ fact: 'crmSource', operator: 'equal', value: 'hubspot' }] }, memberIds: [], assignment: { mode: 'manual' } },
        { name: 'Rest', conditions: null, memberIds: [], assignment: { mode: 'manual' } },
      ],
    });
    const clock = new TestClock(T0);
    const svc = clocked(clock);
    const hub = await applicationCase(svc, tenant, 'Hub Ltd', { crmSource: 'hubspot', crmRecordId: 'hs-1' });
    const plain = await applicationCase(svc, tenant, 'Plain Ltd');
    const other = await applicationCase(svc, tenant, 'Other Ltd', { crmSource: 'hubspot', crmRecordId: 'hs-2' });
    // case.created places them (the work-queue reaction after the relay).
    await drainJobs(rt, { orgId: tenant.id, svc });
    clock.advance(HOUR);
    await submit(svc, hub);
    clock.advance(HOUR);
    await submit(svc, plain);
    await relayEvents(svc);
    expect(other.caseId).to.be.a('string');

    const q = (await admin.data<{ caseMetrics: Metrics }>(CASE_METRICS, { ...RANGE, queueId: setQueues[0]!.id })).caseMetrics;
    expect(q).to.deep.include({ queueId: setQueues[0]!.id, openTotal: 2 });
    expect(q.openByStatus).to.deep.equal([{ status: 'in_progress', count: 1 }, { status: 'in_review', count: 1 }]);
    expect(q.timeInStatus).to.deep.equal([{ status: 'in_progress', spells: 1, p50Seconds: 3600, p90Seconds: 3600 }]);
    const rest = (await admin.data<{ caseMetrics: Metrics }>(CASE_METRICS, { ...RANGE, queueId: setQueues[1]!.id })).caseMetrics;
    expect(rest).to.deep.include({ openTotal: 1, openByStatus: [{ status: 'in_review', count: 1 }] });
    expect(rest.timeInStatus).to.deep.equal([{ status: 'in_progress', spells: 1, p50Seconds: 7200, p90Seconds: 7200 }]);
    const all = (await admin.data<{ caseMetrics: Metrics }>(CASE_METRICS, RANGE)).caseMetrics;
    expect(all.openTotal).to.equal(3);

    expect(await admin.error(CASE_METRICS, { ...RANGE, queueId: '999999999' })).to.deep.include({ code: 'NOT_FOUND', message: 'Queue not found.' });
    expect(await admin.error(CASE_METRICS, { ...RANGE, queueId: 'abc' })).to.deep.include({ code: 'NOT_FOUND', message: 'Queue not found.' });
    const stranger = await h.signedIn('admin');
    expect(await stranger.error(CASE_METRICS, { ...RANGE, queueId: setQueues[0]!.id })).to.deep.include({ code: 'NOT_FOUND', message: 'Queue not found.' });
  });

  it('sla.breachedNow counts the open cases whose SLA is breached now, narrowed by queueId; decided cases leave it', async () => {
    const admin = await h.signedIn('compliance_admin');
    const tenant = admin.member.tenant;
    const analyst = await h.member('analyst', tenant);
    await admin.data('mutation($input: SlaPolicyInput!) { setSlaPolicy(input: $input) { pauseWhileAwaitingCustomer } }', {
      input: { targets: [{ status: 'in_progress', hours: 2 }, { status: 'in_review', hours: 8 }], businessHours: null, pauseWhileAwaitingCustomer: false },
    });
    const { setQueues } = await admin.data<{ setQueues: { id: string }[] }>(SET_QUEUES, {
      input: [
        { name: 'HubSpot', conditions: { all: [{ fact: 'crmSource', operator: 'equal', value: 'hubspot' }] }, memberIds: [], assignment: { mode: 'manual' } },
        { name: 'Rest', conditions: null, memberIds: [], assignment: { mode: 'manual' } },
      ],
    });
    const clock = new TestClock(T0);
    const svc = clocked(clock);
    const hub = await applicationCase(svc, tenant, 'Hub Ltd', { crmSource: 'hubspot', crmRecordId: 'hs-1' });
    const plain = await applicationCase(svc, tenant, 'Plain Ltd');
    const decided = await applicationCase(svc, tenant, 'Decided Ltd');
    clock.advance(HOUR);
    const late = await applicationCase(svc, tenant, 'Late Ltd');
    // case.created places them in queues and starts their SLA clocks (reactions after the relay).
    await drainJobs(rt, { orgId: tenant.id, svc });
    await submit(svc, decided);
    await decideCase(svc, actorOf(analyst), { caseId: decided.caseId, outcome: 'declined', notes: 'Not for us.' });
    await drainJobs(rt, { orgId: tenant.id, svc });
    expect(late.caseId).to.be.a('string');

    // On the test's clock: hub and plain are due at T0 + 2 h, late at T0 + 3 h; decided has no clock any more.
    const breachedAt = async (hours: number, queueId?: string) => {
      clock.set(new Date(T0 + hours * HOUR));
      return (await caseMetrics(svc, actorOf(admin.member), { from: new Date(RANGE.from), to: new Date(RANGE.to), queueId: queueId ?? null })).sla.breachedNow;
    };
    expect(await breachedAt(1.5)).to.equal(0);
    expect(await breachedAt(2.5)).to.equal(2);
    expect(await breachedAt(2.5, setQueues[0]!.id)).to.equal(1);
    expect(await breachedAt(2.5, setQueues[1]!.id)).to.equal(1);
    expect(await breachedAt(3.5)).to.equal(3);
    expect(await breachedAt(3.5, setQueues[1]!.id)).to.equal(2);
    // Over GraphQL (the console's real clock, long after): the same three, whatever the range.
    const m = (await admin.data<{ caseMetrics: Metrics }>(CASE_METRICS, { from: '2025-01-01T00:00:00Z', to: '2025-02-01T00:00:00Z' })).caseMetrics;
    expect(m).to.deep.include({ openTotal: 3, sla: { breachedNow: 3 } });
    expect(hub.caseId).to.not.equal(plain.caseId);
    const q = (await admin.data<{ caseMetrics: Metrics }>(CASE_METRICS, { ...RANGE, queueId: setQueues[0]!.id })).caseMetrics;
    expect(q.sla).to.deep.equal({ breachedNow: 1 });
  });

  it('the test view counts the open test cases and names the figures that stay live; the live view counts live cases only', async () => {
    const live = await h.signedIn('analyst');
    const tenant = live.member.tenant;
    const test = await h.signedInAs(live.member);
    await test.data('mutation { setConsoleMode(mode: "test") { mode } }');
    const QUERY = CASE_METRICS.replace('sla { breachedNow }', 'sla { breachedNow } mode liveOnly');
    const now = Date.now();
    const range = { from: new Date(now - 24 * HOUR).toISOString(), to: new Date(now + 24 * HOUR).toISOString() };
    // Live: one submitted application (its in_progress spell recorded), one new case. Test: three cases, two statuses.
    const submitted = await applicationCase(h.svc, tenant, 'Live Submitted Ltd');
    await submit(h.svc, submitted);
    await newCase(h.svc, tenant, { companyName: 'Live New Ltd' });
    for (const name of ['Test One Ltd', 'Test Two Ltd']) await newCase(h.svc, tenant, { companyName: name, mode: 'test' });
    const reviewed = await newCase(h.svc, tenant, { companyName: 'Test Review Ltd', mode: 'test' });
    await setStatus(h.svc, reviewed.pk, 'in_review');
    await relayEvents(h.svc);

    const liveView = (await live.data<{ caseMetrics: Metrics & { mode: string; liveOnly: string[] } }>(QUERY, range)).caseMetrics;
    const testView = (await test.data<{ caseMetrics: Metrics & { mode: string; liveOnly: string[] } }>(QUERY, range)).caseMetrics;
    expect(liveView).to.deep.include({
      mode: 'live', liveOnly: [], openTotal: 2,
      openByStatus: [{ status: 'in_progress', count: 1 }, { status: 'in_review', count: 1 }],
    });
    expect(liveView.timeInStatus.map((t) => [t.status, t.spells])).to.deep.equal([['in_progress', 1]]);
    expect(testView).to.deep.include({
      mode: 'test', liveOnly: ['timeInStatus', 'decisions', 'analysts', 'sla'], openTotal: 3,
      openByStatus: [{ status: 'in_progress', count: 2 }, { status: 'in_review', count: 1 }],
      openByStage: [{ stage: 'created', count: 3 }],
    });
    // What stays live is the live view's, figure for figure.
    expect({ t: testView.timeInStatus, d: testView.decisions, a: testView.analysts, s: testView.sla })
      .to.deep.equal({ t: liveView.timeInStatus, d: liveView.decisions, a: liveView.analysts, s: liveView.sla });
  });

  it('every member role may read it; signed out is unauthenticated; the range is validated with paths', async () => {
    const tenant = await h.tenant();
    for (const role of ['analyst', 'mlro', 'compliance_admin', 'admin'] as const) {
      const m = await h.signedIn(role, tenant);
      expect((await m.data<{ caseMetrics: Metrics }>(CASE_METRICS, RANGE)).caseMetrics.openTotal, role).to.equal(0);
    }
    expect((await h.browser().error(CASE_METRICS, RANGE)).code).to.equal('UNAUTHENTICATED');

    const m = await h.signedIn('analyst', tenant);
    const backwards = await m.error(CASE_METRICS, { from: RANGE.to, to: RANGE.from });
    expect(backwards).to.deep.include({ code: 'BAD_USER_INPUT', message: 'to: must be after from' });
    expect(backwards.extensions.details).to.deep.equal([{ path: 'to', message: 'must be after from' }]);
    expect((await m.error(CASE_METRICS, { from: RANGE.from, to: RANGE.from })).extensions.details).to.deep.equal([{ path: 'to', message: 'must be after from' }]);
    const long = await m.error(CASE_METRICS, { from: '2025-01-01T00:00:00Z', to: '2026-01-03T00:00:00Z' });
    expect(long.extensions.details).to.deep.equal([{ path: 'to', message: 'must be at most 366 days after from' }]);
    expect((await m.data<{ caseMetrics: Metrics }>(CASE_METRICS, { from: '2024-01-01T00:00:00Z', to: '2025-01-01T00:00:00Z' })).caseMetrics.openTotal, '366 days (a leap year) is allowed').to.equal(0);
    const malformed = await m.gql(CASE_METRICS, { from: 'yesterday', to: RANGE.to });
    expect(malformed.body.errors?.[0]?.extensions.code).to.equal('BAD_USER_INPUT');
  });
});
