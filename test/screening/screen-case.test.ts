import { expect } from 'chai';
import type { ValidateFunction } from 'ajv/dist/2020';
import { operatorActor } from '../../src/access/index';
import { getCase } from '../../src/decisions/index';
import type { StepGuard } from '../../src/step-guard';
import type { Services } from '../../src/platform/index';
import { saveApplication } from '../../src/portal/index';
import { dispositionScreeningHit, listScreeningHits, screenCase } from '../../src/screening/index';
import type { Tenant } from '../../src/tenants/index';
import { compileEventSchemas } from '../events/support';
import { newTenant, runtime } from '../support/runtime';
import { caseEvents, caseWithApplication, stable, systemOf } from './support';

// screenCase against the real database and the bundled fictional sample watchlist (the default WATCHLIST_PATH).

describe('screening: screenCase (the company, directors and UBOs of the submitted application)', function () {
  this.timeout(60_000);
  let svc: Services;
  let tenant: Tenant;
  let schemas: Map<string, ValidateFunction>;
  before(async () => {
    const rt = await runtime();
    svc = rt.svc;
    tenant = await newTenant(rt);
    schemas = compileEventSchemas();
  });

  const application = {
    companyName: 'Zhelezny Metallurgical Holdings', country: 'RU',
    directors: [
      { name: 'Виктор Железный', dateOfBirth: '1961-03-14', nationality: 'RU' },
      { name: 'Grace Hopper', dateOfBirth: '1966-12-09', nationality: 'US' },
    ],
    ubos: [
      { name: 'Smitherton John', dateOfBirth: '1985-07-19', nationality: 'US' },
      { name: 'Viktor Zhelezny', dateOfBirth: '1961-03-14', nationality: 'RU' },
    ],
  };

  it('persists each hit once, records screening.hit.detected per new hit with the contract\'s fields, one screening.completed, and the totals', async () => {
    const c = await caseWithApplication(svc, tenant, application);
    const [created] = await caseEvents(svc, schemas, tenant.id, c.pk);
    const result = await screenCase(svc, systemOf(tenant.id), c.ref);
    expect(result).to.deep.include({ done: true, screened: 5 });
    expect(result.newHits).to.deep.equal(['fict-c-001', 'fict-p-001', 'fict-p-022']);

    const events = (await caseEvents(svc, schemas, tenant.id, c.pk)).slice(1);
    expect(events.map((e) => e.event)).to.deep.equal(['screening.hit.detected', 'screening.hit.detected', 'screening.hit.detected', 'screening.completed']);
    const envelope = { eventVersion: 1, orgId: tenant.id, caseId: c.caseId, crmRecordId: created!.crmRecordId, crmSource: 'hubspot' };
    expect(stable(events[0]!)).to.deep.equal({
      ...envelope, event: 'screening.hit.detected', caseSequence: 2, hitId: 'fict-c-001', subjectId: 'company', subjectName: 'Zhelezny Metallurgical Holdings',
      subjectRole: 'company', caption: 'Zhelezny Metallurgical Holdings LLC', schema: 'Company', score: 1, topics: ['sanction'], position: [], nationality: [],
      isPep: false, isSanctioned: true, source: 'screening',
    });
    expect(stable(events[1]!)).to.deep.equal({
      ...envelope, event: 'screening.hit.detected', caseSequence: 3, hitId: 'fict-p-001', subjectId: 'director:0', subjectName: 'Виктор Железный',
      subjectRole: 'director', caption: 'Viktor Aleksandrovich Zhelezny', schema: 'Person', score: 1, topics: ['sanction'],
      position: ['Chairman of Zhelezny Metallurgical Holdings'], nationality: ['ru'], isPep: false, isSanctioned: true, source: 'screening',
    });
    expect(stable(events[2]!)).to.deep.equal({
      ...envelope, event: 'screening.hit.detected', caseSequence: 4, hitId: 'fict-p-022', subjectId: 'ubo:0', subjectName: 'Smitherton John',
      subjectRole: 'ubo', caption: 'John Smitherton', schema: 'Person', score: 1, topics: ['role.pep'], position: ['Mayor of Fictional Springs'],
      nationality: ['us'], isPep: true, isSanctioned: false, source: 'screening',
    });
    // screening.completed carries no crmSource (contract): its envelope is the case's plain one.
    const { crmSource: _crm, ...plain } = envelope;
    expect(stable(events[3]!)).to.deep.equal({
      ...plain, event: 'screening.completed', caseSequence: 5, screened: 5, watchlistVersion: await svc.screening.listVersion(),
      summary: [
        { name: 'Zhelezny Metallurgical Holdings', role: 'company', status: 'sanctioned' },
        { name: 'Виктор Железный', role: 'director', status: 'sanctioned' },
        { name: 'Grace Hopper', role: 'director', status: 'clear' },
        { name: 'Smitherton John', role: 'ubo', status: 'pep' },
        { name: 'Viktor Zhelezny', role: 'ubo', status: 'sanctioned' },
      ],
    });
    expect(events[3]!.timestamp).to.match(/^\d{4}-\d{2}-\d{2}T/);

    const operator = operatorActor(tenant.id);
    const hits = (await listScreeningHits(svc, operator, c.caseId, {})).data;
    expect(hits.map((h) => [h.hitId, h.subjectId, h.source, h.triage])).to.deep.equal([
      ['fict-p-022', 'ubo:0', 'screening', null], ['fict-p-001', 'director:0', 'screening', null], ['fict-c-001', 'company', 'screening', null],
    ]);
    const stored = (await svc.db.query(
      `SELECT hit_id, subject_birth_date, subject_nationality, subject_country, birth_dates, countries, datasets FROM screening_hits WHERE org_id = ? AND case_pk = ? ORDER BY id`,
      [tenant.id, c.pk],
    )) as Record<string, unknown>[];
    const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
    const parsed = stored.map((r) => ({ ...r, birth_dates: json(r.birth_dates), countries: json(r.countries), datasets: json(r.datasets) }));
    expect(parsed).to.deep.equal([
      { hit_id: 'fict-c-001', subject_birth_date: null, subject_nationality: null, subject_country: 'RU', birth_dates: [], countries: ['ru'], datasets: ['sample_sanctions_eu'] },
      {
        hit_id: 'fict-p-001', subject_birth_date: '1961-03-14', subject_nationality: 'RU', subject_country: null, birth_dates: ['1961-03-14'], countries: [],
        datasets: ['sample_sanctions_eu', 'sample_sanctions_uk'],
      },
      { hit_id: 'fict-p-022', subject_birth_date: '1985-07-19', subject_nationality: 'US', subject_country: null, birth_dates: ['1985-07-19'], countries: [], datasets: ['sample_peps'] },
    ]);
    expect((await getCase(svc, operator, c.caseId)).screeningSummary).to.deep.equal({ totalHits: 3, sanctionedHits: 2, pepHits: 1 });
  });

  it('a rerun finds no new hit: no screening.hit.detected, one more screening.completed, the totals unchanged; a new party\'s hit is new', async () => {
    const c = await caseWithApplication(svc, tenant, application);
    await screenCase(svc, systemOf(tenant.id), c.ref);
    const before = await caseEvents(svc, schemas, tenant.id, c.pk);
    const again = await screenCase(svc, systemOf(tenant.id), c.ref);
    expect(again).to.deep.include({ done: true, screened: 5, newHits: [] });
    const after = await caseEvents(svc, schemas, tenant.id, c.pk);
    expect(after.slice(before.length).map((e) => e.event)).to.deep.equal(['screening.completed']);
    const operator = operatorActor(tenant.id);
    expect((await listScreeningHits(svc, operator, c.caseId, {})).data).to.have.length(3);
    expect((await getCase(svc, operator, c.caseId)).screeningSummary).to.deep.equal({ totalHits: 3, sanctionedHits: 2, pepHits: 1 });

    // A hit the analyst set aside stays out of the totals on a rerun.
    await dispositionScreeningHit(svc, operator, c.caseId, { hitId: 'fict-p-022', disposition: 'false_positive' });
    await screenCase(svc, systemOf(tenant.id), c.ref);
    expect((await getCase(svc, operator, c.caseId)).screeningSummary).to.deep.equal({ totalHits: 2, sanctionedHits: 2, pepHits: 0 });

    // The customer adds a director who is on the list: exactly that hit is new.
    await saveApplication(svc, c.customer, {
      application: { ownership: { directors: [...application.directors, { name: 'Margarethe Vollenweider Osei', nationality: 'CH', roles: ['director'] }] } },
    });
    const third = await screenCase(svc, systemOf(tenant.id), c.ref);
    expect(third.newHits).to.deep.equal(['fict-p-011']);
    const latest = (await caseEvents(svc, schemas, tenant.id, c.pk)).slice(after.length + 1);
    expect(latest.map((e) => [e.event, e.hitId])).to.deep.equal([['screening.hit.detected', 'fict-p-011'], ['screening.completed', undefined]]);
    expect((await getCase(svc, operator, c.caseId)).screeningSummary).to.deep.equal({ totalHits: 3, sanctionedHits: 2, pepHits: 1 });
  });

  it('a case with no party on the list is screened clear', async () => {
    const c = await caseWithApplication(svc, tenant, {
      companyName: 'Globex Trading Ltd', directors: [{ name: 'Grace Hopper', dateOfBirth: '1966-12-09', nationality: 'US' }], ubos: [],
    });
    expect(await screenCase(svc, systemOf(tenant.id), c.ref)).to.deep.equal({
      done: true, screened: 2, newHits: [], cleared: 0, watchlistVersion: await svc.screening.listVersion(),
      summary: [{ name: 'Globex Trading Ltd', role: 'company', status: 'clear' }, { name: 'Grace Hopper', role: 'director', status: 'clear' }],
    });
    const events = await caseEvents(svc, schemas, tenant.id, c.pk);
    expect(events.map((e) => e.event)).to.deep.equal(['case.created', 'screening.completed']);
    expect((await getCase(svc, operatorActor(tenant.id), c.caseId)).screeningSummary).to.deep.equal({ totalHits: 0, sanctionedHits: 0, pepHits: 0 });
  });

  it('with a guard: writes nothing when the step was already claimed, and calls done in the same transaction when it runs', async () => {
    // A tenant of its own: the rerun test above cleared one of these parties' hits for its tenant (a cleared hit stays cleared on the next case).
    const tenant = await newTenant(await runtime());
    const c = await caseWithApplication(svc, tenant, application);
    const refused: StepGuard = { claim: async () => false, done: async () => expect.fail('done after a refused claim') };
    expect(await screenCase(svc, systemOf(tenant.id), c.ref, refused)).to.deep.equal({
      done: false, screened: 0, summary: [], newHits: [], cleared: 0, watchlistVersion: await svc.screening.listVersion(),
    });
    expect((await caseEvents(svc, schemas, tenant.id, c.pk)).map((e) => e.event)).to.deep.equal(['case.created']);
    expect((await listScreeningHits(svc, operatorActor(tenant.id), c.caseId, {})).data).to.deep.equal([]);

    let doneSaw: number | null = null;
    const guard: StepGuard = {
      claim: async () => true,
      done: async (tx) => {
        // Inside the step's transaction: its hits are visible there.
        const [row] = (await tx.manager.query('SELECT COUNT(*) AS n FROM screening_hits WHERE org_id = ? AND case_pk = ?', [tenant.id, c.pk])) as { n: number }[];
        doneSaw = Number(row!.n);
      },
    };
    expect((await screenCase(svc, systemOf(tenant.id), c.ref, guard)).done).to.equal(true);
    expect(doneSaw).to.equal(3);
  });

  it('another tenant\'s actor, or a case that does not exist, gets not_found; an API client may not run it', async () => {
    const c = await caseWithApplication(svc, tenant, application);
    const other = await newTenant(await runtime());
    const refusal = (p: Promise<unknown>) => p.then(() => null, (e: { code?: string }) => e.code);
    expect(await refusal(screenCase(svc, systemOf(other.id), c.ref))).to.equal('not_found');
    expect(await refusal(screenCase(svc, systemOf(other.id), { orgId: other.id, casePk: c.pk }))).to.equal('not_found');
    const client = { kind: 'api_client' as const, orgId: tenant.id, clientId: 'c', scopes: ['read:screening' as const], tokenId: 't', mode: 'live' as const };
    expect(await refusal(screenCase(svc, client, c.ref))).to.equal('forbidden');
    expect((await caseEvents(svc, schemas, tenant.id, c.pk)).map((e) => e.event)).to.deep.equal(['case.created']);
  });
});
