import { modeCondition, type TenantDb } from '../db/index';
import { crossTenant } from '../db/cross-tenant';
import type { Queryable } from '../db/queryable';
import { isCaseId } from '../cases/index';
import type { DocumentConfidence, DocumentStatus } from './document.entity';

/** The SQL of documents. Every function takes a tenant-bound handle (forTenant over a manager or the pool); the extraction sweep spans tenants (crossTenant). */

const SUMMARY_COLUMNS = 'd.id, c.case_id, d.document_type, d.filename, d.mime_type, d.size_bytes, d.status, d.confidence, d.uploaded_at, d.updated_at, d.purged_at';

/** A document as the lists show it (with its case's public id). */
export interface DocumentSummary {
  id: number;
  caseId: string;
  documentType: string | null;
  filename: string;
  mimeType: string;
  sizeBytes: number;
  status: DocumentStatus;
  confidence: DocumentConfidence | null;
  uploadedAt: Date;
  updatedAt: Date;
  /** When zero retention purged it, or null. */
  purgedAt: Date | null;
}

/** A document with its extraction. */
export interface DocumentDetail extends DocumentSummary {
  warnings: unknown[];
  missingFields: string[];
  notes: string | null;
  extractedData: Record<string, unknown>;
}

interface DocumentSummaryRow {
  id: number;
  case_id: string;
  document_type: string | null;
  filename: string;
  mime_type: string;
  size_bytes: number;
  status: DocumentStatus;
  confidence: DocumentConfidence | null;
  uploaded_at: Date;
  updated_at: Date;
  purged_at: Date | null;
}

/** JSON columns come back as text (MariaDB's JSON is LONGTEXT) or parsed. */
interface DocumentRow extends DocumentSummaryRow {
  warnings: unknown[] | string;
  missing_fields: string[] | string;
  notes: string | null;
  extracted_data: Record<string, unknown> | string;
}

const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

function toDocumentSummary(r: DocumentSummaryRow): DocumentSummary {
  return {
    id: r.id, caseId: r.case_id, documentType: r.document_type, filename: r.filename, mimeType: r.mime_type, sizeBytes: r.size_bytes,
    status: r.status, confidence: r.confidence, uploadedAt: r.uploaded_at, updatedAt: r.updated_at, purgedAt: r.purged_at,
  };
}

function toDocumentDetail(r: DocumentRow): DocumentDetail {
  return {
    ...toDocumentSummary(r), warnings: json<unknown[]>(r.warnings), missingFields: json<string[]>(r.missing_fields), notes: r.notes,
    extractedData: json<Record<string, unknown>>(r.extracted_data),
  };
}

export interface DocumentPageQuery {
  /** Only the documents of this case (its internal pk). */
  casePk?: number;
  status?: DocumentStatus;
  /** The id of the last document already seen (from a cursor); null for the first page. */
  after: number | null;
  /** Rows to read: the page size plus one, to know whether more follow. */
  limit: number;
}

/**
 * One keyset page of a tenant's documents, newest first by id. Each shape of filter is pinned to its
 * tenant-first index whose suffix is the keyset column.
 */
export async function listDocumentPage(db: TenantDb, q: DocumentPageQuery): Promise<DocumentSummary[]> {
  const orgId = db.orgId;
  const where = ['d.org_id = ?'];
  const params: unknown[] = [orgId];
  let hint = 'FORCE INDEX (ix_documents_org_id)';
  if (q.casePk !== undefined) {
    where.push('d.case_pk = ?');
    params.push(q.casePk);
    hint = 'FORCE INDEX (ix_documents_org_case_id)';
  }
  if (q.status !== undefined) {
    where.push('d.status = ?');
    params.push(q.status);
    if (q.casePk === undefined) hint = 'FORCE INDEX (ix_documents_org_status_id)';
  }
  if (q.after !== null) {
    where.push('d.id < ?');
    params.push(q.after);
  }
  // The caller's mode: live credentials list no document of a test case, and the other way round.
  const mode = modeCondition(db, 'c.mode');
  if (mode.sql) {
    where.push('c.mode = ?');
    params.push(...mode.params);
  }
  const rows: DocumentSummaryRow[] = await db.query(
    `SELECT ${SUMMARY_COLUMNS} FROM documents d ${hint} JOIN cases c ON c.pk = d.case_pk WHERE ${where.join(' AND ')} ORDER BY d.id DESC LIMIT ${Math.floor(q.limit)}`,
    params,
  );
  return rows.map(toDocumentSummary);
}

