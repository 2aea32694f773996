import { DateTime, Type, type Static } from '../wire';
import { DocumentStatusSchema } from './document.wire';
import { ACCEPTED_MIME_TYPES, MAX_CASE_DOCUMENTS, MAX_FILE_BYTES } from './upload-rules';

/** Wire shapes of the customer portal's documents (documents.list, documents.remove, the upload route). */

/** A document of the customer's case, as the portal shows it. */
export const PortalDocumentSchema = Type.Object({
  id: Type.Integer(),
  filename: Type.String({ description: 'Sanitised; its extension is that of the type the bytes are.' }),
  mimeType: Type.String({ description: 'Sniffed from the bytes: application/pdf, image/jpeg, image/png or image/heic.' }),
  sizeBytes: Type.Integer(),
  status: DocumentStatusSchema,
  uploadedAt: DateTime(),
}, { description: 'A document of the customer\'s case.' });
export type PortalDocumentView = Static<typeof PortalDocumentSchema>;

/** The limits the portal checks before it sends (the server checks them again). */
export const UploadLimitsSchema = Type.Object({
  maxDocuments: Type.Integer({ description: `Documents a case may hold (${MAX_CASE_DOCUMENTS}).` }),
  maxFileBytes: Type.Integer({ description: `Largest file in bytes (${MAX_FILE_BYTES}, 20 MiB).` }),
  acceptedMimeTypes: Type.Array(Type.String()),
});
export type UploadLimitsView = Static<typeof UploadLimitsSchema>;

export const UPLOAD_LIMITS: UploadLimitsView = { maxDocuments: MAX_CASE_DOCUMENTS, maxFileBytes: MAX_FILE_BYTES, acceptedMimeTypes: [...ACCEPTED_MIME_TYPES] };

/** documents.list: the case's documents in upload order, with the limits. */
export const PortalDocumentListSchema = Type.Object({
  documents: Type.Array(PortalDocumentSchema),
  limits: UploadLimitsSchema,
});
export type PortalDocumentListView = Static<typeof PortalDocumentListSchema>;

/** POST /portal/api/documents (201): the documents of the batch, in the order they were sent. */
export const UploadedDocumentsSchema = Type.Object({ documents: Type.Array(PortalDocumentSchema) });
export type UploadedDocumentsView = Static<typeof UploadedDocumentsSchema>;

/** documents.remove input. */
export const RemoveDocumentInputSchema = Type.Object({ id: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });
export type RemoveDocumentInput = Static<typeof RemoveDocumentInputSchema>;
