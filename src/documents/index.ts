export { listDocuments } from './list-documents';
export { getDocument } from './get-document';
export { DOCUMENT_STATUSES, DOCUMENT_CONFIDENCES, type DocumentStatus, type DocumentConfidence } from './document.entity';
export {
  DocumentStatusSchema, DocumentConfidenceSchema, DocumentSummarySchema, DocumentSchema, DocumentListSchema, type DocumentView, type DocumentSummaryView,
} from './document.wire';
export { overrideDocumentStatus, DOCUMENT_OVERRIDE_STATUSES, type DocumentOverrideStatus } from './override-document-status';
export {
  uploadDocuments, DOCUMENT_UPLOADED_TASK, stageFile, discardStaged, insertStagedDocuments, type UploadedFile, type StagedFile, type EvidenceFor,
} from './upload-documents';
export { portalCustomer } from './portal-customer';
export { listPortalDocuments } from './list-portal-documents';
export { removeDocument } from './remove-document';
export { MAX_FILE_BYTES, MAX_CASE_DOCUMENTS, ACCEPTED_TYPES, ACCEPTED_MIME_TYPES, sanitizeFilename, cleanFilename, sniffDocumentType } from './upload-rules';
export {
  PortalDocumentSchema, PortalDocumentListSchema, UploadedDocumentsSchema, UploadLimitsSchema, RemoveDocumentInputSchema, UPLOAD_LIMITS,
  type PortalDocumentView, type PortalDocumentListView, type UploadedDocumentsView, type RemoveDocumentInput,
} from './portal-document.wire';
export { extractDocument, type ExtractDocumentResult } from './extract-document';
export { sweepDocumentExtraction } from './sweep-document-extraction';
export {
  DOCUMENT_TYPES, ExtractionError, type DocumentType, type DocumentExtractor, type ExtractionInput, type ExtractionResult,
} from './document-extractor';
export { LocalDocumentExtractor, type LocalExtractorOptions } from './extraction/local-extractor';
export { listUnsettledDocuments, listCaseDocuments, listDocumentsOfCases, listDocumentDigests, type DocumentDetail, type DocumentDigest } from './documents.repository';
export { DEFAULT_PDF_LIMITS, type PdfLimits } from './extraction/pdf-text';
export { DOCUMENT_EXTRACTION_FAILED, type FailedExtraction } from './extraction-failed';
export { documentsModule } from './module';
export { declaredDocumentType } from './extraction/classify';
export { documentView } from './document-views';
export { countCaseDocuments, listCaseExtractions } from './sql/case-document-counts';
export { purgeDocumentsOfCase, purgeDocumentsByIds, listPurgedBlobKeys, clearPurgedBlobKey, listLeftoverPurgedBlobs } from './purged-documents.repository';