/** A tenant's document by its public id (digits), or null. */
export async function findDocument(db: TenantDb, id: string): Promise<DocumentDetail | null> {
  const orgId = db.orgId;
  const mode = modeCondition(db, 'c.mode');
  const [row]: DocumentRow[] = await db.query(
    `SELECT ${SUMMARY_COLUMNS}, d.warnings, d.missing_fields, d.notes, d.extracted_data FROM documents d JOIN cases c ON c.pk = d.case_pk WHERE d.org_id = ? AND d.id = ?${mode.sql}`,
    [orgId, id, ...mode.params],
  );
  return row ? toDocumentDetail(row) : null;
}

/** Every document of each of the tenant's cases named (by public id), oldest first; unknown and malformed ids find nothing. */
export async function listDocumentsOfCases(db: TenantDb, caseIds: string[]): Promise<DocumentDetail[]> {
  const orgId = db.orgId;
  const ids = caseIds.filter(isCaseId);
  if (!ids.length) return [];
  const rows: DocumentRow[] = await db.query(
    `SELECT ${SUMMARY_COLUMNS}, d.warnings, d.missing_fields, d.notes, d.extracted_data
     FROM cases c FORCE INDEX (uq_cases_org_case_id) JOIN documents d ON d.org_id = c.org_id AND d.case_pk = c.pk
     WHERE c.org_id = ? AND c.case_id IN (?) ORDER BY d.id`,
    [orgId, ids],
  );
  return rows.map(toDocumentDetail);
}

/** Every document of a case with its extraction, by id (the full-parity projection). */
export async function listCaseDocuments(db: TenantDb, casePk: number): Promise<DocumentDetail[]> {
  const orgId = db.orgId;
  const rows: DocumentRow[] = await db.query(
    `SELECT ${SUMMARY_COLUMNS}, d.warnings, d.missing_fields, d.notes, d.extracted_data FROM documents d JOIN cases c ON c.pk = d.case_pk
     WHERE d.org_id = ? AND d.case_pk = ? ORDER BY d.id`,
    [orgId, casePk],
  );
  return rows.map(toDocumentDetail);
}

/**
 * Locks a tenant's document row until the caller's transaction ends and returns its case and status, or
 * null (missing and foreign alike). `id` is the public id (digits).
 */
export async function lockDocument(db: TenantDb, id: string): Promise<{ id: number; casePk: number; status: DocumentStatus } | null> {
  const orgId = db.orgId;
  if (!/^\d{1,19}$/.test(id)) return null;
  const [row]: { id: number; case_pk: number; status: DocumentStatus }[] = await db.query(
    'SELECT id, case_pk, status FROM documents WHERE org_id = ? AND id = ? FOR UPDATE', [orgId, id],
  );
  return row ? { id: row.id, casePk: row.case_pk, status: row.status } : null;
}

/** Sets a document's status. */
export async function updateDocumentStatus(db: TenantDb, id: number, status: DocumentStatus, now: Date): Promise<void> {
  const orgId = db.orgId;
  await db.query('UPDATE documents SET status = ?, updated_at = ? WHERE org_id = ? AND id = ?', [status, now, orgId, id]);
}

/** A document as the customer portal lists it. */
export interface PortalDocument {
  id: number;
  filename: string;
  mimeType: string;
  sizeBytes: number;
  status: DocumentStatus;
  uploadedAt: Date;
  blobKey: string | null;
}

interface PortalDocumentRow {
  id: number;
  filename: string;
  mime_type: string;
  size_bytes: number;
  status: DocumentStatus;
  uploaded_at: Date;
  blob_key: string | null;
}

const toPortalDocument = (r: PortalDocumentRow): PortalDocument => ({
  id: r.id, filename: r.filename, mimeType: r.mime_type, sizeBytes: r.size_bytes, status: r.status, uploadedAt: r.uploaded_at, blobKey: r.blob_key,
});

const PORTAL_COLUMNS = 'id, filename, mime_type, size_bytes, status, uploaded_at, blob_key';

/** The documents of one case, in upload order. */
export async function listDocumentsOfCase(db: TenantDb, casePk: number): Promise<PortalDocument[]> {
  const orgId = db.orgId;
  const rows: PortalDocumentRow[] = await db.query(
    `SELECT ${PORTAL_COLUMNS} FROM documents FORCE INDEX (ix_documents_org_case_id) WHERE org_id = ? AND case_pk = ? ORDER BY id`, [orgId, casePk],
  );
  return rows.map(toPortalDocument);
}

