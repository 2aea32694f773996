import type { DocumentSummaryView, DocumentView } from './document.wire';
import type { DocumentRow, DocumentSummaryRow, PortalDocumentRow } from './documents.repository';
import type { PortalDocumentView } from './portal-document.wire';

const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

/** A document in lists (GET /v1/documents). */
export function documentSummaryView(r: DocumentSummaryRow): DocumentSummaryView {
  return {
    id: Number(r.id), caseId: r.case_id, documentType: r.document_type, filename: r.purged_at ? null : r.filename, mimeType: r.mime_type,
    sizeBytes: Number(r.size_bytes), status: r.status, confidence: r.confidence,
    uploadedAt: r.uploaded_at.toISOString(), updatedAt: r.updated_at.toISOString(), purgedAt: r.purged_at ? r.purged_at.toISOString() : null,
  };
}

/** GET /v1/documents/{id}: the full record. */
export function documentView(r: DocumentRow): DocumentView {
  return {
    ...documentSummaryView(r),
    warnings: json<unknown[]>(r.warnings).map(String),
    missingFields: r.purged_at ? [] : json<string[]>(r.missing_fields),
    notes: r.notes,
    extractedData: r.purged_at ? null : json<Record<string, unknown>>(r.extracted_data),
  };
}

/** A document as the customer portal shows it. */
export function portalDocumentView(r: PortalDocumentRow): PortalDocumentView {
  return { id: Number(r.id), filename: r.filename, mimeType: r.mime_type, sizeBytes: Number(r.size_bytes), status: r.status, uploadedAt: r.uploaded_at.toISOString() };
}
