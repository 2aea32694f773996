import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'chai';
import { SERVICE_OPERATOR } from '../../src/access/index';
import { runMonitoringBatch, scheduleMonitoring } from '../../src/monitoring/index';
import type { Services } from '../../src/platform/index';
import { LocalScreeningProvider, requestWatchlistReload, watchlistReloadLog } from '../../src/screening/index';
import { ConsoleHarness } from '../graphql/harness';
import { drainJobs, runtime } from '../support/runtime';
import { approvedCase, monitoringEvents, NORTHGATE, SampleSources } from './support';

// After a list change, the monitored cases are rescreened against the changed entities only: a delta's
// ADD raises a sanctions alert on the case whose director it names, its MOD of a PEP changes that PEP's
// fact, a DEL clears the fact; a case untouched by the change gets no run and no event. Driven the worker's
// way: `svc watchlist:reload --delta`'s use case, the monitoring tick, then the jobs it queued.

const QUENTIN = {
  companyName: 'Ablewhite Freight Ltd', country: 'GB',
  directors: [{ name: 'Quentin Farnsworth-Ablewhite', dateOfBirth: '1970-01-02', nationality: 'GB' }], ubos: [],
};
/** Only the PEP UBO of Northgate: a party matching an entity the first delta leaves unchanged. */
const SMITHERTON = { companyName: 'Fictional Springs Consulting Ltd', country: 'US', directors: [], ubos: [{ name: 'Smitherton John', dateOfBirth: '1985-07-19', nationality: 'US' }] };

