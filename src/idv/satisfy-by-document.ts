import { forTenant } from '../db/index';
import type { Tx } from '../db/transaction';
import { recordEvent } from '../events/record-event';
import type { DocumentOnFile } from './document-on-file';
import { upsertVerification, type CasePerson } from './verifications.repository';
import { setPartyRosterStatus } from '../cases/index';

/**
 * Records that a document on file satisfied one person of a case, in the caller's transaction: the
 * verification `satisfied` (any link it had is spent), what the check found, idv.satisfied_by_document, and
 * roster `verified`. Returns whether the roster changed.
 */
export async function satisfyByDocument(
  tx: Tx, ref: { orgId: string; casePk: number }, person: CasePerson, onFile: DocumentOnFile & { documentId: number },
): Promise<boolean> {
  const db = forTenant(tx.manager, ref.orgId);
  const now = tx.services.clock.now();
  await upsertVerification(db, ref.casePk, person.personKey, {
    state: 'satisfied', satisfiedByDocId: onFile.documentId, tokenHash: null, documentOnFile: onFile, completedAt: now,
  }, now);
  await recordEvent(tx, {
    orgId: ref.orgId, type: 'idv.satisfied_by_document', case: { pk: ref.casePk },
    fields: { personName: person.name, personEmail: person.email, personKey: person.personKey, roles: person.roles, satisfiedByDocId: onFile.documentId },
  });
  return setPartyRosterStatus(db, ref.casePk, person.personKey, 'verified');
}
