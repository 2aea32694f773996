import { expect } from 'chai';
import { memberActor } from '../../src/access/index';
import {
  nextDueAfter, runDueMonitoring, scheduleMonitoring, setMonitoringSchedule, spreadOf, SCHEDULE_PERIOD_MS,
} from '../../src/monitoring/index';
import type { Services } from '../../src/platform/index';
import type { Tenant } from '../../src/tenants/index';
import { ConsoleHarness } from '../graphql/harness';
import {  } from '../portal/support';
import { TestClock } from '../support/clock';
import { drainJobs, runtime } from '../support/runtime';
import { approvedCase, monitoringEvents, SampleSources } from './support';

// Scheduled runs with a clock the test moves: each approved case gets its own slot of the tenant's period
// (a hash of the case), the tick starts run jobs when cases are due, a run job runs what is due and plans
// the next slot. The scheduler is system work across tenants: the test asserts only inside its own tenant.

const DAY = SCHEDULE_PERIOD_MS.daily;

describe('monitoring: the schedule (controllable clock)', function () {
  this.timeout(120_000);
  let h: ConsoleHarness;
  let svc: Services;
  let clock: TestClock;
  before(async () => {
    clock = new TestClock(Date.parse('2030-03-01T00:00:00.000Z'));
    h = await ConsoleHarness.start({ clock });
    svc = h.svc;
    (await SampleSources.create()).use(svc);
  });
  after(() => h.close());

  const plans = async (tenant: Tenant) =>
    new Map(((await svc.db.query('SELECT case_pk, next_due_at, last_run_at FROM monitored_cases WHERE org_id = ?', [tenant.id])) as {
      case_pk: number; next_due_at: Date | null; last_run_at: Date | null;
    }[]).map((r) => [Number(r.case_pk), { due: r.next_due_at, last: r.last_run_at }]));
  const runsOf = async (tenant: Tenant, pks: number[]) => {
    const out = new Map<number, Record<string, unknown>[]>();
    for (const pk of pks) out.set(pk, (await monitoringEvents(svc, tenant.id, pk)).filter((e) => e.event === 'monitoring.run.completed'));
    return out;
  };
  /** The worker's way: the tick task, then whatever jobs it queued (the run jobs), with this test's clock. */
  const tickAndRunJobs = async (tenant: Tenant) => {
    const rt = await runtime();
    await svc.jobs.enqueue('monitoring.tick', {});
    await drainJobs(rt, { orgId: tenant.id, svc });
  };

  it('spreads the cases over the day, runs each when its slot is due and not before, then plans its next slot a period later', async () => {
    const tenant = await h.tenant();
    const cases = [];
    for (let i = 0; i < 12; i++) cases.push(await approvedCase(svc, tenant));
    const t0 = clock.now();
    const tick = await scheduleMonitoring(svc);
    expect(tick.enrolled).to.be.at.least(12);

    const first = await plans(tenant);
    expect([...first.keys()].sort()).to.deep.equal(cases.map((c) => c.pk).sort());
    for (const c of cases) {
      const due = first.get(c.pk)!.due!;
      expect(due.getTime()).to.equal(nextDueAfter(t0, 'daily', spreadOf(tenant.id, c.pk))!.getTime());
      expect(due.getTime()).to.be.greaterThan(t0.getTime()).and.at.most(t0.getTime() + DAY);
    }
    // Spread, not all at once: no minute holds more than 2 of the 12.
    const minutes = new Map<number, number>();
    for (const p of first.values()) minutes.set(Math.floor(p.due!.getTime() / 60_000), (minutes.get(Math.floor(p.due!.getTime() / 60_000)) ?? 0) + 1);
    expect(Math.max(...minutes.values())).to.be.at.most(2);

    // Nothing is due yet: a run job runs none of them.
    await runDueMonitoring(svc);
    expect([...(await runsOf(tenant, cases.map((c) => c.pk))).values()].flat()).to.deep.equal([]);

    // Half way through the period: the tick starts the run jobs; the cases due by now ran, once each, as `scheduled`.
    const dues = [...first.values()].map((p) => p.due!.getTime()).sort((a, b) => a - b);
    clock.advance(dues[5]! - clock.now().getTime());
    await tickAndRunJobs(tenant);
    let runs = await runsOf(tenant, cases.map((c) => c.pk));
    const dueByNow = cases.filter((c) => first.get(c.pk)!.due!.getTime() <= clock.now().getTime());
    expect(dueByNow).to.have.length.within(6, 7);
    for (const c of cases) {
      const r = runs.get(c.pk)!;
      expect(r.map((e) => e.triggeredBy), c.caseId).to.deep.equal(dueByNow.includes(c) ? ['scheduled'] : []);
    }
    const second = await plans(tenant);
    for (const c of dueByNow) {
      expect(second.get(c.pk)!.due!.getTime()).to.equal(first.get(c.pk)!.due!.getTime() + DAY);
      expect(second.get(c.pk)!.last!.getTime()).to.equal(clock.now().getTime());
    }

    // Not re-run before due: running again at the same time does nothing.
    await runDueMonitoring(svc);
    expect([...(await runsOf(tenant, cases.map((c) => c.pk))).values()].flat()).to.have.lengthOf(dueByNow.length);

    // Once the whole first period is over every case has run exactly once; a day later each has run twice.
    clock.advance(t0.getTime() + DAY - clock.now().getTime());
    await tickAndRunJobs(tenant);
    runs = await runsOf(tenant, cases.map((c) => c.pk));
    for (const c of cases) expect(runs.get(c.pk)!, c.caseId).to.have.lengthOf(1);
    clock.advance(DAY);
    await runDueMonitoring(svc);
    runs = await runsOf(tenant, cases.map((c) => c.pk));
    for (const c of cases) expect(runs.get(c.pk)!.map((e) => e.alertsGenerated), c.caseId).to.deep.equal([6, 0]);
  });

  it('follows the tenant\'s schedule: weekly spreads over the week, off runs nothing; a case no longer approved is dropped at its slot', async () => {
    const tenant = await h.tenant();
    const admin = memberActor({ orgId: tenant.id, id: '00000000-0000-4000-8000-00000000ad17', email: 'admin@monitoring.example', role: 'compliance_admin' });
    const a = await approvedCase(svc, tenant);
    const b = await approvedCase(svc, tenant);
    await scheduleMonitoring(svc);
    expect(await setMonitoringSchedule(svc, admin, { schedule: 'weekly' })).to.deep.equal({ schedule: 'weekly' });
    expect([...(await plans(tenant)).values()].map((p) => p.due)).to.deep.equal([null, null]);
    const now = clock.now();
    await scheduleMonitoring(svc);
    for (const [pk, p] of await plans(tenant)) {
      expect(p.due!.getTime()).to.equal(nextDueAfter(now, 'weekly', spreadOf(tenant.id, pk))!.getTime());
      expect(p.due!.getTime()).to.be.at.most(now.getTime() + 7 * DAY);
    }
    const [audit]: { action: string; details: string | Record<string, unknown> }[] = await svc.db.query(
      "SELECT action, details FROM tenant_config_audit_log WHERE org_id = ? AND action = 'monitoring_schedule.set'", [tenant.id],
    );
    expect(typeof audit!.details === 'string' ? JSON.parse(audit!.details) : audit!.details).to.deep.equal({ schedule: 'weekly', previous: 'daily' });

    // b is reopened (no longer approved): at its slot it is dropped, without a run.
    await svc.db.query("UPDATE cases SET status = 'in_review' WHERE pk = ?", [b.pk]);
    clock.advance(7 * DAY);
    await runDueMonitoring(svc);
    expect((await runsOf(tenant, [a.pk])).get(a.pk)).to.have.lengthOf(1);
    expect(await monitoringEvents(svc, tenant.id, b.pk)).to.deep.equal([]);
    expect([...(await plans(tenant)).keys()]).to.deep.equal([a.pk]);

    await setMonitoringSchedule(svc, admin, { schedule: 'off' });
    await scheduleMonitoring(svc);
    clock.advance(31 * DAY);
    await runDueMonitoring(svc);
    expect((await runsOf(tenant, [a.pk])).get(a.pk)).to.have.lengthOf(1);
    expect([...(await plans(tenant)).values()].map((p) => p.due)).to.deep.equal([null]);
  });
});
