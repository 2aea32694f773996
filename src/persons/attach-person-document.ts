import { forTenant } from '../db/index';
import { auditName, authorize, type Actor } from '../access/index';
import { lockConsoleCase } from '../cases/index';
import { inTransaction } from '../db/transaction';
import { DomainError } from '../errors';
import { recordEvent } from '../events/record-event';
import type { Services } from '../services';
import { personIdOf } from './person-input';
import { ACCEPTED_DOCUMENT_STATUSES, expiryOf, idDocumentType } from './person-views';
import { findCaseDocument, findPerson, insertPersonDocument, isDocumentAttached, listActiveLinksOfCase } from './persons.repository';

/**
 * An analyst attaches an accepted passport or government ID of a case to the person linked to one of that
 * case's parties, so that later cases may reuse it within the tenant's window: person.document_attached
 * (on the document's case). The document's expiry, when extraction read it, is kept as valid_until.
 * not_found for a missing or another tenant's person or document; validation_failed for another kind of
 * document, one not accepted (processing, error, escalated), purged or expired; `conflict` when the
 * document's case has no active link to the person, or the document is attached already.
 */
export async function attachPersonDocument(svc: Services, actor: Actor, input: { personId: number | string; documentId: number | string }): Promise<void> {
  authorize(actor, 'persons:link');
  const personId = personIdOf(input.personId);
  const documentId = personIdOf(input.documentId, 'documentId');
  const orgId = actor.orgId;
  await inTransaction(svc, async (tx) => {
    const db = forTenant(tx.manager, actor);
    const found = await findCaseDocument(db, documentId);
    if (!found) throw DomainError.notFound('Document');
    const c = await lockConsoleCase(db, found.caseId);
    const person = await findPerson(db, personId, true);
    if (!person) throw DomainError.notFound('Person');
    const doc = (await findCaseDocument(db, documentId))!;
    const documentType = idDocumentType(doc.documentType);
    if (!documentType) throw DomainError.validation([{ path: 'documentId', message: 'only a passport or government ID document can be attached to a person' }]);
    if (!(ACCEPTED_DOCUMENT_STATUSES as readonly string[]).includes(doc.status)) {
      throw DomainError.validation([{ path: 'documentId', message: `the document is ${doc.status}; only an accepted document (complete or approved) can be attached` }]);
    }
    if (doc.purgedAt) throw DomainError.validation([{ path: 'documentId', message: 'the document was purged (zero retention)' }]);
    const validUntil = expiryOf(doc.extractedData);
    const today = svc.clock.now().toISOString().slice(0, 10);
    if (validUntil && validUntil < today) throw DomainError.validation([{ path: 'documentId', message: `the document expired on ${validUntil}` }]);
    const links = await listActiveLinksOfCase(db, c.pk);
    if (!links.some((l) => l.personId === personId)) {
      throw new DomainError('conflict', `No party of case ${c.caseId} is linked to person ${personId}; link the party first.`);
    }
    if (await isDocumentAttached(db, personId, documentId)) {
      throw new DomainError('conflict', `Document ${documentId} is already attached to person ${personId}.`);
    }
    const by = auditName(actor);
    await insertPersonDocument(db, { personId, documentId, attachedBy: by, at: svc.clock.now(), validUntil });
    await recordEvent(tx, { orgId, type: 'person.document_attached', case: { pk: c.pk }, fields: { personId, documentId, documentType, attachedBy: by } });
  });
}
