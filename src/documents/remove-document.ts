import { forTenant } from '../db/index';
import type { Actor } from '../access/index';
import { lockCaseRow } from '../cases/index';
import { inTransaction } from '../db/transaction';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { portalDocumentView } from './document-views';
import { deleteDocumentOfCase, findDocumentOfCase } from './documents.repository';
import type { PortalDocumentView, RemoveDocumentInput } from './portal-document.wire';
import { assertDocumentsOpen, portalCustomer } from './portal-customer';

/**
 * documents.remove: the customer removes a document of their own case, before the application is
 * submitted (afterwards: conflict). Another case's document, or another tenant's, is not_found. The
 * row goes in a transaction that holds the case's lock (so a submission cannot slip in between); the
 * bytes are deleted from the BlobStore after commit.
 */
export async function removeDocument(svc: Services, actor: Actor, input: RemoveDocumentInput): Promise<PortalDocumentView> {
  const { orgId, casePk } = portalCustomer(actor);
  if (!Number.isSafeInteger(input.id) || input.id < 1) throw DomainError.notFound('Document');
  return inTransaction(svc, async (tx) => {
    const db = forTenant(tx.manager, orgId);
    const c = await lockCaseRow(db, casePk);
    const doc = c && (await findDocumentOfCase(db, casePk, input.id));
    if (!c || !doc) throw DomainError.notFound('Document');
    assertDocumentsOpen(c.status, 'removed');
    await deleteDocumentOfCase(db, casePk, input.id);
    const key = doc.blobKey;
    if (key) tx.afterCommit(() => svc.blobs.delete(key));
    return portalDocumentView(doc);
  });
}
