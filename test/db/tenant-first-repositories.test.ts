import { forTenant } from '../../src/db/index';
import { expect } from 'chai';
import {
  findCaseByCrmRecordId, findCaseDetailRow, findCasePk, findCaseRow, findCaseRowByPk, findCompanyProfile, findLatestRiskAssessment,
  findOpenCaseByEmailKey, listCasePage, listCaseParties, listRosterParties, updateCrmRecordId, updateOnboardingStage,
} from '../../src/cases/cases.repository';
import { findLatestDecision, listDecisionPage } from '../../src/cases/decisions.repository';
import { emailKey } from '../../src/cases/index';
import {
  countDocumentsOfCase, deleteDocumentOfCase, findDocument, findDocumentOfCase, insertUploadedDocument, listCaseDocuments, listDocumentPage,
  listUnsettledDocuments, listDocumentsOfCase, referencedBlobKeys,
} from '../../src/documents/documents.repository';
import { listUnverifiedPersons } from '../../src/idv/index';
import { recountCaseScreening } from '../../src/cases/case-columns.repository';
import { findHit, listHitPage, listOpenHits, updateHitDisposition } from '../../src/screening/screening.repository';
import type { Runtime } from '../../bin/compose';
import { seedDecision, seedDocument, seedHit, seedParty, seedRisk } from '../rest/factories';
import { seedCase } from '../rest/harness';
import { rejection } from '../support/rejection';
import { newTenant, runtime } from '../support/runtime';

/**
 * The repositories of cases, decisions, documents and screening take the tenant first. Most of their
 * functions are reached with a pk that a tenant-scoped lookup found, so the REST isolation test cannot
 * see a missing `org_id = ?`: here each one is given another tenant's id with tenant A's pk, case id,
 * document id or hit id, and must find and change nothing (and find A's row when given A's id).
 */
