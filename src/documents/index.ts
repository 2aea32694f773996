export { listDocuments } from './list-documents';
export { getDocument } from './get-document';
export { DOCUMENT_STATUSES, DOCUMENT_CONFIDENCES, type DocumentStatus, type DocumentConfidence } from './document.entity';
export {
  DocumentStatusSchema, DocumentConfidenceSchema, DocumentSummarySchema, DocumentSchema, DocumentListSchema, type DocumentView, type DocumentSummaryView,
} from './document.wire';
export { overrideDocumentStatus, DOCUMENT_OVERRIDE_STATUSES, type DocumentOverrideStatus } from './override-document-status';
