import { expect } from 'chai';
import type { Runtime } from '../../bin/compose';
import { operatorActor } from '../../src/access/index';
import { listAuditLog } from '../../src/audit/index';
import { decideCase } from '../../src/decisions/index';
import { DEFAULT_DECISION_POLICY, dryRunPolicy, getDecisionPolicy, updateDecisionPolicy } from '../../src/policy/index';
import { routeCase } from '../../src/decisions/index';
import { assessCaseRisk } from '../../src/risk/index';
import { dispositionScreeningHit } from '../../src/screening/index';
import { setFullParity, type Tenant } from '../../src/tenants/index';
import { seedDocument, seedHit } from '../rest/factories';
import { rejection } from '../support/rejection';
import { newTenant, runtime } from '../support/runtime';
import { caseEvents, memberOf, newApplicationCase, newEvents, system, testGuard, type CaseSetup } from '../risk/support';
import { own } from '../support/event-payloads';

describe('decision policy: routeCase, dry runs and policy edits', function () {
  this.timeout(60_000);
  let rt: Runtime;
  before(async () => {
    rt = await runtime();
  });

  /** A case with its application, assessed by the risk engine, and the number of events it has so far. */
  const assessedCase = async (tenant: Tenant, setup: CaseSetup = {}, seed?: (pk: number) => Promise<void>) => {
    const c = await newApplicationCase(rt.svc, tenant, setup);
    if (seed) await seed(c.pk);
    await assessCaseRisk(rt.svc, system(tenant), { orgId: tenant.id, casePk: c.pk });
    return { ...c, seen: (await caseEvents(rt.svc, tenant.id, c.pk)).length };
  };
  const route = (tenant: Tenant, pk: number, guard?: Parameters<typeof routeCase>[3]) =>
    routeCase(rt.svc, system(tenant), { orgId: tenant.id, casePk: pk }, guard);
  const caseRow = async (pk: number) => (await rt.svc.db.query('SELECT status, onboarding_stage, review_level FROM cases WHERE pk = ?', [pk]))[0];
  const decisionsOf = (tenant: Tenant, pk: number) =>
    rt.svc.db.query('SELECT outcome, notes, analyst_email, auto, reason, decided_at FROM decisions WHERE org_id = ? AND case_pk = ? ORDER BY id', [tenant.id, pk]);

  it('AUTO_APPROVE on a clean low-risk case in_review: routing.evaluated, then the automatic decision, status and stage events, exact and in order', async () => {
    const tenant = await newTenant(rt);
    const c = await assessedCase(tenant, { companyName: 'Clean Trading Ltd' });
    expect(await route(tenant, c.pk)).to.deep.equal({ outcome: 'AUTO_APPROVE', decided: true });
    const policy = await getDecisionPolicy(rt.svc, memberOf(tenant, 'analyst'));
    expect(policy).to.include({ version: 1, name: 'Default policy', createdBy: 'system' });

    const [d] = await decisionsOf(tenant, c.pk);
    const notes = 'Approved automatically by the decision policy "Default policy" (version 1), rule 5 "Low risk, no hits, clean documents, everyone verified".';
    expect({ ...d, decided_at: undefined }).to.deep.equal({ outcome: 'approved', notes, analyst_email: 'policy_engine', auto: 1, reason: 'policy_engine', decided_at: undefined });
    expect(await caseRow(c.pk)).to.deep.equal({ status: 'approved', onboarding_stage: 'decision_made', review_level: null });

    const events = await newEvents(rt.svc, tenant.id, c.pk, c.seen);
    expect(events.map((e) => e.type)).to.deep.equal(['routing.evaluated', 'case.decision.made', 'case.status.changed', 'case.onboarding_progress.changed']);
    expect(own(events[0]!.payload)).to.deep.equal({
      policyId: policy.policyId, policyName: 'Default policy', matchedRuleIndex: 5, outcome: 'AUTO_APPROVE', evaluatedAt: events[0]!.payload.evaluatedAt,
    });
    expect(own(events[1]!.payload)).to.deep.equal({
      outcome: 'approved', notes, analystEmail: 'policy_engine', decidedAt: (d.decided_at as Date).toISOString(), companyName: 'Clean Trading Ltd', auto: true, reason: 'policy_engine',
    });
    expect(own(events[2]!.payload)).to.deep.equal({ companyName: 'Clean Trading Ltd', status: 'approved', previousStatus: 'in_review', changedBy: 'policy_engine' });
    expect(own(events[3]!.payload)).to.deep.include({ companyName: 'Clean Trading Ltd', stage: 'decision_made', stageLabel: 'Decision made' });
    const [stored] = await rt.svc.db.query('SELECT policy_id, matched_rule_index, gate, outcome, decided FROM routing_evaluations WHERE org_id = ? AND case_pk = ?', [tenant.id, c.pk]);
    expect({ ...stored, policy_id: Number(stored.policy_id) }).to.deep.equal({ policy_id: policy.policyId, matched_rule_index: 5, gate: null, outcome: 'AUTO_APPROVE', decided: 1 });
  });

  it('DECLINE: a prohibited band or a confirmed sanctions match declines automatically (reason policy_engine)', async () => {
    const tenant = await newTenant(rt);
    const prohibited = await assessedCase(tenant, { ubos: [{ name: 'Owner', ownershipPercent: 100, nationality: 'KP' }] });
    expect(await route(tenant, prohibited.pk)).to.deep.equal({ outcome: 'DECLINE', decided: true });
    const events = await newEvents(rt.svc, tenant.id, prohibited.pk, prohibited.seen);
    expect(events.map((e) => e.type)).to.deep.equal(['routing.evaluated', 'case.decision.made', 'case.status.changed', 'case.onboarding_progress.changed']);
    expect(events[0]!.payload).to.include({ matchedRuleIndex: 0, outcome: 'DECLINE' });
    expect(events[1]!.payload).to.include({ outcome: 'declined', analystEmail: 'policy_engine', auto: true, reason: 'policy_engine' });
    expect(events[2]!.payload).to.include({ status: 'declined', previousStatus: 'in_review', changedBy: 'policy_engine' });

    const matched = await assessedCase(tenant, {}, async (pk) => {
      await seedHit(rt.svc, tenant.id, pk, { hitId: 'sanctioned-1', isSanctioned: true });
      await rt.svc.db.query(`UPDATE screening_hits SET disposition = 'true_match' WHERE org_id = ? AND case_pk = ?`, [tenant.id, pk]);
    });
    expect(await route(tenant, matched.pk)).to.deep.equal({ outcome: 'DECLINE', decided: true });
    expect((await newEvents(rt.svc, tenant.id, matched.pk, matched.seen))[0]!.payload).to.include({ matchedRuleIndex: 1 });
  });

  it('REVIEW_*: the case stays in_review for an analyst with its review level; only routing.evaluated is recorded', async () => {
    const tenant = await newTenant(rt);
    const medium = await assessedCase(tenant, { profile: { country: 'AE', industrySector: 'Casino', entityType: 'Family trust' } });
    expect(await route(tenant, medium.pk)).to.deep.equal({ outcome: 'REVIEW_LEVEL_1', decided: false });
    expect(await caseRow(medium.pk)).to.deep.equal({ status: 'in_review', onboarding_stage: 'created', review_level: 'REVIEW_LEVEL_1' });
    const events = await newEvents(rt.svc, tenant.id, medium.pk, medium.seen);
    expect(events.map((e) => [e.type, e.payload.matchedRuleIndex, e.payload.outcome])).to.deep.equal([['routing.evaluated', 4, 'REVIEW_LEVEL_1']]);
    expect(await decisionsOf(tenant, medium.pk)).to.have.lengthOf(0);

    const unresolved = await assessedCase(tenant, {}, (pk) => seedHit(rt.svc, tenant.id, pk, { hitId: 'sanctioned-2', isSanctioned: true }));
    expect(await route(tenant, unresolved.pk)).to.deep.equal({ outcome: 'REVIEW_LEVEL_2', decided: false });
    expect((await caseRow(unresolved.pk)).review_level).to.equal('REVIEW_LEVEL_2');

    // An analyst clears the hit, then decides as usual.
    await dispositionScreeningHit(rt.svc, memberOf(tenant, 'analyst'), unresolved.caseId, { hitId: 'sanctioned-2', disposition: 'false_positive', note: 'Other person.' });
    await decideCase(rt.svc, memberOf(tenant, 'analyst'), { caseId: unresolved.caseId, outcome: 'approved', notes: 'Cleared by hand.' });
    expect((await decisionsOf(tenant, unresolved.pk)).map((d: { auto: number; reason: null }) => [d.auto, d.reason])).to.deep.equal([[0, null]]);
  });

  it('the default branch: no rule matched, matchedRuleIndex null and the policy\'s default outcome', async () => {
    const tenant = await newTenant(rt);
    await updateDecisionPolicy(rt.svc, memberOf(tenant, 'compliance_admin'), {
      ...DEFAULT_DECISION_POLICY, name: 'Strict', defaultOutcome: 'REVIEW_LEVEL_2',
      rules: [{ name: 'French companies', conditions: { all: [{ fact: 'country', operator: 'equal', value: 'FR' }] }, outcome: 'AUTO_APPROVE' }],
    });
    const c = await assessedCase(tenant);
    expect(await route(tenant, c.pk)).to.deep.equal({ outcome: 'REVIEW_LEVEL_2', decided: false });
    const [e] = await newEvents(rt.svc, tenant.id, c.pk, c.seen);
    expect(e!.payload).to.include({ event: 'routing.evaluated', policyName: 'Strict', matchedRuleIndex: null, outcome: 'REVIEW_LEVEL_2' });
  });

  it('the age gate declines an individual customer under the minimum age (reason age_gate), before any rule', async () => {
    const tenant = await newTenant(rt);
    const now = new Date();
    const dob = (years: number) => `${now.getUTCFullYear() - years}-01-01`;
    const minor = await newApplicationCase(rt.svc, tenant, {
      customerEmail: 'kid@example.com',
      profile: { entityType: 'Individual', companyName: 'Kid Trader' },
      directors: [{ name: 'Someone Else', email: 'other@example.com', dateOfBirth: dob(40) }, { name: 'Kid Trader', email: 'kid@example.com', dateOfBirth: dob(16) }],
      ubos: [],
    });
    const skip = (await caseEvents(rt.svc, tenant.id, minor.pk)).length;
    expect(await route(tenant, minor.pk)).to.deep.equal({ outcome: 'DECLINE', decided: true });
    const [d] = await decisionsOf(tenant, minor.pk);
    expect(d).to.include({ outcome: 'declined', analyst_email: 'policy_engine', auto: 1, reason: 'age_gate' });
    // Born on 1 January: a full year older on every day of this year.
    expect(d.notes).to.equal('Declined automatically by the age gate: the applicant is 16, under the minimum age of 18.');
    const events = await newEvents(rt.svc, tenant.id, minor.pk, skip);
    expect(events.map((e) => e.type)).to.deep.equal(['routing.evaluated', 'case.decision.made', 'case.status.changed', 'case.onboarding_progress.changed']);
    expect(events[0]!.payload).to.include({ matchedRuleIndex: null, outcome: 'DECLINE' });
    expect(events[1]!.payload).to.include({ auto: true, reason: 'age_gate', analystEmail: 'policy_engine', outcome: 'declined' });
    const [stored] = await rt.svc.db.query('SELECT gate FROM routing_evaluations WHERE org_id = ? AND case_pk = ?', [tenant.id, minor.pk]);
    expect(stored.gate).to.equal('age_gate');

    // An adult individual passes the gate; the same applicant as a company is never gated.
    const adult = await newApplicationCase(rt.svc, tenant, { profile: { entityType: 'sole_trader' }, directors: [{ name: 'Adult', dateOfBirth: dob(30) }], ubos: [] });
    const adultRun = await dryRunPolicy(rt.svc, memberOf(tenant, 'analyst'), { caseId: adult.caseId });
    expect(adultRun.facts).to.include({ isIndividual: true, customerAge: 30 });
    expect(adultRun.gate).to.equal(null);
    const company = await newApplicationCase(rt.svc, tenant, { directors: [{ name: 'Young Director', dateOfBirth: dob(16) }] });
    expect((await dryRunPolicy(rt.svc, memberOf(tenant, 'analyst'), { caseId: company.caseId })).facts).to.include({ isIndividual: false, customerAge: null });
  });

  it('a duplicate run with a guard that says "done" records nothing; without a guard a rerun evaluates again but never decides twice', async () => {
    const tenant = await newTenant(rt);
    const c = await assessedCase(tenant);
    const done = testGuard(false);
    expect(await route(tenant, c.pk, done)).to.equal(null);
    expect(done).to.include({ claims: 1, dones: 0 });
    expect(await newEvents(rt.svc, tenant.id, c.pk, c.seen)).to.have.lengthOf(0);
    expect(await rt.svc.db.query('SELECT id FROM routing_evaluations WHERE org_id = ?', [tenant.id])).to.have.lengthOf(0);

    const fresh = testGuard(true);
    expect(await route(tenant, c.pk, fresh)).to.deep.equal({ outcome: 'AUTO_APPROVE', decided: true });
    expect(fresh).to.include({ claims: 1, dones: 1 });
    expect(await route(tenant, c.pk)).to.deep.equal({ outcome: 'AUTO_APPROVE', decided: false });
    expect(await decisionsOf(tenant, c.pk)).to.have.lengthOf(1);
    expect((await newEvents(rt.svc, tenant.id, c.pk, c.seen)).map((e) => e.type)).to.deep.equal([
      'routing.evaluated', 'case.decision.made', 'case.status.changed', 'case.onboarding_progress.changed', 'routing.evaluated',
    ]);
  });

  it('a case not in_review is evaluated but never decided', async () => {
    const tenant = await newTenant(rt);
    const c = await assessedCase(tenant, { status: 'in_progress' });
    expect(await route(tenant, c.pk)).to.deep.equal({ outcome: 'AUTO_APPROVE', decided: false });
    expect((await caseRow(c.pk)).status).to.equal('in_progress');
  });

  it('with full-parity egress an automatic decision records the data package with the policy engine\'s decision', async () => {
    const tenant = await newTenant(rt);
    await setFullParity(rt.svc, operatorActor(tenant.id), { entitled: true, enabled: true });
    const c = await assessedCase(tenant, {}, async (pk) => void (await seedDocument(rt.svc, tenant.id, pk)));
    expect(await route(tenant, c.pk)).to.deep.equal({ outcome: 'AUTO_APPROVE', decided: true });
    const events = await newEvents(rt.svc, tenant.id, c.pk, c.seen);
    expect(events.map((e) => e.type)).to.deep.equal([
      'routing.evaluated', 'case.decision.made', 'case.status.changed', 'case.onboarding_progress.changed', 'case.data_package.delivered',
    ]);
    const pkg = events[4]!.payload as { decidedAt: string; outcome: string; fullParity: { decision: unknown; risk: { band: string }; status: string } };
    expect(pkg.decidedAt).to.equal(events[1]!.payload.decidedAt);
    expect(pkg.fullParity.decision).to.deep.equal({ outcome: 'approved', notes: events[1]!.payload.notes, analystEmail: 'policy_engine', decidedAt: pkg.decidedAt });
    expect(pkg.fullParity).to.deep.include({ status: 'approved', risk: { ...pkg.fullParity.risk, band: 'low' } });
  });

  it('dryRunPolicy evaluates the active policy or a draft against a case and records nothing', async () => {
    const tenant = await newTenant(rt);
    const c = await assessedCase(tenant, {}, (pk) => seedHit(rt.svc, tenant.id, pk, { hitId: 'pep-1', isPep: true, triaged: true }));
    const analyst = memberOf(tenant, 'analyst');
    const policy = await getDecisionPolicy(rt.svc, analyst);
    const run = await dryRunPolicy(rt.svc, analyst, { caseId: c.caseId });
    expect(run).to.deep.include({ policyId: policy.policyId, policyName: 'Default policy', matchedRuleIndex: null, gate: null, outcome: 'REVIEW_LEVEL_1' });
    expect(run.facts).to.deep.equal({
      // The PEP hit's AI false_positive does not clear it: it counts as escalate until an analyst dispositions it.
      band: 'low', compositeScore: 10, hitsTotal: 1, hitsSanctioned: 0, hitsPep: 1, hitsUntriaged: 0, hitsTrueMatch: 0, hitsEscalate: 1, hitsFalsePositive: 0,
      sanctionedUnresolved: 0, sanctionedTrueMatch: 0, documentsTotal: 0, documentsInError: 0, documentsLowConfidence: 0, documentsPending: 0,
      lowestDocumentConfidence: null, country: 'GB', entityType: 'Private limited company', isIndividual: false, customerAge: null, aiRecommendation: null,
      idvAllPassed: true, idvAnyFailed: false, idvOutstanding: 0,
    });
    const draft = await dryRunPolicy(rt.svc, analyst, {
      caseId: c.caseId, rules: [{ name: 'One PEP hit', conditions: { all: [{ fact: 'hitsPep', operator: 'equal', value: 1 }] }, outcome: 'AUTO_APPROVE' }],
    });
    expect(draft).to.deep.include({ policyId: null, policyName: 'Default policy', matchedRuleIndex: 0, outcome: 'AUTO_APPROVE' });
    const partial = await dryRunPolicy(rt.svc, analyst, { caseId: c.caseId, rules: { name: 'Draft', rules: [], defaultOutcome: 'DECLINE' } });
    expect(partial).to.deep.include({ policyId: null, policyName: 'Draft', matchedRuleIndex: null, outcome: 'DECLINE' });
    const bad = await rejection(dryRunPolicy(rt.svc, analyst, { caseId: c.caseId, rules: [{ name: 'x', conditions: { all: [{ fact: 'nope', operator: 'equal', value: 1 }] }, outcome: 'DECLINE' }] }));
    expect(bad.code).to.equal('validation_failed');
    expect((bad.extra.details as { path: string }[])[0]!.path).to.equal('rules.0.conditions.all.0.fact');
    expect((await rejection(dryRunPolicy(rt.svc, analyst, { caseId: 'CS-2020-99999' }))).code).to.equal('not_found');

    expect(await newEvents(rt.svc, tenant.id, c.pk, c.seen)).to.have.lengthOf(0);
    expect(await rt.svc.db.query('SELECT id FROM routing_evaluations WHERE org_id = ?', [tenant.id])).to.have.lengthOf(0);
    expect((await caseRow(c.pk)).status).to.equal('in_review');
  });

  it('editing the policy: compliance_admin or admin, validated, each edit a new version with an audit line; only the system routes', async () => {
    const tenant = await newTenant(rt);
    const edit = { ...DEFAULT_DECISION_POLICY, name: 'Tighter', minimumAge: 21 };
    expect((await rejection(updateDecisionPolicy(rt.svc, memberOf(tenant, 'analyst'), edit))).code).to.equal('forbidden');
    expect((await rejection(updateDecisionPolicy(rt.svc, memberOf(tenant, 'mlro'), edit))).code).to.equal('forbidden');
    const admin = memberOf(tenant, 'compliance_admin', 'ca@example.com');
    const v1 = await getDecisionPolicy(rt.svc, admin);
    const v2 = await updateDecisionPolicy(rt.svc, admin, edit);
    expect(v2).to.deep.include({ version: 2, name: 'Tighter', minimumAge: 21, createdBy: 'ca@example.com', rules: DEFAULT_DECISION_POLICY.rules });
    expect((await getDecisionPolicy(rt.svc, memberOf(tenant, 'analyst'))).policyId).to.equal(v2.policyId);
    const invalid = await rejection(updateDecisionPolicy(rt.svc, memberOf(tenant, 'admin'), { ...edit, minimumAge: -1 }));
    expect(invalid.extra.details).to.deep.equal([{ path: 'minimumAge', message: 'must be a whole number from 0 to 150' }]);
    const log = (await listAuditLog(rt.svc, admin, { limit: 10 })).data.filter((e) => e.action === 'decision_policy.updated');
    expect(log.map((e) => [e.actor, e.details])).to.deep.equal([[
      'ca@example.com',
      { policyId: v2.policyId, version: 2, name: 'Tighter', previousPolicyId: v1.policyId, previousVersion: 1, ruleCount: 6, minimumAge: 21 },
    ]]);
    const c = await newApplicationCase(rt.svc, tenant);
    expect((await rejection(routeCase(rt.svc, memberOf(tenant, 'admin'), { orgId: tenant.id, casePk: c.pk }))).code).to.equal('forbidden');
  });
});
