import { DateTime, Nullable, OptionalText, PageOf, StringEnum, Type, type Static } from '../wire';
import { DOCUMENT_CONFIDENCES, DOCUMENT_STATUSES } from './document.entity';

/** Wire shapes of documents (GET /v1/documents, GET /v1/documents/{id}). */
export const DocumentStatusSchema = StringEnum(DOCUMENT_STATUSES, { description: 'Events show complete, error, approved, escalated; `processing` until extraction ends.' });
export const DocumentConfidenceSchema = StringEnum(DOCUMENT_CONFIDENCES, { description: 'How sure the extraction is.' });

const summaryFields = {
  id: Type.Integer(),
  caseId: Type.String(),
  documentType: OptionalText({ description: 'What extraction found the document to be: passport, id_card, certificate_of_incorporation, register_extract, proof_of_address or other; null until extracted.' }),
  filename: OptionalText({ description: 'Null once zero retention purged the document (purgedAt): file names often name people.' }),
  mimeType: Type.String(),
  sizeBytes: Type.Integer(),
  status: DocumentStatusSchema,
  confidence: Nullable(DocumentConfidenceSchema),
  uploadedAt: DateTime(),
  updatedAt: DateTime(),
  purgedAt: Nullable(DateTime(), {
    description: 'When zero retention purged the file and its extraction (filename and extractedData are null from then on, the bytes deleted); '
      + 'null while the service holds them. See docs/retention.md.',
  }),
};

/** A document in lists (GET /v1/documents). */
export const DocumentSummarySchema = Type.Object(summaryFields, { description: 'A document in lists.' });
export type DocumentSummaryView = Static<typeof DocumentSummarySchema>;

/** GET /v1/documents/{id}: the full record including extractedData. */
export const DocumentSchema = Type.Object({
  ...summaryFields,
  warnings: Type.Array(Type.String(), { description: 'What extraction noticed, as plain sentences (a failed MRZ check digit, an expired document, a stale proof of address).' }),
  missingFields: Type.Array(Type.String(), { description: 'The fields expected of this documentType that extraction did not find.' }),
  notes: OptionalText({ description: 'Why extraction failed, when status is error.' }),
  extractedData: Nullable(Type.Record(Type.String(), Type.Unknown()), {
    description: 'Structured fields found: dates as YYYY-MM-DD, countries as the document writes them (ISO 3166 alpha-3 in an MRZ); `source` and `engine` say how it was read. Null once purged (purgedAt).',
  }),
}, { description: 'The full document record.' });
export type DocumentView = Static<typeof DocumentSchema>;

export const DocumentListSchema = PageOf(DocumentSummarySchema, 'Newest first by id.');
