import { expect } from 'chai';
import { routeCase } from '../../src/decisions/index';
import { DEFAULT_RISK_MODEL } from '../../src/risk/index';
import { DEFAULT_DECISION_POLICY } from '../../src/policy/index';
import { ConsoleHarness } from '../graphql/harness';
import { caseEvents, newApplicationCase, system } from '../risk/support';

const RISK_MODEL = 'query { riskModel { configId version createdBy createdAt definition } }';
const UPDATE_RISK_MODEL = 'mutation($input: RiskModelInput!) { updateRiskModel(input: $input) { configId version createdBy definition } }';
const RECOMPUTE = `mutation($id: ID!) { recomputeRisk(caseId: $id) { caseId riskBand riskScore
  riskAssessment { assessmentId compositeScore band bandLabel configId assessedBy assessedAt factors { factor label weight score points detail } } } }`;
const POLICY = 'query { decisionPolicy { policyId name version rules defaultOutcome minimumAge individualEntityTypes createdBy createdAt } }';
const UPDATE_POLICY = 'mutation($input: DecisionPolicyInput!) { updateDecisionPolicy(input: $input) { policyId name version defaultOutcome minimumAge rules } }';
const DRY_RUN = 'mutation($id: ID!, $rules: String) { dryRunDecisionPolicy(caseId: $id, rules: $rules) { policyId policyName matchedRuleIndex gate outcome facts } }';
const CASE = `query($id: String!) { case(caseId: $id) { caseId status riskAssessment { compositeScore band configId assessedBy }
  routing { outcome policyId policyName policyVersion matchedRuleIndex gate decided evaluatedAt } } }`;
const CASES = 'query { cases(first: 10) { edges { node { caseId riskAssessment { band } routing { outcome matchedRuleIndex } } } } }';

