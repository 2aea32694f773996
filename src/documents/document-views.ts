import type { DocumentSummaryView, DocumentView } from './document.wire';
import type { DocumentDetail, DocumentSummary, PortalDocument } from './documents.repository';
import type { PortalDocumentView } from './portal-document.wire';

/** A document in lists (GET /v1/documents). */
export function documentSummaryView(r: DocumentSummary): DocumentSummaryView {
  return {
    id: r.id, caseId: r.caseId, documentType: r.documentType, filename: r.purgedAt ? null : r.filename, mimeType: r.mimeType,
    sizeBytes: r.sizeBytes, status: r.status, confidence: r.confidence,
    uploadedAt: r.uploadedAt.toISOString(), updatedAt: r.updatedAt.toISOString(), purgedAt: r.purgedAt ? r.purgedAt.toISOString() : null,
  };
}

/** GET /v1/documents/{id}: the full record. */
export function documentView(r: DocumentDetail): DocumentView {
  return {
    ...documentSummaryView(r),
    warnings: r.warnings.map(String),
    missingFields: r.purgedAt ? [] : r.missingFields,
    notes: r.notes,
    extractedData: r.purgedAt ? null : r.extractedData,
  };
}

/** A document as the customer portal shows it. */
export function portalDocumentView(r: PortalDocument): PortalDocumentView {
  return { id: r.id, filename: r.filename, mimeType: r.mimeType, sizeBytes: r.sizeBytes, status: r.status, uploadedAt: r.uploadedAt.toISOString() };
}
