import { forTenant } from '../db/index';
import { authorize, type Actor } from '../access/index';
import { lockConsoleCase } from '../cases/index';
import { recordRosterChange } from '../cases/index';
import { inTransaction } from '../db/transaction';
import type { Services } from '../services';
import { assessDocumentOnFile } from './assess-document-on-file';
import { satisfyByDocument } from './satisfy-by-document';
import { findVerificationOfPerson, listCasePersons, setDocumentOnFile } from './verifications.repository';

/**
 * After an analyst linked a case party to a person of the registry (the console's linkPerson): when that
 * person's verification is still open (a link sent and not yet used, or no email to send one) on a case not
 * decided, the document-on-file check runs again; a document that now satisfies them spends the link
 * (idv.satisfied_by_document, roster `verified`), and what the check found is kept either way. Before the
 * verify step (no verification yet) nothing happens: the step will check. Returns whether the person was
 * satisfied (the case's pipeline, whose route step may be waiting for them, resumes on
 * idv.satisfied_by_document by itself).
 */
export async function recheckDocumentOnFile(
  svc: Services, actor: Actor, input: { caseId: string; personKey: string },
): Promise<{ satisfied: boolean }> {
  authorize(actor, 'idv:resend');
  const orgId = actor.orgId;
  return inTransaction(svc, async (tx) => {
    const db = forTenant(tx.manager, actor);
    const c = await lockConsoleCase(db, input.caseId);
    const ref = { orgId, casePk: c.pk };
    const unchanged = { satisfied: false };
    if (c.status === 'approved' || c.status === 'declined') return unchanged;
    const person = (await listCasePersons(db, c.pk)).find((p) => p.personKey === input.personKey);
    const v = person ? await findVerificationOfPerson(db, c.pk, person.personKey, true) : null;
    if (!person || !v || (v.state !== 'link_sent' && v.state !== 'no_email')) return unchanged;
    const onFile = await assessDocumentOnFile(tx, { ...ref, person });
    if (!onFile.satisfied || onFile.documentId === null) {
      await setDocumentOnFile(db, c.pk, person.personKey, onFile);
      return unchanged;
    }
    if (await satisfyByDocument(tx, ref, person, { ...onFile, documentId: onFile.documentId })) await recordRosterChange(tx, ref);
    return { satisfied: true };
  });
}
