import { forTenant } from '../../src/db/index';
import { expect } from 'chai';
import type { Runtime } from '../../bin/compose';
import { findActiveDecisionPolicy, findCasePk, latestAiRecommendation, latestRoutingsOf, lockRoutedCase } from '../../src/policy/policy.repository';
import { routeCase } from '../../src/decisions/index';
import { loadCaseFacts } from '../../src/risk/case-facts.repository';
import { assessCaseRisk } from '../../src/risk/index';
import { findActiveRiskModel, latestRiskAssessmentsOf, lockCaseRow } from '../../src/risk/risk.repository';
import { newTenant, runtime } from '../support/runtime';
import { newApplicationCase, system } from './support';

/** The risk and policy repositories take the tenant first: another tenant's id with A's pk or case id finds nothing. */
describe('risk and policy repositories: every read is scoped to the tenant it is given', () => {
  let rt: Runtime;
  before(async () => {
    rt = await runtime();
  });

  it('found in its own tenant, nothing in another', async () => {
    const a = await newTenant(rt);
    const b = await newTenant(rt);
    const c = await newApplicationCase(rt.svc, a);
    await assessCaseRisk(rt.svc, system(a), { orgId: a.id, casePk: c.pk });
    await routeCase(rt.svc, system(a), { orgId: a.id, casePk: c.pk });
    const db = rt.svc.db;
    const reads: [string, (org: string) => Promise<unknown>][] = [
      ['loadCaseFacts', (org) => loadCaseFacts(forTenant(db, org), c.pk)],
      ['findActiveRiskModel', (org) => findActiveRiskModel(forTenant(db, org))],
      ['latestRiskAssessmentsOf', (org) => latestRiskAssessmentsOf(forTenant(db, org), [c.caseId])],
      ['findActiveDecisionPolicy', (org) => findActiveDecisionPolicy(forTenant(db, org))],
      ['findCasePk', (org) => findCasePk(forTenant(db, org), c.caseId)],
      ['latestRoutingsOf', (org) => latestRoutingsOf(forTenant(db, org), [c.caseId])],
      ['lockRoutedCase', (org) => db.transaction((m) => lockRoutedCase(forTenant(m, org), c.pk))],
      ['lockCaseRow', (org) => db.transaction((m) => lockCaseRow(forTenant(m, org), c.pk))],
    ];
    const found = (v: unknown) => (Array.isArray(v) ? v.length > 0 : v !== null);
    for (const [name, read] of reads) {
      expect(found(await read(a.id)), `${name} in its own tenant`).to.equal(true);
      expect(found(await read(b.id)), `${name} in another tenant`).to.equal(false);
    }
    // Without an AI review (or before its table exists) the recommendation is null, never an error.
    expect(await latestAiRecommendation(forTenant(db, a.id), c.pk)).to.equal(null);
  });
});
