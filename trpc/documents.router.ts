import { listPortalDocuments, removeDocument, RemoveDocumentInputSchema } from '../src/documents/index';
import { customerProcedure, router, typebox } from './trpc';

/**
 * `documents.*`: the documents of the customer's case. Uploads are not a procedure: they stream through
 * `POST {APP_URL}/portal/api/documents` (rest/portal/documents.routes.ts), see docs/portal.md.
 */
export const documentsRouter = router({
  /** The case's documents in upload order, with the upload limits (for checks before sending). */
  list: customerProcedure.query(({ ctx }) => listPortalDocuments(ctx.svc, ctx.customer)),
  /** Removes one of the case's documents, before the application is submitted. */
  remove: customerProcedure.input(typebox(RemoveDocumentInputSchema)).mutation(({ ctx, input }) => removeDocument(ctx.svc, ctx.customer, input)),
});
