import { forTenant } from '../../src/db/index';
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import {
  findApplicationProfile, listApplicationParties, lockCaseStatus, markReviewConfirmed, replaceParties, updateApplicationProfile,
  updateCaseCompany, transitionCaseStatus,
} from '../../src/cases/application.repository';
import { countCaseDocuments, listCaseExtractions } from '../../src/documents/sql/case-document-counts';
import type { Runtime } from '../../bin/compose';
import { seedDocument, seedParty } from '../rest/factories';
import { seedCase } from '../rest/harness';
import { newTenant, runtime } from '../support/runtime';

/**
 * The portal's repository functions (application.repository.ts, documents/sql/case-document-counts.ts)
 * given another tenant's id with tenant A's case pk find and change nothing, and find A's rows with A's id.
 */
describe('repositories: the portal application functions are scoped to the tenant they are given', () => {
  let rt: Runtime;
  let a: string;
  let b: string;
  let pk: number;
  let bare: number;
  before(async () => {
    rt = await runtime();
    a = (await newTenant(rt)).id;
    b = (await newTenant(rt)).id;
    ({ pk } = await seedCase(rt.svc, a, { companyName: 'Tenant A Ltd' }));
    await seedParty(rt.svc, a, pk, { kind: 'director', position: 0, name: 'Ada Director' });
    await seedDocument(rt.svc, a, pk, { status: 'processing', extractedData: {} });
    await seedDocument(rt.svc, a, pk, { status: 'complete', extractedData: { companyName: 'A' } });
    // A case of A without a company profile (the insert paths).
    ({ pk: bare } = await seedCase(rt.svc, a, { companyName: 'Bare Ltd' }));
    await rt.svc.db.query('DELETE FROM company_profiles WHERE case_pk = ?', [bare]);
  });

  const snapshot = async () => ({
    cases: await rt.svc.db.query('SELECT status, company_name, company_number, country FROM cases WHERE pk IN (?, ?) ORDER BY pk', [pk, bare]),
    profiles: await rt.svc.db.query('SELECT case_pk, org_id, tax_id, has_ubos, review_confirmed_at FROM company_profiles WHERE case_pk IN (?, ?) ORDER BY case_pk', [pk, bare]),
    parties: await rt.svc.db.query('SELECT org_id, case_pk, kind, name FROM case_parties WHERE case_pk IN (?, ?) ORDER BY id', [pk, bare]),
  });

  it('reads nothing of A for B', async () => {
    expect(await findApplicationProfile(forTenant(rt.svc.db, b), pk)).to.equal(null);
    expect(await listApplicationParties(forTenant(rt.svc.db, b), pk)).to.deep.equal([]);
    expect(await lockCaseStatus(forTenant(rt.svc.db, b), pk)).to.equal(null);
    expect(await countCaseDocuments(forTenant(rt.svc.db, b), pk)).to.deep.equal({ total: 0, awaitingExtraction: 0 });
    expect(await listCaseExtractions(forTenant(rt.svc.db, b), pk)).to.deep.equal([]);
    // ... and A's with A's id.
    expect((await findApplicationProfile(forTenant(rt.svc.db, a), pk))!.companyName).to.equal('Tenant A Ltd');
    expect((await listApplicationParties(forTenant(rt.svc.db, a), pk)).map((p) => p.name)).to.deep.equal(['Ada Director']);
    expect(await lockCaseStatus(forTenant(rt.svc.db, a), pk)).to.equal('in_progress');
    expect(await countCaseDocuments(forTenant(rt.svc.db, a), pk)).to.deep.equal({ total: 2, awaitingExtraction: 1 });
    expect(await listCaseExtractions(forTenant(rt.svc.db, a), pk)).to.have.length(1);
  });

  it('changes nothing of A for B, and creates no row under B for A\'s case', async () => {
    const before = await snapshot();
    const now = new Date();
    for (const casePk of [pk, bare]) {
      await updateApplicationProfile(forTenant(rt.svc.db, b), casePk, { taxId: 'B-TAX', hasUbos: true }, now);
      await markReviewConfirmed(forTenant(rt.svc.db, b), casePk, now);
      for (const kind of ['director', 'ubo'] as const) {
        await replaceParties(forTenant(rt.svc.db, b), casePk, kind, [{
          personKey: randomUUID(), name: 'Intruder', email: null, roles: [], ownershipPercent: null, nationality: null, dateOfBirth: null,
          idNumber: null, idCountry: null, countryOfResidence: null, verificationStatus: null,
        }]);
      }
      expect(await transitionCaseStatus(forTenant(rt.svc.db, b), casePk, 'in_progress', 'in_review', now)).to.equal(false);
      await updateCaseCompany(forTenant(rt.svc.db, b), casePk, { companyName: 'B Ltd', companyNumber: 'B-1', country: 'FR' }, now);
    }
    expect(await snapshot()).to.deep.equal(before);
    // A's own id writes A's rows (the insert path included).
    await updateApplicationProfile(forTenant(rt.svc.db, a), bare, { taxId: 'A-TAX' }, now);
    expect((await findApplicationProfile(forTenant(rt.svc.db, a), bare))!.taxId).to.equal('A-TAX');
  });
});
