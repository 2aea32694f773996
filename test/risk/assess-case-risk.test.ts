import { expect } from 'chai';
import type { Runtime } from '../../bin/compose';
import {
  assessCaseRisk, DEFAULT_RISK_MODEL, getRiskModel, recomputeRisk, updateRiskModel, type RiskModelDefinition,
} from '../../src/risk/index';
import { listAuditLog } from '../../src/audit/index';
import { seedDocument, seedHit } from '../rest/factories';
import { rejection } from '../support/rejection';
import { newTenant, runtime } from '../support/runtime';
import { caseEvents, memberOf, newApplicationCase, newEvents, system, testGuard } from './support';
import { own } from '../support/event-payloads';

describe('risk engine: assessCaseRisk, recomputeRisk and the risk model', function () {
  this.timeout(60_000);
  let rt: Runtime;
  before(async () => {
    rt = await runtime();
  });

  it('assesses a case: the assessment with its breakdown, the case\'s band and score, and risk.assessed (assessedBy system, configId the stored v1)', async () => {
    const tenant = await newTenant(rt);
    const c = await newApplicationCase(rt.svc, tenant, { profile: { country: 'AE', industrySector: 'Casino' } });
    await seedHit(rt.svc, tenant.id, c.pk, { hitId: 'pep-1', isPep: true });
    await seedDocument(rt.svc, tenant.id, c.pk, { status: 'error' });
    const before = (await caseEvents(rt.svc, tenant.id, c.pk)).length;

    const view = (await assessCaseRisk(rt.svc, system(tenant), { orgId: tenant.id, casePk: c.pk }))!;
    const model = await getRiskModel(rt.svc, memberOf(tenant, 'analyst'));
    expect(model).to.include({ version: 1, createdBy: 'system' });
    expect(model.definition).to.deep.equal(DEFAULT_RISK_MODEL);
    // 12.5 (AE medium) + 15 (casino high) + 10 (untriaged PEP 40 x 25%) + 5 (a document in error)
    expect(view).to.include({ configId: model.configId, compositeScore: 42.5, band: 'medium', bandLabel: 'Medium risk', assessedBy: 'system' });
    expect(view.factors.map((f) => f.points)).to.deep.equal([12.5, 15, 0, 0, 10, 0, 5]);

    const [row] = await rt.svc.db.query('SELECT risk_score, risk_band FROM cases WHERE pk = ?', [c.pk]);
    expect({ score: Number(row.risk_score), band: row.risk_band }).to.deep.equal({ score: 42.5, band: 'medium' });
    const [stored] = await rt.svc.db.query('SELECT config_id, band_label, factors FROM risk_assessments WHERE org_id = ? AND id = ?', [tenant.id, view.assessmentId]);
    expect(Number(stored.config_id)).to.equal(model.configId);
    expect(typeof stored.factors === 'string' ? JSON.parse(stored.factors) : stored.factors).to.deep.equal(view.factors);

    const events = await newEvents(rt.svc, tenant.id, c.pk, before);
    expect(events.map((e) => e.type)).to.deep.equal(['risk.assessed']);
    expect(own(events[0]!.payload)).to.deep.equal({
      assessmentId: view.assessmentId, configId: model.configId, compositeScore: 42.5, bandId: 'medium', bandLabel: 'Medium risk', assessedBy: 'system',
      assessedAt: view.assessedAt,
    });
  });

  it('a prohibited country forces the band prohibited on the case and in risk.assessed', async () => {
    const tenant = await newTenant(rt);
    const c = await newApplicationCase(rt.svc, tenant, { ubos: [{ name: 'Offshore Owner', ownershipPercent: 100, nationality: 'IR' }] });
    const view = (await assessCaseRisk(rt.svc, system(tenant), { orgId: tenant.id, casePk: c.pk }))!;
    expect(view).to.include({ band: 'prohibited', bandLabel: 'Prohibited' });
    const events = await caseEvents(rt.svc, tenant.id, c.pk);
    // risk.assessed, then the EDD requirements the policy asks for at that band (src/edd).
    expect(events.find((e) => e.type === 'risk.assessed')!.payload).to.include({ bandId: 'prohibited' });
  });

  it('bands at the thresholds, through the tenant\'s own model', async () => {
    const tenant = await newTenant(rt);
    const admin = memberOf(tenant, 'compliance_admin');
    const weights = { country: 60, industry: 40, entityType: 0, ownership: 0, screening: 0, international: 0, documents: 0 };
    const model: RiskModelDefinition = { ...DEFAULT_RISK_MODEL, weights, countries: { FR: 'medium', DE: 'high' }, bands: { medium: 30, high: 60, prohibited: null } };
    await updateRiskModel(rt.svc, admin, model);
    const scoreOf = async (country: string) => {
      const c = await newApplicationCase(rt.svc, tenant, { profile: { country } });
      const v = (await assessCaseRisk(rt.svc, system(tenant), { orgId: tenant.id, casePk: c.pk }))!;
      return [v.compositeScore, v.band];
    };
    expect(await scoreOf('GB')).to.deep.equal([0, 'low']);
    expect(await scoreOf('FR'), '30 is exactly the medium threshold').to.deep.equal([30, 'medium']);
    expect(await scoreOf('DE'), '60 is exactly the high threshold').to.deep.equal([60, 'high']);
    await updateRiskModel(rt.svc, admin, { ...model, bands: { medium: 30.01, high: 60.01, prohibited: null } });
    expect(await scoreOf('FR'), 'just below medium').to.deep.equal([30, 'low']);
    expect(await scoreOf('DE'), 'just below high').to.deep.equal([60, 'medium']);
  });

  it('with a guard that says the step is done nothing is written; a claimed guard is marked done', async () => {
    const tenant = await newTenant(rt);
    const c = await newApplicationCase(rt.svc, tenant);
    const before = (await caseEvents(rt.svc, tenant.id, c.pk)).length;
    const done = testGuard(false);
    expect(await assessCaseRisk(rt.svc, system(tenant), { orgId: tenant.id, casePk: c.pk }, done)).to.equal(null);
    expect(done).to.include({ claims: 1, dones: 0 });
    expect(await rt.svc.db.query('SELECT id FROM risk_assessments WHERE org_id = ?', [tenant.id])).to.have.lengthOf(0);
    expect(await newEvents(rt.svc, tenant.id, c.pk, before)).to.have.lengthOf(0);
    const fresh = testGuard(true);
    expect(await assessCaseRisk(rt.svc, system(tenant), { orgId: tenant.id, casePk: c.pk }, fresh)).to.include({ band: 'low' });
    expect(fresh).to.include({ claims: 1, dones: 1 });
  });

  it('only the system runs the step; another tenant\'s case is not found', async () => {
    const tenant = await newTenant(rt);
    const other = await newTenant(rt);
    const c = await newApplicationCase(rt.svc, tenant);
    expect((await rejection(assessCaseRisk(rt.svc, memberOf(tenant, 'admin'), { orgId: tenant.id, casePk: c.pk }))).code).to.equal('forbidden');
    expect((await rejection(assessCaseRisk(rt.svc, system(other), { orgId: other.id, casePk: c.pk }))).code).to.equal('not_found');
    expect((await rejection(assessCaseRisk(rt.svc, system(other), { orgId: tenant.id, casePk: c.pk }))).code).to.equal('not_found');
  });

  it('recomputeRisk: an analyst re-scores under the current model; risk.assessed names them', async () => {
    const tenant = await newTenant(rt);
    const c = await newApplicationCase(rt.svc, tenant, { profile: { country: 'AE' } });
    await assessCaseRisk(rt.svc, system(tenant), { orgId: tenant.id, casePk: c.pk });
    const v2 = await updateRiskModel(rt.svc, memberOf(tenant, 'admin'), { ...DEFAULT_RISK_MODEL, countries: { AE: 'high' } });
    const view = await recomputeRisk(rt.svc, memberOf(tenant, 'analyst', 'ana@example.com'), { caseId: c.caseId });
    expect(view).to.include({ caseId: c.caseId, riskBand: 'low', riskScore: 25 });
    const last = (await caseEvents(rt.svc, tenant.id, c.pk)).at(-1)!.payload;
    expect(last).to.include({ event: 'risk.assessed', configId: v2.configId, compositeScore: 25, bandId: 'low', assessedBy: 'ana@example.com' });
    expect((await rejection(recomputeRisk(rt.svc, memberOf(tenant, 'analyst'), { caseId: 'CS-2020-99999' }))).code).to.equal('not_found');
  });

  it('editing the model: compliance_admin or admin only, each edit a new version with an audit line', async () => {
    const tenant = await newTenant(rt);
    const refused = await rejection(updateRiskModel(rt.svc, memberOf(tenant, 'analyst'), DEFAULT_RISK_MODEL));
    expect(refused.code).to.equal('forbidden');
    expect((await rejection(updateRiskModel(rt.svc, memberOf(tenant, 'mlro'), DEFAULT_RISK_MODEL))).code).to.equal('forbidden');
    const admin = memberOf(tenant, 'compliance_admin', 'ca@example.com');
    const v1 = await getRiskModel(rt.svc, admin);
    const v2 = await updateRiskModel(rt.svc, admin, { ...DEFAULT_RISK_MODEL, countries: { ...DEFAULT_RISK_MODEL.countries, gb: 'medium' } });
    expect(v2).to.include({ version: 2, createdBy: 'ca@example.com' });
    expect(v2.configId).to.not.equal(v1.configId);
    expect(v2.definition.countries.GB, 'codes upper-cased').to.equal('medium');
    expect((await getRiskModel(rt.svc, admin)).configId).to.equal(v2.configId);
    const v3 = await updateRiskModel(rt.svc, memberOf(tenant, 'admin'), DEFAULT_RISK_MODEL);
    expect(v3.version).to.equal(3);
    const log = await listAuditLog(rt.svc, admin, { limit: 10 });
    const lines = log.data.filter((e) => e.action === 'risk_model.updated');
    expect(lines.map((e) => [e.actor, e.details])).to.deep.equal([
      ['admin@example.com', { configId: v3.configId, version: 3, previousConfigId: v2.configId, previousVersion: 2 }],
      ['ca@example.com', { configId: v2.configId, version: 2, previousConfigId: v1.configId, previousVersion: 1 }],
    ]);
  });

  it('an invalid model is refused with every problem\'s path, and nothing is stored', async () => {
    const tenant = await newTenant(rt);
    const admin = memberOf(tenant, 'compliance_admin');
    const bad = {
      ...DEFAULT_RISK_MODEL,
      weights: { ...DEFAULT_RISK_MODEL.weights, country: 30 },
      countries: { XX: 'high', FR: 'extreme' },
      bands: { medium: 70, high: 60, prohibited: null },
      industries: [{ match: '', level: 'high' }],
      colour: 'blue',
    };
    const err = await rejection(updateRiskModel(rt.svc, admin, bad));
    expect(err.code).to.equal('validation_failed');
    expect(err.extra.details).to.deep.equal([
      { path: 'colour', message: 'is not a field of the risk model' },
      { path: 'weights', message: 'must add up to 100 (they add up to 105)' },
      { path: 'countries.XX', message: 'is not an ISO 3166-1 alpha-2 country code' },
      { path: 'countries.FR', message: 'must be one of low, medium, high, prohibited' },
      { path: 'bands.high', message: 'must not be below bands.medium' },
      { path: 'industries.0.match', message: 'must be text of 1 to 100 characters' },
    ]);
    expect((await getRiskModel(rt.svc, admin)).version).to.equal(1);
  });
});