/** How many documents a case holds. */
export async function countDocumentsOfCase(db: TenantDb, casePk: number): Promise<number> {
  const orgId = db.orgId;
  const [row]: { n: number }[] = await db.query('SELECT COUNT(*) AS n FROM documents WHERE org_id = ? AND case_pk = ?', [orgId, casePk]);
  return row?.n ?? 0;
}

/** One document of one case by its public id, or null (another case's or tenant's id is the same null). */
export async function findDocumentOfCase(db: TenantDb, casePk: number, id: number): Promise<PortalDocument | null> {
  const orgId = db.orgId;
  const [row]: PortalDocumentRow[] = await db.query(`SELECT ${PORTAL_COLUMNS} FROM documents WHERE org_id = ? AND case_pk = ? AND id = ?`, [orgId, casePk, id]);
  return row ? toPortalDocument(row) : null;
}

/** A document uploaded by a customer, before extraction: `status` processing, nothing extracted yet. */
export interface NewUploadedDocument {
  filename: string;
  mimeType: string;
  sizeBytes: number;
  blobKey: string;
  sha256: string;
}

/**
 * Inserts one uploaded document of a case; returns its id. The row is selected from the tenant's case,
 * so a case pk of another tenant inserts nothing (and throws).
 */
export async function insertUploadedDocument(db: TenantDb, casePk: number, d: NewUploadedDocument, now: Date): Promise<number> {
  const orgId = db.orgId;
  const res = (await db.query(
    `INSERT INTO documents (org_id, case_pk, document_type, filename, mime_type, size_bytes, blob_key, sha256, status, confidence, warnings, notes, extracted_data, uploaded_at, updated_at)
     SELECT c.org_id, c.pk, NULL, ?, ?, ?, ?, ?, 'processing', NULL, '[]', NULL, '{}', ?, ? FROM cases c WHERE c.org_id = ? AND c.pk = ?`,
    [d.filename, d.mimeType, d.sizeBytes, d.blobKey, d.sha256, now, now, orgId, casePk],
  )) as { insertId: number; affectedRows: number };
  if (res.affectedRows !== 1) throw new Error(`insertUploadedDocument: case ${casePk} is not in tenant ${orgId}`);
  return res.insertId;
}

/** Deletes one document of one case; returns whether a row went. */
export async function deleteDocumentOfCase(db: TenantDb, casePk: number, id: number): Promise<boolean> {
  const orgId = db.orgId;
  const res = (await db.query('DELETE FROM documents WHERE org_id = ? AND case_pk = ? AND id = ?', [orgId, casePk, id])) as { affectedRows: number };
  return res.affectedRows === 1;
}

/** Which of these blob keys a tenant's documents reference (after a COMMIT whose outcome is unknown). */
export async function referencedBlobKeys(db: TenantDb, keys: string[]): Promise<Set<string>> {
  const orgId = db.orgId;
  if (!keys.length) return new Set();
  const rows: { blob_key: string }[] = await db.query('SELECT blob_key FROM documents WHERE org_id = ? AND blob_key IN (?)', [orgId, keys]);
  return new Set(rows.map((r) => r.blob_key));
}

// ---- extraction (pipeline step 1) ----

/** What the extraction step needs of a document before it reads the bytes. */
export interface ExtractionSource {
  id: number;
  casePk: number;
  status: DocumentStatus;
  blobKey: string | null;
  filename: string;
  mimeType: string;
  documentType: string | null;
}

/** A tenant's document as the extraction step reads it, or null. */
export async function findExtractionSource(db: TenantDb, id: number): Promise<ExtractionSource | null> {
  const orgId = db.orgId;
  const [row]: { id: number; case_pk: number; status: DocumentStatus; blob_key: string | null; filename: string; mime_type: string; document_type: string | null }[] =
    await db.query('SELECT id, case_pk, status, blob_key, filename, mime_type, document_type FROM documents WHERE org_id = ? AND id = ?', [orgId, id]);
  return row
    ? { id: row.id, casePk: row.case_pk, status: row.status, blobKey: row.blob_key, filename: row.filename, mimeType: row.mime_type, documentType: row.document_type }
    : null;
}

/** What a successful extraction stores on a document. */
export interface StoredExtraction {
  documentType: string;
  extractedData: Record<string, unknown>;
  confidence: DocumentConfidence;
  warnings: string[];
  missingFields: string[];
}