describe('monitoring: rescreening after a watchlist change (changed entities only)', function () {
  this.timeout(120_000);
  let h: ConsoleHarness;
  let svc: Services;
  let sources: SampleSources;
  before(async () => {
    sources = await SampleSources.create();
    h = await ConsoleHarness.start({ config: { watchlistPath: sources.watchlist } });
    svc = h.svc;
    sources.use(svc);
    svc.screening = new LocalScreeningProvider({ path: sources.watchlist, threshold: 0.7, reloads: watchlistReloadLog(svc.db, svc.clock) });
  });
  after(() => h.close());

  /** The worker's way: the tick task, then the jobs it queued (the watchlist change's rescreen). */
  const tickAndRunJobs = async (orgId: string) => {
    await svc.jobs.enqueue('monitoring.tick', {});
    await drainJobs(await runtime(), { orgId, svc });
  };
  const handled = async (reloadId: number) => {
    const [row]: Record<string, unknown>[] = await svc.db.query(
      'SELECT changed_entities, cases_rescreened, alerts_generated, handled_at IS NOT NULL AS handled FROM monitoring_watchlist_changes WHERE reload_id = ?', [reloadId],
    );
    return row;
  };
  const strip = (e: Record<string, unknown>) => ({ event: e.event, alertType: e.alertType, title: e.title, detail: e.detail, triggeredBy: e.triggeredBy, checksRun: e.checksRun });

  it('an added entity raises a hit on the monitored case it names and nothing on the others; a modified one changes its fact; a deleted one clears it', async () => {
    const tenant = await h.tenant();
    const quentin = await approvedCase(svc, tenant, QUENTIN as typeof NORTHGATE, null);
    const north = await approvedCase(svc, tenant);
    const smitherton = await approvedCase(svc, tenant, SMITHERTON as typeof NORTHGATE, null);
    // Monitored (enrolled by the tick) and each run once: what they have now is known.
    await scheduleMonitoring(svc);
    await runMonitoringBatch(svc, [quentin, north, smitherton].map((c) => ({ orgId: tenant.id, casePk: c.pk, source: 'scheduled', triggeredBy: 'scheduled' })));
    const count = async () => Object.fromEntries(await Promise.all(
      Object.entries({ quentin, north, smitherton }).map(async ([k, c]) => [k, (await monitoringEvents(svc, tenant.id, c.pk)).length] as const),
    ));
    const before = await count();
    expect(before.quentin).to.equal(1);

    // 1. ADD: a new sanctioned person, the director of one monitored case.
    const added = {
      id: 'fict-p-901', schema: 'Person', caption: 'Quentin Farnsworth-Ablewhite',
      properties: { name: ['Quentin Farnsworth-Ablewhite'], birthDate: ['1970-01-02'], nationality: ['gb'], topics: ['sanction'] }, datasets: ['sample_sanctions_uk'],
    };
    const delta1 = join(sources.dir, 'delta-1.json');
    await writeFile(delta1, `${JSON.stringify({ op: 'ADD', entity: added })}\n`);
    const first = await requestWatchlistReload(svc, SERVICE_OPERATOR, { deltaPath: delta1 });
    await tickAndRunJobs(tenant.id);
    // (The counts span every tenant of the database: other test files' monitored cases may be concerned too.)
    expect(await handled(first.reloadId)).to.deep.include({ changed_entities: 1, handled: 1 });
    const q1 = (await monitoringEvents(svc, tenant.id, quentin.pk)).slice(before.quentin);
    expect(q1.map(strip)).to.deep.equal([
      {
        event: 'monitoring.alert.created', alertType: 'sanctions_hit', title: 'Sanctions match on Director dir_0', triggeredBy: undefined, checksRun: undefined,
        detail: 'Watchlist entity fict-p-901 (Person, score 1) is listed on sample_sanctions_uk; topics: sanction.',
      },
      {
        event: 'monitoring.run.completed', alertType: undefined, title: undefined, detail: undefined, triggeredBy: 'scheduled',
        checksRun: [{ check: 'rescreening', status: 'ok', subjects: ['company', 'dir_0'] }],
      },
    ]);
    // The cases the change does not touch: no run, no event.
    expect(await count()).to.deep.equal({ ...before, quentin: before.quentin + 2 });
    // Handled once: the next tick hands nothing out again.
    await tickAndRunJobs(tenant.id);
    expect(await count()).to.deep.equal({ ...before, quentin: before.quentin + 2 });

    // 2. MOD of the PEP both Northgate and Smitherton's cases name (a new position), DEL of the added entity.
    const pep = (await readFile(sources.watchlist, 'utf8')).split('\n').map((l) => (l ? JSON.parse(l) : null)).find((e) => e?.id === 'fict-p-022');
    pep.properties.position = [...pep.properties.position, 'Governor of Fictional State'];
    const delta2 = join(sources.dir, 'delta-2.json');
    await writeFile(delta2, `${JSON.stringify({ op: 'MOD', entity: pep })}\n${JSON.stringify({ op: 'DEL', entity: { id: 'fict-p-901' } })}\n`);
    const second = await requestWatchlistReload(svc, SERVICE_OPERATOR, { deltaPath: delta2 });
    await tickAndRunJobs(tenant.id);
    expect(await handled(second.reloadId)).to.deep.include({ changed_entities: 2, handled: 1 });
    for (const c of [north, smitherton]) {
      const events = (await monitoringEvents(svc, tenant.id, c.pk)).slice(c === north ? before.north : before.smitherton);
      expect(events.map((e) => [e.event, e.alertType, e.title])).to.deep.equal([
        ['monitoring.alert.created', 'pep_change', `PEP status change on UBO ${c === north ? 'ubo_1' : 'ubo_0'}`],
        ['monitoring.run.completed', undefined, undefined],
      ]);
    }
    // The delisted entity: the case's fact is cleared by a run without an alert.
    const q2 = (await monitoringEvents(svc, tenant.id, quentin.pk)).slice(before.quentin + 2);
    expect(q2.map((e) => [e.event, e.alertsGenerated])).to.deep.equal([['monitoring.run.completed', 0]]);
    const [fact]: { present: number }[] = await svc.db.query(
      "SELECT present FROM monitoring_facts WHERE org_id = ? AND case_pk = ? AND fact_key = 'sanctions_hit:dir_0:fict-p-901'", [tenant.id, quentin.pk],
    );
    expect(fact).to.deep.equal({ present: 0 });
  });

  it('a new list file (a full reload) is compared with the one before: only the cases naming an entity that changed are rescreened', async () => {
    // Its own copy of the sample list (the first test's deltas apply to the other one).
    const own = await SampleSources.create();
    const provider = new LocalScreeningProvider({ path: own.watchlist, threshold: 0.7, reloads: watchlistReloadLog(svc.db, svc.clock) });
    const local: Services = { ...svc, config: { ...svc.config, watchlistPath: own.watchlist }, screening: provider };
    const tenant = await h.tenant();
    const bart = await approvedCase(local, tenant, {
      companyName: 'Quickfoot Logistics Ltd', country: 'GB', directors: [{ name: 'Bartholomew Quickfoot-Lane', dateOfBirth: '1968-04-30', nationality: 'GB' }], ubos: [],
    } as typeof NORTHGATE, null);
    const north = await approvedCase(local, tenant);
    await scheduleMonitoring(local);
    await runMonitoringBatch(local, [bart, north].map((c) => ({ orgId: tenant.id, casePk: c.pk, source: 'scheduled', triggeredBy: 'scheduled' })));
    const before = { bart: (await monitoringEvents(svc, tenant.id, bart.pk)).length, north: (await monitoringEvents(svc, tenant.id, north.pk)).length };

    const added = {
      id: 'fict-p-902', schema: 'Person', caption: 'Bartholomew Quickfoot-Lane',
      properties: { name: ['Bartholomew Quickfoot-Lane'], birthDate: ['1968-04-30'], nationality: ['gb'], topics: ['role.pep'], position: ['Harbour Master'] }, datasets: ['sample_peps'],
    };
    await writeFile(own.watchlist, `${await readFile(own.watchlist, 'utf8')}${JSON.stringify(added)}\n`);
    const reload = await requestWatchlistReload(local, SERVICE_OPERATOR, {});
    expect(reload.kind).to.equal('full');
    await svc.jobs.enqueue('monitoring.tick', {});
    await drainJobs(await runtime(), { orgId: tenant.id, svc: local });
    expect(await handled(reload.reloadId)).to.deep.include({ changed_entities: 1, handled: 1 });
    const events = (await monitoringEvents(svc, tenant.id, bart.pk)).slice(before.bart);
    expect(events.map((e) => [e.event, e.alertType, e.title])).to.deep.equal([
      ['monitoring.alert.created', 'pep_change', 'PEP status change on Director dir_0'],
      ['monitoring.run.completed', undefined, undefined],
    ]);
    expect((await monitoringEvents(svc, tenant.id, north.pk)).length).to.equal(before.north);
  });
});