describe('repositories: every function is scoped to the tenant it is given', () => {
  let rt: Runtime;
  let a: string;
  let b: string;
  let caseId: string;
  let pk: number;
  let docId: number;
  const email = 'tenant-first@example.com';
  before(async () => {
    rt = await runtime();
    a = (await newTenant(rt)).id;
    b = (await newTenant(rt)).id;
    ({ caseId, pk } = await seedCase(rt.svc, a, { customerEmail: email }));
    await updateCrmRecordId(forTenant(rt.svc.db, a), pk, 'A-REC', new Date());
    await seedDecision(rt.svc, a, pk);
    await seedRisk(rt.svc, a, pk);
    await seedHit(rt.svc, a, pk, { hitId: 'a-hit' });
    docId = await seedDocument(rt.svc, a, pk);
    await seedDocument(rt.svc, a, pk, { status: 'error', filename: 'unreadable.pdf' });
    await insertUploadedDocument(forTenant(rt.svc.db, a), pk, { filename: 'a.pdf', mimeType: 'application/pdf', sizeBytes: 3, blobKey: 'a'.repeat(32), sha256: 'b'.repeat(64) }, new Date());
    await seedParty(rt.svc, a, pk, { kind: 'director', position: 0, name: 'Ada Director' });
    await rt.svc.db.query(`UPDATE case_parties SET verification_status = 'link_sent' WHERE org_id = ? AND case_pk = ?`, [a, pk]);
  });

  /** A row, or a non-empty list of rows (a case pk is a number). */
  const found = (v: unknown) => (Array.isArray(v) ? v.length > 0 : v !== null);

  it('reads: found in its own tenant, nothing in another', async () => {
    const db = rt.svc.db;
    const reads: [string, (org: string) => Promise<unknown>][] = [
      ['findCasePk', (org) => findCasePk(forTenant(db, org), caseId)],
      ['findCaseRowByPk', (org) => findCaseRowByPk(forTenant(db, org), pk)],
      ['findCaseByCrmRecordId', (org) => findCaseByCrmRecordId(forTenant(db, org), 'A-REC')],
      ['findOpenCaseByEmailKey', (org) => findOpenCaseByEmailKey(forTenant(db, org), emailKey(email))],
      ['listCasePage', (org) => listCasePage(forTenant(db, org), { after: null, limit: 10 })],
      ['findCompanyProfile', (org) => findCompanyProfile(forTenant(db, org), pk)],
      ['listCaseParties', (org) => listCaseParties(forTenant(db, org), pk)],
      ['listRosterParties', (org) => listRosterParties(forTenant(db, org), pk)],
      ['findLatestRiskAssessment', (org) => findLatestRiskAssessment(forTenant(db, org), pk)],
      ['findLatestDecision', (org) => findLatestDecision(forTenant(db, org), pk)],
      ['listDecisionPage', (org) => listDecisionPage(forTenant(db, org), pk, { after: null, limit: 10 })],
      ['listDocumentPage', (org) => listDocumentPage(forTenant(db, org), { after: null, limit: 10 })],
      ['listDocumentPage of a case', (org) => listDocumentPage(forTenant(db, org), { casePk: pk, after: null, limit: 10 })],
      ['findDocument', (org) => findDocument(forTenant(db, org), String(docId))],
      ['listCaseDocuments', (org) => listCaseDocuments(forTenant(db, org), pk)],
      ['listDocumentsOfCase', (org) => listDocumentsOfCase(forTenant(db, org), pk)],
      ['countDocumentsOfCase', async (org) => ((await countDocumentsOfCase(forTenant(db, org), pk)) > 0 ? [1] : [])],
      ['findDocumentOfCase', (org) => findDocumentOfCase(forTenant(db, org), pk, docId)],
      ['referencedBlobKeys', async (org) => [...(await referencedBlobKeys(forTenant(db, org), ['a'.repeat(32)]))]],
      ['listHitPage', (org) => listHitPage(forTenant(db, org), pk, { after: null, limit: 10 })],
      ['findHit', (org) => findHit(forTenant(db, org), pk, 'a-hit')],
      ['listOpenHits', (org) => listOpenHits(forTenant(db, org), pk)],
      ['listUnsettledDocuments', (org) => listUnsettledDocuments(forTenant(db, org), pk)],
      ['listUnverifiedPersons', (org) => listUnverifiedPersons(forTenant(db, org), pk)],
    ];
    for (const [name, read] of reads) {
      const own = await read(a);
      expect(found(own), `${name} in its own tenant`).to.equal(true);
      expect(found(await read(b)), `${name} in another tenant`).to.equal(false);
    }
    for (const find of [findCaseRow, findCaseDetailRow]) {
      expect((await find(forTenant(db, a), caseId)).caseId).to.equal(caseId);
      const err = await rejection(find(forTenant(db, b), caseId));
      expect(err.code, find.name).to.equal('not_found');
    }
  });

  it("writes: another tenant's id changes nothing", async () => {
    const db = rt.svc.db;
    const row = async () => (await findCaseRowByPk(forTenant(db, a), pk))!;
    await db.query('UPDATE cases SET total_hits = 7 WHERE org_id = ? AND pk = ?', [a, pk]);

    await updateCrmRecordId(forTenant(db, b), pk, 'stolen', new Date());
    expect(await updateOnboardingStage(forTenant(db, b), pk, 'invite_sent', ['created'], new Date())).to.equal(false);
    expect(await updateHitDisposition(forTenant(db, b), pk, 'a-hit', { disposition: 'false_positive', note: null, by: 'x', at: new Date() })).to.equal(false);
    await recountCaseScreening(forTenant(db, b), pk, new Date());
    expect(await deleteDocumentOfCase(forTenant(db, b), pk, docId)).to.equal(false);
    const inserted = await insertUploadedDocument(forTenant(db, b), pk, { filename: 'x.pdf', mimeType: 'application/pdf', sizeBytes: 1, blobKey: 'c'.repeat(32), sha256: 'd'.repeat(64) }, new Date())
      .then(() => 'inserted', (err: Error) => err.message);
    expect(inserted).to.equal(`insertUploadedDocument: case ${pk} is not in tenant ${b}`);
    expect(await listDocumentsOfCase(forTenant(db, b), pk)).to.deep.equal([]);
    expect(await findDocumentOfCase(forTenant(db, a), pk, docId)).to.not.equal(null);
    expect(await row()).to.include({ crmRecordId: 'A-REC', onboardingStage: 'created', totalHits: 7 });
    expect((await findHit(forTenant(db, a), pk, 'a-hit'))!.disposition).to.equal(null);

    // The same calls with the case's own tenant do change it.
    await recountCaseScreening(forTenant(db, a), pk, new Date());
    expect(await updateOnboardingStage(forTenant(db, a), pk, 'invite_sent', ['created'], new Date())).to.equal(true);
    expect(await row()).to.include({ onboardingStage: 'invite_sent', totalHits: 1 });
  });
});
