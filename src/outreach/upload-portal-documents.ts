import type { Actor } from '../access/index';
import { portalCustomer, uploadDocuments, type UploadedDocumentsView, type UploadedFile } from '../documents/index';
import type { Services } from '../services';
import { assertItemOpen, receiveRequestedItemInTx } from './requested-items';

/**
 * The customer portal's upload: documents for the application, or, with `item` (`edd:<key>` or
 * `document:<key>`, an item the tenant asked for by email), evidence for that item, which is accepted
 * while the case is open (even after submission) and marked received in the upload's transaction.
 */
export async function uploadPortalDocuments(
  svc: Services, actor: Actor, input: { files: AsyncIterable<UploadedFile>; item?: string },
): Promise<UploadedDocumentsView> {
  const { item, files } = input;
  if (item === undefined) return uploadDocuments(svc, actor, { files });
  const customer = portalCustomer(actor);
  return uploadDocuments(svc, actor, {
    files,
    evidence: {
      check: () => assertItemOpen(svc, customer, item),
      receiveInTx: (tx) => receiveRequestedItemInTx(tx, customer, item),
    },
  });
}
