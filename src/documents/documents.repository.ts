import { type TenantDb } from '../db/index';
import { crossTenant } from '../db/cross-tenant';
import type { Queryable } from '../db/queryable';
import type { DocumentConfidence, DocumentStatus } from './document.entity';

/** The SQL of documents. Every function takes a tenant-bound handle (forTenant over a manager or the pool); the extraction sweep spans tenants (crossTenant). */

const SUMMARY_COLUMNS = 'd.id, c.case_id, d.document_type, d.filename, d.mime_type, d.size_bytes, d.status, d.confidence, d.uploaded_at, d.updated_at, d.purged_at';

/** A document row as the list reads it (with its case's public id). */
export interface DocumentSummaryRow {
  id: number | string;
  case_id: string;
  document_type: string | null;
  filename: string;
  mime_type: string;
  size_bytes: number | string;
  status: DocumentStatus;
  confidence: DocumentConfidence | null;
  uploaded_at: Date;
  updated_at: Date;
  /** When zero retention purged it, or null. */
  purged_at: Date | null;
}

/** A document row with its extraction (JSON columns may come back as text). */
export interface DocumentRow extends DocumentSummaryRow {
  warnings: unknown[] | string;
  missing_fields: string[] | string;
  notes: string | null;
  extracted_data: Record<string, unknown> | string;
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
export function listDocumentPage(db: TenantDb, q: DocumentPageQuery): Promise<DocumentSummaryRow[]> {
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
  return db.query(
    `SELECT ${SUMMARY_COLUMNS} FROM documents d ${hint} JOIN cases c ON c.pk = d.case_pk WHERE ${where.join(' AND ')} ORDER BY d.id DESC LIMIT ${Math.floor(q.limit)}`,
    params,
  );
}

/** A tenant's document by its public id (digits), or null. */
export async function findDocument(db: TenantDb, id: string): Promise<DocumentRow | null> {
  const orgId = db.orgId;
  const [row]: DocumentRow[] = await db.query(
    `SELECT ${SUMMARY_COLUMNS}, d.warnings, d.missing_fields, d.notes, d.extracted_data FROM documents d JOIN cases c ON c.pk = d.case_pk WHERE d.org_id = ? AND d.id = ?`,
    [orgId, id],
  );
  return row ?? null;
}

/** Every document of a case (all columns, snake_case), by id (the full-parity projection). */
export function listCaseDocuments(db: TenantDb, casePk: number): Promise<Record<string, never>[]> {
  const orgId = db.orgId;
  return db.query('SELECT * FROM documents WHERE org_id = ? AND case_pk = ? ORDER BY id', [orgId, casePk]);
}

/**
 * Locks a tenant's document row until the caller's transaction ends and returns its case and status, or
 * null (missing and foreign alike). `id` is the public id (digits).
 */
export async function lockDocument(db: TenantDb, id: string): Promise<{ id: number; case_pk: number; status: DocumentStatus } | null> {
  const orgId = db.orgId;
  if (!/^\d{1,19}$/.test(id)) return null;
  const [row]: { id: number | string; case_pk: number | string; status: DocumentStatus }[] = await db.query(
    'SELECT id, case_pk, status FROM documents WHERE org_id = ? AND id = ? FOR UPDATE', [orgId, id],
  );
  return row ? { id: Number(row.id), case_pk: Number(row.case_pk), status: row.status } : null;
}

/** Sets a document's status. */
export async function updateDocumentStatus(db: TenantDb, id: number, status: DocumentStatus, now: Date): Promise<void> {
  const orgId = db.orgId;
  await db.query('UPDATE documents SET status = ?, updated_at = ? WHERE org_id = ? AND id = ?', [status, now, orgId, id]);
}

/** A document as the customer portal lists it. */
export interface PortalDocumentRow {
  id: number | string;
  filename: string;
  mime_type: string;
  size_bytes: number | string;
  status: DocumentStatus;
  uploaded_at: Date;
  blob_key: string | null;
}

const PORTAL_COLUMNS = 'id, filename, mime_type, size_bytes, status, uploaded_at, blob_key';

/** The documents of one case, in upload order. */
export function listDocumentsOfCase(db: TenantDb, casePk: number): Promise<PortalDocumentRow[]> {
  const orgId = db.orgId;
  return db.query(`SELECT ${PORTAL_COLUMNS} FROM documents FORCE INDEX (ix_documents_org_case_id) WHERE org_id = ? AND case_pk = ? ORDER BY id`, [orgId, casePk]);
}

/** How many documents a case holds. */
export async function countDocumentsOfCase(db: TenantDb, casePk: number): Promise<number> {
  const orgId = db.orgId;
  const [row]: { n: number | string }[] = await db.query('SELECT COUNT(*) AS n FROM documents WHERE org_id = ? AND case_pk = ?', [orgId, casePk]);
  return Number(row?.n ?? 0);
}

/** One document of one case by its public id, or null (another case's or tenant's id is the same null). */
export async function findDocumentOfCase(db: TenantDb, casePk: number, id: number): Promise<PortalDocumentRow | null> {
  const orgId = db.orgId;
  const [row]: PortalDocumentRow[] = await db.query(`SELECT ${PORTAL_COLUMNS} FROM documents WHERE org_id = ? AND case_pk = ? AND id = ?`, [orgId, casePk, id]);
  return row ?? null;
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
  )) as { insertId: number | string; affectedRows: number };
  if (Number(res.affectedRows) !== 1) throw new Error(`insertUploadedDocument: case ${casePk} is not in tenant ${orgId}`);
  return Number(res.insertId);
}

