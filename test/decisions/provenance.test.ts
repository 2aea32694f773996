import { expect } from 'chai';
import type { Runtime } from '../../bin/compose';
import { listCaseDecisions, type DecisionView } from '../../src/cases/index';
import { decideCase, replayDecision, routeCase, whatIfDecision } from '../../src/decisions/index';
import { DEFAULT_DECISION_POLICY, updateDecisionPolicy } from '../../src/policy/index';
import { assessCaseRisk, DEFAULT_RISK_MODEL, recomputeRisk, updateRiskModel } from '../../src/risk/index';
import { dispositionScreeningHit, type ScreeningProvider } from '../../src/screening/index';
import type { Tenant } from '../../src/tenants/index';
import { SampleSources } from '../monitoring/support';
import { seedDocument, seedHit } from '../rest/factories';
import { rejection } from '../support/rejection';
import { newTenant, runtime } from '../support/runtime';
import { memberOf, newApplicationCase, system } from '../risk/support';

const SHA = 'a'.repeat(64);

describe('decision provenance, replay and what-if', function () {
  this.timeout(60_000);
  let rt: Runtime;
  let sources: SampleSources;
  let original: ScreeningProvider;
  before(async () => {
    rt = await runtime();
    sources = await SampleSources.create();
    original = rt.svc.screening;
  });
  afterEach(() => {
    rt.svc.screening = original;
  });

  const decisionsOf = async (tenant: Tenant, caseId: string): Promise<DecisionView[]> =>
    (await listCaseDecisions(rt.svc, memberOf(tenant, 'analyst'), caseId, {})).data;

  /** Every change the snapshot must not follow: a new policy version, a new risk model version, a new watchlist, a recomputed risk. */
  const changeEverything = async (tenant: Tenant, caseId: string) => {
    const admin = memberOf(tenant, 'compliance_admin');
    await updateDecisionPolicy(rt.svc, admin, {
      ...DEFAULT_DECISION_POLICY, name: 'Decline all', defaultOutcome: 'DECLINE',
      rules: [{ name: 'Everyone', conditions: { all: [{ fact: 'hitsTotal', operator: 'greaterThanInclusive', value: 0 }] }, outcome: 'DECLINE' }],
    });
    await updateRiskModel(rt.svc, admin, { ...DEFAULT_RISK_MODEL, unlistedCountryLevel: 'high' });
    await sources.editWatchlist((e) => ({ ...e, id: `${String(e.id)}-v2` }));
    sources.use(rt.svc);
    await recomputeRisk(rt.svc, memberOf(tenant, 'analyst'), { caseId });
    await rt.svc.db.query(`UPDATE documents SET sha256 = ? WHERE org_id = ? AND case_pk = (SELECT pk FROM cases WHERE org_id = ? AND case_id = ?)`, ['b'.repeat(64), tenant.id, tenant.id, caseId]);
  };

  it('an automatic decision records policy version and rule, risk model version and factors, watchlist version, documents, IDV; unchanged after every change; replay and what-if', async () => {
    sources.use(rt.svc);
    const watchlistAtDecision = await rt.svc.screening.listVersion();
    const tenant = await newTenant(rt);
    const c = await newApplicationCase(rt.svc, tenant, { companyName: 'Clean Trading Ltd' });
    const docId = await seedDocument(rt.svc, tenant.id, c.pk, { filename: 'incorporation.pdf' });
    await rt.svc.db.query('UPDATE documents SET sha256 = ? WHERE org_id = ? AND id = ?', [SHA, tenant.id, docId]);
    await assessCaseRisk(rt.svc, system(tenant), { orgId: tenant.id, casePk: c.pk });
    expect(await routeCase(rt.svc, system(tenant), { orgId: tenant.id, casePk: c.pk })).to.deep.equal({ outcome: 'AUTO_APPROVE', decided: true });

    const [d] = await decisionsOf(tenant, c.caseId);
    const p = d!.provenance!;
    expect(p.schemaVersion).to.equal(1);
    expect(p.decision).to.deep.equal({ outcome: 'approved', decidedBy: 'policy_engine', auto: true, reason: 'policy_engine', override: null });
    expect({ ...p.policy, facts: undefined, policyId: undefined }).to.deep.equal({
      policyId: undefined, name: 'Default policy', version: 1, outcome: 'AUTO_APPROVE', matchedRuleIndex: 5,
      matchedRuleName: 'Low risk, no hits, clean documents, everyone verified', gate: null, facts: undefined,
    });
    expect(p.policy!.facts).to.include({ band: 'low', hitsTotal: 0, documentsTotal: 1, idvAllPassed: true });
    expect(p.risk).to.include({ modelVersion: 1, band: 'low', bandLabel: 'Low risk', assessedBy: 'system' });
    expect(p.risk!.factors.map((f) => f.factor)).to.deep.equal(['country', 'industry', 'entityType', 'ownership', 'screening', 'international', 'documents']);
    expect(p.screening).to.deep.equal({ watchlistVersion: watchlistAtDecision, watchlistVersionSource: 'provider_at_decision', hits: [] });
    expect(p.aiReview).to.equal(null);
    expect(p.documents.extractionEngine).to.equal(rt.svc.extractor.name);
    expect(p.documents.items).to.deep.equal([{
      id: docId, filename: 'incorporation.pdf', documentType: 'Certificate of Incorporation', status: 'complete', confidence: 'High', sha256: SHA,
      sizeBytes: 12345, purgedAt: null,
    }]);
    expect(p.identityVerifications.map((v) => [v.name, v.outcome])).to.deep.equal([['Dana Director', 'pass'], ['Uma Owner', 'pass']]);
    expect(p.members).to.deep.equal([{ name: 'policy_engine', roles: ['decided'] }]);

    await changeEverything(tenant, c.caseId);
    expect(await rt.svc.screening.listVersion()).to.not.equal(watchlistAtDecision);
    const [after] = await decisionsOf(tenant, c.caseId);
    expect(after!.provenance).to.deep.equal(p);

    const replay = await replayDecision(rt.svc, memberOf(tenant, 'mlro'), { caseId: c.caseId, decisionId: d!.id });
    expect(replay).to.deep.equal({
      caseId: c.caseId, decisionId: d!.id, decisionOutcome: 'approved', decidedBy: 'policy_engine', policyVersion: 1, policyName: 'Default policy',
      recorded: { outcome: 'AUTO_APPROVE', matchedRuleIndex: 5, matchedRuleName: 'Low risk, no hits, clean documents, everyone verified', gate: null },
      replayed: { outcome: 'AUTO_APPROVE', matchedRuleIndex: 5, matchedRuleName: 'Low risk, no hits, clean documents, everyone verified', gate: null },
      sameOutcome: true,
    });
    const whatIf = await whatIfDecision(rt.svc, memberOf(tenant, 'analyst'), { caseId: c.caseId });
    expect({ ...whatIf, facts: undefined }).to.deep.equal({
      caseId: c.caseId, policyVersion: 2, policyName: 'Decline all', facts: undefined,
      answer: { outcome: 'DECLINE', matchedRuleIndex: 0, matchedRuleName: 'Everyone', gate: null },
      latestDecision: { decisionId: d!.id, outcome: 'approved', policyVersion: 1, recordedOutcome: 'AUTO_APPROVE' },
      sameAsLatestDecision: false,
    });
    expect(whatIf.facts, 'today\'s facts: the risk recomputed on the new model').to.include({ band: 'medium' });
    // Neither recorded a decision.
    expect(await decisionsOf(tenant, c.caseId)).to.have.lengthOf(1);
  });

  it("an analyst's decision records the hits with their dispositions and who gave them, the members involved, and the policy's answer at the decision", async () => {
    const tenant = await newTenant(rt);
    const analyst = memberOf(tenant, 'analyst');
    const c = await newApplicationCase(rt.svc, tenant);
    await seedHit(rt.svc, tenant.id, c.pk, { hitId: 'sanctioned-1', isSanctioned: true, triaged: true });
    await assessCaseRisk(rt.svc, system(tenant), { orgId: tenant.id, casePk: c.pk });
    expect(await routeCase(rt.svc, system(tenant), { orgId: tenant.id, casePk: c.pk })).to.deep.equal({ outcome: 'REVIEW_LEVEL_2', decided: false });
    await dispositionScreeningHit(rt.svc, analyst, c.caseId, { hitId: 'sanctioned-1', disposition: 'false_positive', note: 'Different person.' });
    await decideCase(rt.svc, analyst, { caseId: c.caseId, outcome: 'approved', notes: 'Cleared by hand.' });

    const [d] = await decisionsOf(tenant, c.caseId);
    const p = d!.provenance!;
    expect(p.decision).to.deep.equal({ outcome: 'approved', decidedBy: 'analyst@example.com', auto: false, reason: null, override: null });
    expect(p.policy).to.include({ version: 1, name: 'Default policy' });
    expect(p.policy!.facts).to.include({ hitsTotal: 1, hitsFalsePositive: 1, sanctionedUnresolved: 0 });
    expect(p.screening.hits).to.have.lengthOf(1);
    expect(p.screening.hits[0]).to.deep.include({
      hitId: 'sanctioned-1', isSanctioned: true, disposition: 'false_positive', dispositionNote: 'Different person.', dispositionBy: 'analyst@example.com',
    });
    expect(p.screening.hits[0]!.triage).to.deep.include({ disposition: 'false_positive', reason: 'Different date of birth.' });
    expect(p.members).to.deep.equal([{ name: 'analyst@example.com', roles: ['decided', 'dispositioned_hit'] }]);

    await changeEverything(tenant, c.caseId);
    const [after] = await decisionsOf(tenant, c.caseId);
    expect(after!.provenance).to.deep.equal(p);
    const replay = await replayDecision(rt.svc, analyst, { caseId: c.caseId, decisionId: d!.id });
    expect(replay.sameOutcome).to.equal(true);
    expect(replay.replayed).to.deep.equal(replay.recorded);
    expect(replay.policyVersion).to.equal(1);
    const whatIf = await whatIfDecision(rt.svc, analyst, { caseId: c.caseId });
    expect(whatIf.answer.outcome).to.equal('DECLINE');
    expect(whatIf.sameAsLatestDecision).to.equal(replay.recorded.outcome === 'DECLINE');
  });

  it('replay refuses a decision of another case or tenant (not_found)', async () => {
    const tenant = await newTenant(rt);
    const other = await newTenant(rt);
    const c = await newApplicationCase(rt.svc, tenant);
    await assessCaseRisk(rt.svc, system(tenant), { orgId: tenant.id, casePk: c.pk });
    await routeCase(rt.svc, system(tenant), { orgId: tenant.id, casePk: c.pk });
    const [d] = await decisionsOf(tenant, c.caseId);
    const second = await newApplicationCase(rt.svc, tenant);
    expect((await rejection(replayDecision(rt.svc, memberOf(tenant, 'analyst'), { caseId: second.caseId, decisionId: d!.id }))).code).to.equal('not_found');
    expect((await rejection(replayDecision(rt.svc, memberOf(other, 'analyst'), { caseId: c.caseId, decisionId: d!.id }))).code).to.equal('not_found');
    expect((await rejection(whatIfDecision(rt.svc, memberOf(other, 'analyst'), { caseId: c.caseId }))).code).to.equal('not_found');
  });
});
