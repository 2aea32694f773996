import { expect } from 'chai';
import { memberActor } from '../../src/access/index';
import { setMonitoringSchedule } from '../../src/monitoring/index';
import { SampleSources, approvedCase } from '../monitoring/support';
import { rejection } from '../support/rejection';
import { ConsoleHarness } from './harness';

const RUN = `mutation Run($caseId: ID!) { runMonitoring(caseId: $caseId) { runId source triggeredBy alertsGenerated checksRun { check status subjects error } } }`;
const CASE = `query M($caseId: ID!) { caseMonitoring(caseId: $caseId) { caseId monitored nextRunAt lastRunAt runs { runId } alerts { alertType severity factKey subjectRole subjectRef } } }`;
const SETTINGS = 'query { monitoringSettings { schedule } }';
const SET = 'mutation S($schedule: MonitoringSchedule!) { setMonitoringSchedule(schedule: $schedule) { schedule } }';

describe('graphql: monitoring (runMonitoring, caseMonitoring, monitoringSettings, setMonitoringSchedule)', function () {
  this.timeout(60_000);
  let h: ConsoleHarness;
  before(async () => {
    h = await ConsoleHarness.start();
    (await SampleSources.create()).use(h.svc);
  });
  after(() => h.close());

  it('an analyst runs monitoring on an approved case (triggeredBy their email) and reads its runs and alerts', async () => {
    const analyst = await h.signedIn('analyst');
    const c = await approvedCase(h.svc, analyst.member.tenant);
    const { runMonitoring } = await analyst.data<{ runMonitoring: Record<string, unknown> }>(RUN, { caseId: c.caseId });
    expect(runMonitoring).to.deep.include({ source: 'ad_hoc', triggeredBy: analyst.member.email, alertsGenerated: 6 });
    expect(runMonitoring.checksRun).to.deep.equal([
      { check: 'rescreening', status: 'ok', subjects: ['company', 'dir_0', 'ubo_0', 'ubo_1'], error: null },
      { check: 'registry_refresh', status: 'ok', subjects: ['company'], error: null },
      { check: 'adverse_media', status: 'ok', subjects: ['company', 'dir_0', 'ubo_0', 'ubo_1'], error: null },
    ]);
    const { caseMonitoring } = await analyst.data<{ caseMonitoring: { monitored: boolean; runs: unknown[]; alerts: Record<string, unknown>[]; lastRunAt: string } }>(CASE, { caseId: c.caseId });
    expect(caseMonitoring.monitored).to.equal(true);
    expect(caseMonitoring.runs).to.deep.equal([{ runId: runMonitoring.runId }]);
    expect(caseMonitoring.alerts.at(-1)).to.deep.equal({ alertType: 'sanctions_hit', severity: 'high', factKey: 'sanctions_hit:ubo_0:fict-p-001', subjectRole: 'UBO', subjectRef: 'ubo_0' });
  });

  it('refuses a case that is not approved (CONFLICT) and finds no case of another organisation (NOT_FOUND, null)', async () => {
    const analyst = await h.signedIn('analyst');
    const c = await approvedCase(h.svc, analyst.member.tenant);
    await h.svc.db.query("UPDATE cases SET status = 'declined' WHERE pk = ?", [c.pk]);
    expect(await analyst.error(RUN, { caseId: c.caseId })).to.deep.include({ code: 'CONFLICT', message: 'Only approved cases whose data is held are monitored.' });
    const other = await h.signedIn('analyst');
    expect(await other.error(RUN, { caseId: c.caseId })).to.deep.include({ code: 'NOT_FOUND' });
    expect(await other.data(CASE, { caseId: c.caseId })).to.deep.equal({ caseMonitoring: null });
  });

  it('the schedule: daily by default; a compliance admin sets it; an analyst may not (FORBIDDEN); an unknown value is refused (validation_failed)', async () => {
    const admin = await h.signedIn('compliance_admin');
    const analyst = await h.signedIn('analyst', admin.member.tenant);
    expect(await analyst.data(SETTINGS)).to.deep.equal({ monitoringSettings: { schedule: 'daily' } });
    expect(await analyst.error(SET, { schedule: 'weekly' })).to.deep.include({ code: 'FORBIDDEN' });
    expect(await admin.data(SET, { schedule: 'monthly' })).to.deep.equal({ setMonitoringSchedule: { schedule: 'monthly' } });
    expect(await analyst.data(SETTINGS)).to.deep.equal({ monitoringSettings: { schedule: 'monthly' } });
    // GraphQL's enum refuses other values before the resolver; the use case refuses them too (other doors).
    const adminActor = memberActor({ orgId: admin.member.tenant.id, id: admin.member.id, email: admin.member.email, role: 'compliance_admin' });
    expect(await rejection(setMonitoringSchedule(h.svc, adminActor, { schedule: 'hourly' }))).to.deep.include({
      code: 'validation_failed', message: 'schedule: must be one of off, daily, weekly, monthly',
    });
  });
});
