import { recordAudit } from '../audit/record-audit';
import { eraseCaseCustomerContact, erasePartiesOfPerson } from '../cases/index';
import { purgeCustomerEmailsToPerson } from '../customer-emails/index';
import { forTenant } from '../db/index';
import type { Tx } from '../db/transaction';
import { purgeDocumentsByIds } from '../documents/index';
import { listVerificationDocumentIds } from '../idv/index';
import { eraseHitSubjectsOf } from '../screening/index';
import { findCaseSubjects } from './subject-access.repository';

/** A data subject as one case knows them: their party rows (person keys), their email addresses, the documents attached to them. */
export interface SubjectOnCase {
  personKeys: string[];
  /** Lower-case addresses. */
  emails: string[];
  /** Documents of this case attached to the person in the registry. */
  documentIds: number[];
}

/** What a per-person erasure removed on one case (row counts), for its audit line. */
export interface PersonErasedCounts {
  parties: number;
  screeningHits: number;
  documents: number;
  customerEmails: number;
  customerContact: number;
}

/**
 * Whether erasing `subject` on a case means erasing the whole case's personal data: only when nobody else's is on it
 * (every party of the case is the person, and the case's customer is the person or there is none). A case where the
 * person is one of several directors or owners, or whose applicant is someone else, keeps the others' data.
 */
export async function isSoleSubject(tx: Tx, orgId: string, casePk: number, subject: SubjectOnCase): Promise<boolean> {
  const { customerEmail, personKeys } = await findCaseSubjects(forTenant(tx.manager, orgId), casePk);
  const othersParties = personKeys.some((k) => !subject.personKeys.includes(k));
  const otherCustomer = customerEmail !== null && !subject.emails.includes(customerEmail);
  return !othersParties && !otherCustomer;
}

/**
 * An erasure request's erasure of one person on a case whose other people stay, in the caller's transaction (the case
 * row locked, every gate passed): through each owning feature, their party rows lose their personal fields, the
 * screening hits of those parties their subject names, their documents (attached to them in the registry, or of their
 * identity verification) are purged (blobs deleted after commit, deletePurgedBlobs), the case's emails to them are
 * emptied (an unsent one cancelled), and, when they are the case's customer, its customer contact goes. The case is
 * not marked purged and issues no deletion certificate; the audit log records `case.person_data.erased`.
 */
export async function erasePersonOnLockedCase(
  tx: Tx,
  p: { orgId: string; casePk: number; caseId: string; actorName: string; requestId: number; personId: number; subject: SubjectOnCase },
): Promise<{ erasedAt: Date; counts: PersonErasedCounts }> {
  const db = forTenant(tx.manager, p.orgId);
  const now = tx.services.clock.now();
  const { customerEmail } = await findCaseSubjects(db, p.casePk);
  const { parties, subjectIds } = await erasePartiesOfPerson(db, p.casePk, p.subject.personKeys);
  const screeningHits = await eraseHitSubjectsOf(db, p.casePk, subjectIds);
  const documentIds = [...new Set([...p.subject.documentIds, ...await listVerificationDocumentIds(db, p.casePk, p.subject.personKeys)])];
  const documents = await purgeDocumentsByIds(db, p.casePk, documentIds, now);
  const customerEmails = await purgeCustomerEmailsToPerson(db, p.casePk, p.subject.emails);
  const customerContact = customerEmail !== null && p.subject.emails.includes(customerEmail) ? await eraseCaseCustomerContact(db, p.casePk, now) : 0;
  const counts = { parties, screeningHits, documents, customerEmails, customerContact };
  await recordAudit(tx, {
    orgId: p.orgId, actor: p.actorName, action: 'case.person_data.erased',
    details: { caseId: p.caseId, basis: 'erasure_request', requestId: p.requestId, personId: p.personId, scope: 'person', counts, erasedAt: now.toISOString() },
    at: now,
  });
  return { erasedAt: now, counts };
}