describe('console GraphQL: risk model and decision policy', function () {
  this.timeout(60_000);
  let h: ConsoleHarness;
  before(async () => {
    h = await ConsoleHarness.start();
  });
  after(() => h.close());

  it('riskModel for any member; updateRiskModel only for compliance_admin and admin, validated with paths, each edit a new version', async () => {
    const analyst = await h.signedIn('analyst');
    const tenant = analyst.member.tenant;
    const { riskModel } = await analyst.data<{ riskModel: { configId: number; version: number; createdBy: string; definition: unknown } }>(RISK_MODEL);
    expect(riskModel).to.deep.include({ version: 1, createdBy: 'system', definition: DEFAULT_RISK_MODEL });

    const edited = { ...DEFAULT_RISK_MODEL, unlistedCountryLevel: 'medium' };
    const refused = await analyst.error(UPDATE_RISK_MODEL, { input: { definition: JSON.stringify(edited) } });
    expect(refused).to.deep.include({ code: 'FORBIDDEN', message: 'This requires the compliance_admin role or higher; you are analyst.' });

    const admin = await h.signedIn('compliance_admin', tenant);
    const { updateRiskModel } = await admin.data<{ updateRiskModel: { configId: number; version: number; createdBy: string; definition: unknown } }>(
      UPDATE_RISK_MODEL, { input: { definition: JSON.stringify(edited) } },
    );
    expect(updateRiskModel).to.deep.equal({ configId: updateRiskModel.configId, version: 2, createdBy: admin.member.email, definition: edited });
    expect(updateRiskModel.configId).to.not.equal(riskModel.configId);
    expect((await analyst.data<{ riskModel: { version: number } }>(RISK_MODEL)).riskModel.version).to.equal(2);

    const notJson = await admin.error(UPDATE_RISK_MODEL, { input: { definition: '{weights:' } });
    expect(notJson).to.deep.include({ code: 'BAD_USER_INPUT', message: 'definition: must be valid JSON' });
    const invalid = await admin.error(UPDATE_RISK_MODEL, { input: { definition: JSON.stringify({ ...DEFAULT_RISK_MODEL, internationalLevel: 'extreme' }) } });
    expect(invalid.code).to.equal('BAD_USER_INPUT');
    expect(invalid.extensions.details).to.deep.equal([{ path: 'internationalLevel', message: 'must be one of low, medium, high' }]);
  });

  it('recomputeRisk answers the Case with its latest riskAssessment; Case.routing shows the latest routing; lists read both for the page', async () => {
    const analyst = await h.signedIn('analyst');
    const tenant = analyst.member.tenant;
    const c = await newApplicationCase(h.svc, tenant, { profile: { country: 'AE' } });
    const { recomputeRisk } = await analyst.data<{ recomputeRisk: Record<string, unknown> & { riskAssessment: { factors: { factor: string; points: number }[] } & Record<string, unknown> } }>(
      RECOMPUTE, { id: c.caseId },
    );
    expect(recomputeRisk).to.deep.include({ caseId: c.caseId, riskBand: 'low', riskScore: 12.5 });
    expect(recomputeRisk.riskAssessment).to.deep.include({ compositeScore: 12.5, band: 'low', bandLabel: 'Low risk', assessedBy: analyst.member.email });
    expect(recomputeRisk.riskAssessment.factors.map((f) => [f.factor, f.points])).to.deep.equal([
      ['country', 12.5], ['industry', 0], ['entityType', 0], ['ownership', 0], ['screening', 0], ['international', 0], ['documents', 0],
    ]);
    const events = await caseEvents(h.svc, tenant.id, c.pk);
    expect(events.at(-1)!.payload).to.include({ event: 'risk.assessed', assessedBy: analyst.member.email, compositeScore: 12.5 });

    const before = await analyst.data<{ case: { routing: unknown } }>(CASE, { id: c.caseId });
    expect(before.case.routing).to.equal(null);
    await routeCase(h.svc, system(tenant), { orgId: tenant.id, casePk: c.pk });
    const { case: after } = await analyst.data<{ case: { status: string; routing: Record<string, unknown>; riskAssessment: Record<string, unknown> } }>(CASE, { id: c.caseId });
    expect(after.status).to.equal('approved');
    expect(after.routing).to.deep.include({ outcome: 'AUTO_APPROVE', policyName: 'Default policy', policyVersion: 1, matchedRuleIndex: 5, gate: null, decided: true });
    const { cases } = await analyst.data<{ cases: { edges: { node: Record<string, unknown> }[] } }>(CASES);
    expect(cases.edges.map((e) => e.node)).to.deep.equal([{ caseId: c.caseId, riskAssessment: { band: 'low' }, routing: { outcome: 'AUTO_APPROVE', matchedRuleIndex: 5 } }]);

    const missing = await analyst.error(RECOMPUTE, { id: 'CS-2020-99999' });
    expect(missing.code).to.equal('NOT_FOUND');
  });

  it('decisionPolicy, updateDecisionPolicy (compliance_admin) and dryRunDecisionPolicy, which records nothing', async () => {
    const analyst = await h.signedIn('analyst');
    const tenant = analyst.member.tenant;
    const { decisionPolicy } = await analyst.data<{ decisionPolicy: Record<string, unknown> }>(POLICY);
    expect(decisionPolicy).to.deep.include({
      name: 'Default policy', version: 1, rules: DEFAULT_DECISION_POLICY.rules, defaultOutcome: 'REVIEW_LEVEL_1', minimumAge: 18,
      individualEntityTypes: DEFAULT_DECISION_POLICY.individualEntityTypes, createdBy: 'system',
    });
    const input = {
      name: 'Manual review for all', rules: JSON.stringify([{ name: 'Everything GB', conditions: { all: [{ fact: 'country', operator: 'equal', value: 'GB' }] }, outcome: 'REVIEW_LEVEL_2' }]),
      defaultOutcome: 'REVIEW_LEVEL_1', minimumAge: 21, individualEntityTypes: ['individual'],
    };
    expect((await analyst.error(UPDATE_POLICY, { input })).code).to.equal('FORBIDDEN');
    const admin = await h.signedIn('compliance_admin', tenant);
    const { updateDecisionPolicy } = await admin.data<{ updateDecisionPolicy: Record<string, unknown> }>(UPDATE_POLICY, { input });
    expect(updateDecisionPolicy).to.deep.include({ name: 'Manual review for all', version: 2, defaultOutcome: 'REVIEW_LEVEL_1', minimumAge: 21 });
    const invalid = await admin.error(UPDATE_POLICY, { input: { ...input, rules: JSON.stringify([{ name: 'x', conditions: { all: [] }, outcome: 'DECLINE' }]) } });
    expect(invalid.code).to.equal('BAD_USER_INPUT');
    expect(invalid.extensions.details).to.deep.equal([{ path: 'rules.0.conditions.all', message: 'must be a non-empty list of conditions' }]);

    const c = await newApplicationCase(h.svc, tenant);
    const skip = (await caseEvents(h.svc, tenant.id, c.pk)).length;
    const { dryRunDecisionPolicy: active } = await analyst.data<{ dryRunDecisionPolicy: Record<string, unknown> }>(DRY_RUN, { id: c.caseId });
    expect(active).to.deep.include({ policyId: updateDecisionPolicy.policyId, policyName: 'Manual review for all', matchedRuleIndex: 0, gate: null, outcome: 'REVIEW_LEVEL_2' });
    expect(active.facts).to.deep.include({ country: 'GB', band: null, hitsTotal: 0 });
    const draftRules = JSON.stringify([{ name: 'Unscored', conditions: { all: [{ fact: 'band', operator: 'equal', value: null }] }, outcome: 'DECLINE' }]);
    const { dryRunDecisionPolicy: draft } = await analyst.data<{ dryRunDecisionPolicy: Record<string, unknown> }>(DRY_RUN, { id: c.caseId, rules: draftRules });
    expect(draft).to.deep.include({ policyId: null, matchedRuleIndex: 0, outcome: 'DECLINE' });
    expect((await analyst.error(DRY_RUN, { id: c.caseId, rules: '[' })).message).to.equal('rules: must be valid JSON');
    expect((await caseEvents(h.svc, tenant.id, c.pk)).length, 'a dry run records no event').to.equal(skip);
    const [row] = await h.svc.db.query('SELECT status FROM cases WHERE pk = ?', [c.pk]);
    expect(row.status).to.equal('in_review');
  });

  it('signed-out requests are UNAUTHENTICATED', async () => {
    expect((await h.browser().error(RISK_MODEL)).code).to.equal('UNAUTHENTICATED');
    expect((await h.browser().error(POLICY)).code).to.equal('UNAUTHENTICATED');
  });
});
