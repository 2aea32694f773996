import { appendFile, readFile } from 'node:fs/promises';
import { expect } from 'chai';
import { memberActor, type MemberActor } from '../../src/access/index';
import { getCaseMonitoring, LocalAdverseMediaSource, LocalCompanyRegistry, runMonitoring } from '../../src/monitoring/index';
import { BUNDLED_WATCHLIST, type Services } from '../../src/platform/index';
import { LocalScreeningProvider, screenCase } from '../../src/screening/index';
import type { Tenant } from '../../src/tenants/index';
import { caseEventsInFeed, feedToken } from '../graphql/case-support';
import { ConsoleHarness } from '../graphql/harness';
import { rejection } from '../support/rejection';
import { drainJobs, runtime } from '../support/runtime';
import { systemOf } from '../screening/support';
import { approvedCase, monitoringEvents, NORTHGATE, SampleSources } from './support';

// Ad hoc runs against the real databases and local copies of the bundled sample watchlist, registry and
// adverse media corpus: what each check finds, the alerts raised once per fact, and the events.

const analystOf = (tenant: Tenant): MemberActor =>
  memberActor({ orgId: tenant.id, id: '00000000-0000-4000-8000-00000000a017', email: 'monitoring.analyst@example.com', role: 'analyst' });

describe('monitoring: runs, checks and alerts', function () {
  this.timeout(60_000);
  let h: ConsoleHarness;
  let svc: Services;
  let sources: SampleSources;
  before(async () => {
    h = await ConsoleHarness.start();
    svc = h.svc;
    sources = await SampleSources.create();
    sources.use(svc);
  });
  after(() => h.close());

  it('raises one alert per new fact with the contract\'s fields, then monitoring.run.completed; every event valid and equal to its feed item', async () => {
    const tenant = await h.tenant();
    const c = await approvedCase(svc, tenant);
    const run = await runMonitoring(svc, analystOf(tenant), c.caseId);
    expect(run).to.deep.include({ source: 'ad_hoc', triggeredBy: 'monitoring.analyst@example.com', alertsGenerated: 6 });
    expect(run.checksRun).to.deep.equal([
      { check: 'rescreening', status: 'ok', subjects: ['company', 'dir_0', 'ubo_0', 'ubo_1'] },
      { check: 'registry_refresh', status: 'ok', subjects: ['company'] },
      { check: 'adverse_media', status: 'ok', subjects: ['company', 'dir_0', 'ubo_0', 'ubo_1'] },
    ]);

    await drainJobs(await runtime(), { orgId: tenant.id });
    const events = await caseEventsInFeed(h, tenant, c.caseId, await feedToken(h, tenant));
    const monitoring = events.filter((e) => e.type.startsWith('monitoring.') && !e.type.startsWith('monitoring.review.')).map((e) => e.payload);
    expect(monitoring.map((e) => e.event)).to.deep.equal([...Array(6).fill('monitoring.alert.created'), 'monitoring.run.completed']);
    const envelope = { eventVersion: 1, orgId: tenant.id, caseId: c.caseId, runId: run.runId };
    const strip = ({ eventId: _i, timestamp: _t, caseSequence: _s, crmRecordId: _c, ...rest }: Record<string, unknown>) => rest;
    expect(monitoring.slice(0, 6).map(strip)).to.deep.equal([
      {
        ...envelope, event: 'monitoring.alert.created', companyName: 'Northgate Shipping Ltd', alertType: 'sanctions_hit', severity: 'high',
        title: 'Sanctions match on UBO ubo_0',
        detail: 'Watchlist entity fict-p-001 (Person, score 1) is listed on sample_sanctions_eu, sample_sanctions_uk; topics: sanction.',
      },
      {
        ...envelope, event: 'monitoring.alert.created', companyName: 'Northgate Shipping Ltd', alertType: 'pep_change', severity: 'medium',
        title: 'PEP status change on UBO ubo_1', detail: 'Watchlist entity fict-p-022 (score 1) is a politically exposed person: 1 position(s) held; topics: role.pep.',
      },
      {
        ...envelope, event: 'monitoring.alert.created', companyName: 'Northgate Shipping Ltd', alertType: 'structure_change', severity: 'high',
        title: 'Registry structure differs from the case\'s parties',
        detail: 'The registry (active) lists 1 officer(s) not among the case\'s directors and 1 owner(s) not among its UBOs (1 of them corporate); '
          + '0 director(s) and 2 UBO(s) of the case are not on the register.',
      },
      ...[['company', 'Company', 'am-fict-0001', 'The Fictional Ledger, 2026-03-02', 'fraud, regulatory_action'], ['dir_0', 'Director', 'am-fict-0001', 'The Fictional Ledger, 2026-03-02', 'fraud, regulatory_action'], ['ubo_0', 'UBO', 'am-fict-0002', 'Daily Fiction, 2025-11-20', 'sanctions_evasion']]
        .map(([ref, role, id, where, topics]) => ({
          ...envelope, event: 'monitoring.alert.created', companyName: 'Northgate Shipping Ltd', alertType: 'adverse_media', severity: 'high',
          title: `Adverse media on ${role} ${ref}`, detail: `Article ${id} (${where}); topics: ${topics}.`,
        })),
    ]);
    expect(strip(monitoring[6]!)).to.deep.equal({
      ...envelope, event: 'monitoring.run.completed', triggeredBy: 'monitoring.analyst@example.com', alertsGenerated: 6, checksRun: run.checksRun,
    });
    // No party's name in any monitoring event (subjectRef and role only).
    for (const e of monitoring) expect(JSON.stringify(e)).not.to.match(/Zhelezny|Halvorsen|Smitherton/);

    const view = (await getCaseMonitoring(svc, analystOf(tenant), c.caseId))!;
    expect(view.monitored).to.equal(true);
    expect(view.runs.map((r) => r.runId)).to.deep.equal([run.runId]);
    expect(view.alerts.map((a) => [a.factKey, a.subjectRole, a.subjectRef]).reverse()).to.deep.equal([
      ['sanctions_hit:ubo_0:fict-p-001', 'UBO', 'ubo_0'], ['pep_change:ubo_1:fict-p-022', 'UBO', 'ubo_1'], ['structure_change:company', 'Company', 'company'],
      ['adverse_media:company:am-fict-0001', 'Company', 'company'], ['adverse_media:dir_0:am-fict-0001', 'Director', 'dir_0'],
      ['adverse_media:ubo_0:am-fict-0002', 'UBO', 'ubo_0'],
    ]);
  });

  it('never alerts twice for the same fact: a second run raises nothing and still records its run', async () => {
    const tenant = await h.tenant();
    const c = await approvedCase(svc, tenant);
    await runMonitoring(svc, analystOf(tenant), c.caseId);
    const again = await runMonitoring(svc, analystOf(tenant), c.caseId);
    expect(again.alertsGenerated).to.equal(0);
    const events = await monitoringEvents(svc, tenant.id, c.pk);
    expect(events.filter((e) => e.event === 'monitoring.alert.created')).to.have.lengthOf(6);
    expect(events.filter((e) => e.event === 'monitoring.run.completed').map((e) => e.alertsGenerated)).to.deep.equal([6, 0]);
  });

  it('knows the listings onboarding screening found: no sanctions or PEP alert for them, only for what is new since', async () => {
    const tenant = await h.tenant();
    const c = await approvedCase(svc, tenant);
    await screenCase(svc, systemOf(tenant.id), { orgId: tenant.id, casePk: c.pk });
    const run = await runMonitoring(svc, analystOf(tenant), c.caseId);
    expect(run.alertsGenerated).to.equal(4);
    const alerts = (await getCaseMonitoring(svc, analystOf(tenant), c.caseId))!.alerts.map((a) => a.alertType);
    expect(alerts).to.not.include.members(['sanctions_hit', 'pep_change']);
  });

  it('raises a repeat of the same fact when its content changes, and when it had gone and comes back; nothing while it is gone', async () => {
    const tenant = await h.tenant();
    const c = await approvedCase(svc, tenant);
    await runMonitoring(svc, analystOf(tenant), c.caseId);
    try {
      // The UN lists the same person too: same fact (factKey), new fingerprint.
      await sources.editWatchlist((e) => (e.id === 'fict-p-001' ? { ...e, datasets: [...(e.datasets as string[]), 'sample_sanctions_un'] } : e));
      sources.use(svc);
      const changed = await runMonitoring(svc, analystOf(tenant), c.caseId);
      expect(changed.alertsGenerated).to.equal(1);
      let alerts = (await getCaseMonitoring(svc, analystOf(tenant), c.caseId))!.alerts;
      expect(alerts[0]).to.deep.include({ factKey: 'sanctions_hit:ubo_0:fict-p-001', alertType: 'sanctions_hit', runId: changed.runId });
      expect(alerts[0]!.detail).to.include('sample_sanctions_un');

      // Delisted: gone, no alert.
      await sources.editWatchlist((e) => (e.id === 'fict-p-001' ? null : e));
      sources.use(svc);
      expect((await runMonitoring(svc, analystOf(tenant), c.caseId)).alertsGenerated).to.equal(0);
      const [fact]: { present: number }[] = await svc.db.query(
        "SELECT present FROM monitoring_facts WHERE org_id = ? AND case_pk = ? AND fact_key = 'sanctions_hit:ubo_0:fict-p-001'", [tenant.id, c.pk],
      );
      expect(Number(fact!.present)).to.equal(0);

      // Listed again with the same content it had: it came back, a repeat.
      await restoreWatchlistEntity(sources, { datasets: ['sample_sanctions_eu', 'sample_sanctions_uk', 'sample_sanctions_un'] });
      sources.use(svc);
      const back = await runMonitoring(svc, analystOf(tenant), c.caseId);
      expect(back.alertsGenerated).to.equal(1);
      alerts = (await getCaseMonitoring(svc, analystOf(tenant), c.caseId))!.alerts;
      expect(alerts[0]).to.deep.include({ factKey: 'sanctions_hit:ubo_0:fict-p-001', runId: back.runId });
      expect(alerts.filter((a) => a.factKey === 'sanctions_hit:ubo_0:fict-p-001')).to.have.lengthOf(3);
    } finally {
      await SampleSources.create().then((fresh) => {
        sources = fresh;
        sources.use(svc);
      });
    }
  });

  it('reports each check\'s status: skipped without a registration number, not_found, and error with its reason, leaving the facts of a failed check alone', async () => {
    const tenant = await h.tenant();
    const skipped = await approvedCase(svc, tenant, NORTHGATE, null);
    const noRegistry = await runMonitoring(svc, analystOf(tenant), skipped.caseId);
    expect(noRegistry.checksRun[1]).to.deep.equal({ check: 'registry_refresh', status: 'skipped', subjects: [] });

    const unknown = await approvedCase(svc, tenant, NORTHGATE, '99999999');
    expect((await runMonitoring(svc, analystOf(tenant), unknown.caseId)).checksRun[1]).to.deep.equal({ check: 'registry_refresh', status: 'not_found', subjects: ['company'] });

    const c = await approvedCase(svc, tenant);
    expect((await runMonitoring(svc, analystOf(tenant), c.caseId)).alertsGenerated).to.equal(6);
    const saved = { registry: svc.registry, adverseMedia: svc.adverseMedia, screening: svc.screening };
    try {
      svc.registry = new LocalCompanyRegistry(`${sources.dir}/missing-registry.jsonl`);
      svc.adverseMedia = new LocalAdverseMediaSource(`${sources.dir}/missing-media.jsonl`);
      svc.screening = new LocalScreeningProvider({ path: `${sources.dir}/missing-watchlist.jsonl`, threshold: 0.7 });
      const failed = await runMonitoring(svc, analystOf(tenant), c.caseId);
      expect(failed.alertsGenerated).to.equal(0);
      expect(failed.checksRun).to.deep.equal([
        { check: 'rescreening', status: 'error', subjects: ['company', 'dir_0', 'ubo_0', 'ubo_1'], error: `The watchlist ${sources.dir}/missing-watchlist.jsonl cannot be read (WATCHLIST_PATH): ENOENT` },
        { check: 'registry_refresh', status: 'error', subjects: ['company'], error: 'The registry (REGISTRY_PATH) file cannot be read: ENOENT' },
        { check: 'adverse_media', status: 'error', subjects: ['company', 'dir_0', 'ubo_0', 'ubo_1'], error: 'The adverse media corpus (ADVERSE_MEDIA_PATH) file cannot be read: ENOENT' },
      ]);
      const [completed] = (await monitoringEvents(svc, tenant.id, c.pk)).slice(-1);
      expect(completed).to.deep.include({ event: 'monitoring.run.completed', alertsGenerated: 0, checksRun: failed.checksRun });
    } finally {
      Object.assign(svc, saved);
    }
    // The failed checks settled nothing: every fact is still present, so the next run raises nothing.
    expect((await runMonitoring(svc, analystOf(tenant), c.caseId)).alertsGenerated).to.equal(0);
  });

  it('runs only approved cases whose data is held; another tenant\'s case is not found; a member below analyst or a token cannot run it', async () => {
    const tenant = await h.tenant();
    const c = await approvedCase(svc, tenant);
    const actor = analystOf(tenant);
    await svc.db.query("UPDATE cases SET status = 'in_review' WHERE pk = ?", [c.pk]);
    expect(await rejection(runMonitoring(svc, actor, c.caseId))).to.deep.include({ code: 'invalid_transition', message: 'Only approved cases whose data is held are monitored.' });
    await svc.db.query("UPDATE cases SET status = 'approved', purged_at = NOW(3) WHERE pk = ?", [c.pk]);
    expect(await rejection(runMonitoring(svc, actor, c.caseId))).to.deep.include({ code: 'invalid_transition' });
    expect((await getCaseMonitoring(svc, actor, c.caseId))!.monitored).to.equal(false);

    const other = await h.tenant();
    const theirs = await approvedCase(svc, other);
    expect(await rejection(runMonitoring(svc, actor, theirs.caseId))).to.deep.include({ code: 'not_found' });
    expect(await getCaseMonitoring(svc, actor, theirs.caseId)).to.equal(null);
    const token = { kind: 'api_client' as const, orgId: other.id, clientId: 'c1', scopes: ['read:cases' as const], tokenId: 't1', mode: 'live' as const };
    expect(await rejection(runMonitoring(svc, token, theirs.caseId))).to.have.property('code').that.is.oneOf(['insufficient_scope', 'forbidden']);
    expect(await monitoringEvents(svc, other.id, theirs.pk)).to.deep.equal([]);
  });
});

/** Puts fict-p-001 back in the watchlist copy (it was delisted), with the given datasets. */
async function restoreWatchlistEntity(sources: SampleSources, fields: { datasets: string[] }): Promise<void> {
  const line = (await readFile(BUNDLED_WATCHLIST, 'utf8')).split('\n').find((l) => l.includes('"id":"fict-p-001"'))!;
  await appendFile(sources.watchlist, JSON.stringify({ ...JSON.parse(line), ...fields }) + '\n');
}