/** Deletes one document of one case; returns whether a row went. */
export async function deleteDocumentOfCase(db: TenantDb, casePk: number, id: number): Promise<boolean> {
  const orgId = db.orgId;
  const res = (await db.query('DELETE FROM documents WHERE org_id = ? AND case_pk = ? AND id = ?', [orgId, casePk, id])) as { affectedRows: number };
  return Number(res.affectedRows) === 1;
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
export interface ExtractionSourceRow {
  id: number;
  casePk: number;
  status: DocumentStatus;
  blobKey: string | null;
  filename: string;
  mimeType: string;
  documentType: string | null;
}

/** A tenant's document as the extraction step reads it, or null. */
export async function findExtractionSource(db: TenantDb, id: number): Promise<ExtractionSourceRow | null> {
  const orgId = db.orgId;
  const [row]: { id: number | string; case_pk: number | string; status: DocumentStatus; blob_key: string | null; filename: string; mime_type: string; document_type: string | null }[] =
    await db.query('SELECT id, case_pk, status, blob_key, filename, mime_type, document_type FROM documents WHERE org_id = ? AND id = ?', [orgId, id]);
  return row
    ? { id: Number(row.id), casePk: Number(row.case_pk), status: row.status, blobKey: row.blob_key, filename: row.filename, mimeType: row.mime_type, documentType: row.document_type }
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
  const rows: { org_id: string; id: number | string }[] = await sweep.query(
    `SELECT org_id, id FROM documents FORCE INDEX (ix_documents_status_updated)
     WHERE status = 'processing' AND updated_at < ? AND blob_key IS NOT NULL AND (extraction_requeued_at IS NULL OR extraction_requeued_at < ?)
     ORDER BY updated_at LIMIT ${Math.floor(limit)} FOR UPDATE SKIP LOCKED`,
    [cutoff, cutoff],
  );
  if (!rows.length) return [];
  await sweep.query('UPDATE documents SET extraction_requeued_at = ? WHERE id IN (?)', [now, rows.map((r) => r.id)]);
  return rows.map((r) => ({ orgId: r.org_id, id: Number(r.id) }));
}

/** A case's documents not settled: in error (extraction failed, not overridden), still processing, or escalated by an analyst; in upload order (the decision blockers). */
export async function listUnsettledDocuments(
  db: TenantDb, casePk: number,
): Promise<{ id: number; filename: string; status: 'error' | 'processing' | 'escalated' }[]> {
  const orgId = db.orgId;
  const rows: { id: number | string; filename: string; status: 'error' | 'processing' | 'escalated' }[] = await db.query(
    `SELECT id, filename, status FROM documents WHERE org_id = ? AND case_pk = ? AND status IN ('error', 'processing', 'escalated') ORDER BY id`,
    [orgId, casePk],
  );
  return rows.map((r) => ({ id: Number(r.id), filename: r.filename, status: r.status }));
}