/** Stores a successful extraction: status `complete`, its fields, no notes. */
export async function storeExtraction(db: TenantDb, id: number, x: StoredExtraction, now: Date): Promise<void> {
  const orgId = db.orgId;
  await db.query(
    `UPDATE documents SET status = 'complete', document_type = ?, extracted_data = ?, confidence = ?, warnings = ?, missing_fields = ?, notes = NULL, updated_at = ?
     WHERE org_id = ? AND id = ?`,
    [x.documentType, JSON.stringify(x.extractedData), x.confidence, JSON.stringify(x.warnings), JSON.stringify(x.missingFields), now, orgId, id],
  );
}

/** Stores a failed extraction: status `error` with the reason in notes; whatever was extracted before stays. */
export async function storeExtractionError(db: TenantDb, id: number, reason: string, now: Date): Promise<void> {
  const orgId = db.orgId;
  await db.query("UPDATE documents SET status = 'error', notes = ?, updated_at = ? WHERE org_id = ? AND id = ?", [reason, now, orgId, id]);
}

/**
 * The extraction sweep, across tenants (it is the service's own housekeeping, not a tenant's query):
 * documents with bytes still `processing` whose last change, and last re-hand-off, are older than
 * `cutoff`, oldest first. Each is marked re-handed-off at `now` in the same statement's transaction, so
 * that concurrent sweeps of several workers do not both take it.
 */
export async function takeDocumentsDueForExtraction(db: Queryable, cutoff: Date, now: Date, limit: number): Promise<{ orgId: string; id: number }[]> {
  const sweep = crossTenant(db, 'sweep');
  const rows: { org_id: string; id: number }[] = await sweep.query(
    `SELECT org_id, id FROM documents FORCE INDEX (ix_documents_status_updated)
     WHERE status = 'processing' AND updated_at < ? AND blob_key IS NOT NULL AND (extraction_requeued_at IS NULL OR extraction_requeued_at < ?)
     ORDER BY updated_at LIMIT ${Math.floor(limit)} FOR UPDATE SKIP LOCKED`,
    [cutoff, cutoff],
  );
  if (!rows.length) return [];
  await sweep.query('UPDATE documents SET extraction_requeued_at = ? WHERE id IN (?)', [now, rows.map((r) => r.id)]);
  return rows.map((r) => ({ orgId: r.org_id, id: r.id }));
}

/** A case's documents not settled: in error (extraction failed, not overridden), still processing, or escalated by an analyst; in upload order (the decision blockers). */
export async function listUnsettledDocuments(
  db: TenantDb, casePk: number,
): Promise<{ id: number; filename: string; status: 'error' | 'processing' | 'escalated' }[]> {
  const orgId = db.orgId;
  const rows: { id: number; filename: string; status: 'error' | 'processing' | 'escalated' }[] = await db.query(
    `SELECT id, filename, status FROM documents WHERE org_id = ? AND case_pk = ? AND status IN ('error', 'processing', 'escalated') ORDER BY id`,
    [orgId, casePk],
  );
  return rows.map((r) => ({ id: r.id, filename: r.filename, status: r.status }));
}

/** A document's digest as a decision's provenance and the evidence pack record it. */
export interface DocumentDigest {
  id: number;
  filename: string;
  documentType: string | null;
  mimeType: string;
  status: DocumentStatus;
  confidence: DocumentConfidence | null;
  /** Hex SHA-256 of the stored bytes (null once purged, or on rows stored before digests). */
  sha256: string | null;
  sizeBytes: number;
  /** The blob store key of the bytes (null once purged). */
  blobKey: string | null;
  uploadedAt: Date;
  purgedAt: Date | null;
}

/** Every document of a case with its stored SHA-256, oldest first. */
export async function listDocumentDigests(db: TenantDb, casePk: number): Promise<DocumentDigest[]> {
  const orgId = db.orgId;
  const rows: {
    id: number | string; filename: string; document_type: string | null; mime_type: string; status: DocumentStatus; confidence: DocumentConfidence | null;
    sha256: string | null; size_bytes: number | string; blob_key: string | null; uploaded_at: Date; purged_at: Date | null;
  }[] = await db.query(
    `SELECT id, filename, document_type, mime_type, status, confidence, sha256, size_bytes, blob_key, uploaded_at, purged_at
     FROM documents WHERE org_id = ? AND case_pk = ? ORDER BY id`,
    [orgId, casePk],
  );
  return rows.map((r) => ({
    id: Number(r.id), filename: r.filename, documentType: r.document_type, mimeType: r.mime_type, status: r.status, confidence: r.confidence,
    sha256: r.sha256, sizeBytes: Number(r.size_bytes), blobKey: r.blob_key, uploadedAt: r.uploaded_at, purgedAt: r.purged_at,
  }));
}
