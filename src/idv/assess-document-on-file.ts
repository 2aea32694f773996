import { forTenant } from '../db/index';
import type { Tx } from '../db/transaction';
import { findReusableIdDocument } from '../persons/index';
import { documentProblems, satisfiedReason, type Acceptance, type DocumentOnFile, type DocumentOnFileReason, type IdDocument } from './document-on-file';
import { findIdDocument, findIdvSettings, isPassedByVerifier, listCaseIdDocuments, type CasePerson } from './verifications.repository';

/** Case documents weighed (and explained) per person at most: the newest. */
const MAX_CASE_DOCUMENTS = 3;

/**
 * Whether a passport or ID card already on file satisfies one person of a case instead of a verification
 * link, and why or why not (see document-on-file.ts for the rules each document must meet). Never when the
 * tenant requires a selfie or verifies through a hosted vendor, unless a compliance admin let a document on
 * file stand in anyway (idv_accept_document_on_file). The candidates: the case's own passports and ID cards
 * (newest first), then the person registry's document, reused only through a link an analyst made (typed
 * data alone never reuses another case's document). Reads only.
 */
export async function assessDocumentOnFile(tx: Tx, input: { orgId: string; casePk: number; person: CasePerson }): Promise<DocumentOnFile> {
  const { orgId, casePk, person } = input;
  const db = forTenant(tx.manager, orgId);
  const settings = await findIdvSettings(db);
  const reasons: DocumentOnFileReason[] = [];
  if (!settings.acceptDocumentOnFile) {
    if (settings.requireSelfie) {
      reasons.push({ code: 'selfie_required', text: 'The organisation requires a selfie, and accepting a document on file instead is turned off.' });
    }
    if (tx.services.idv.flow === 'hosted_flow') {
      reasons.push({ code: 'hosted_vendor', text: 'Identities are verified by the hosted vendor, and accepting a document on file instead is turned off.' });
    }
    if (reasons.length) return notSatisfied(reasons);
  }
  if (!person.dateOfBirth) return notSatisfied([{ code: 'no_birth_date', text: 'The application gives no date of birth to compare a document with.' }]);
  const ctx = { now: tx.services.clock.now(), reuseWindowDays: settings.reuseWindowDays };

  const caseDocs = (await listCaseIdDocuments(db, casePk)).slice(0, MAX_CASE_DOCUMENTS);
  for (const doc of caseDocs) {
    const acceptedBy: Acceptance = doc.status === 'approved' ? 'analyst' : (await isPassedByVerifier(db, doc.id)) ? 'verifier' : null;
    const problems = documentProblems(doc, person, { ...ctx, acceptedBy });
    if (problems.length === 0) return satisfied(doc, 'case', acceptedBy!);
    reasons.push(...problems);
  }

  const registry = await findReusableIdDocument(tx, { orgId, casePk, personKey: person.personKey });
  if (registry.status === 'reusable') {
    const doc = await findIdDocument(db, registry.documentId);
    if (doc) {
      // Attached to the person by an analyst (attachPersonDocument): the analyst accepted it as theirs.
      const acceptedBy: Acceptance = (await isPassedByVerifier(db, doc.id)) ? 'verifier' : 'analyst';
      const problems = documentProblems(doc, person, { ...ctx, acceptedBy });
      if (problems.length === 0) return satisfied(doc, 'registry', acceptedBy);
      reasons.push(...problems);
    }
  } else if (registry.status === 'unconfirmed_link') {
    reasons.push({
      code: 'registry_link_unconfirmed',
      text: `The person registry links this party to person ${registry.personId} from typed data only; an analyst must confirm the link before a document of the registry is reused.`,
    });
  } else if (registry.status === 'proposed') {
    reasons.push({
      code: 'registry_match_proposed',
      text: `The person registry proposes person ${registry.personId} from typed data (name, date of birth, email or passport number); an analyst must link them before a document of the registry is reused.`,
    });
  } else if (registry.status === 'no_document') {
    reasons.push({ code: 'registry_no_document', text: `Person ${registry.personId} of the registry has no reusable passport or ID card attached within the reuse window.` });
  }
  if (reasons.length === 0) reasons.push({ code: 'no_document', text: 'No passport or ID card of this person is on file.' });
  return notSatisfied(reasons);
}

function notSatisfied(reasons: DocumentOnFileReason[]): DocumentOnFile {
  return { satisfied: false, documentId: null, reasons };
}

function satisfied(doc: IdDocument, from: 'case' | 'registry', acceptedBy: Exclude<Acceptance, null>): DocumentOnFile {
  return { satisfied: true, documentId: doc.id, reasons: [satisfiedReason(doc, from, acceptedBy)] };
}
