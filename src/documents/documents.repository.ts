import type { Queryable } from '../db/queryable';
import type { DocumentConfidence, DocumentStatus } from './document.entity';

/** The SQL of documents. Every function takes the database first and the tenant second. */

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
export function listDocumentPage(db: Queryable, orgId: string, q: DocumentPageQuery): Promise<DocumentSummaryRow[]> {
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
export async function findDocument(db: Queryable, orgId: string, id: string): Promise<DocumentRow | null> {
  const [row]: DocumentRow[] = await db.query(
    `SELECT ${SUMMARY_COLUMNS}, d.warnings, d.notes, d.extracted_data FROM documents d JOIN cases c ON c.pk = d.case_pk WHERE d.org_id = ? AND d.id = ?`,
    [orgId, id],
  );
  return row ?? null;
}

/** Every document of a case (all columns, snake_case), by id (the full-parity projection). */
export function listCaseDocuments(db: Queryable, orgId: string, casePk: number): Promise<Record<string, never>[]> {
  return db.query('SELECT * FROM documents WHERE org_id = ? AND case_pk = ? ORDER BY id', [orgId, casePk]);
}

/**
 * Locks a tenant's document row until the caller's transaction ends and returns its case and status, or
 * null (missing and foreign alike). `id` is the public id (digits).
 */
export async function lockDocument(db: Queryable, orgId: string, id: string): Promise<{ id: number; case_pk: number; status: DocumentStatus } | null> {
  if (!/^\d{1,19}$/.test(id)) return null;
  const [row]: { id: number | string; case_pk: number | string; status: DocumentStatus }[] = await db.query(
    'SELECT id, case_pk, status FROM documents WHERE org_id = ? AND id = ? FOR UPDATE', [orgId, id],
  );
  return row ? { id: Number(row.id), case_pk: Number(row.case_pk), status: row.status } : null;
}

/** Sets a document's status. */
export async function updateDocumentStatus(db: Queryable, orgId: string, id: number, status: DocumentStatus, now: Date): Promise<void> {
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
export function listDocumentsOfCase(db: Queryable, orgId: string, casePk: number): Promise<PortalDocumentRow[]> {
  return db.query(`SELECT ${PORTAL_COLUMNS} FROM documents FORCE INDEX (ix_documents_org_case_id) WHERE org_id = ? AND case_pk = ? ORDER BY id`, [orgId, casePk]);
}

/** How many documents a case holds. */
export async function countDocumentsOfCase(db: Queryable, orgId: string, casePk: number): Promise<number> {
  const [row]: { n: number | string }[] = await db.query('SELECT COUNT(*) AS n FROM documents WHERE org_id = ? AND case_pk = ?', [orgId, casePk]);
  return Number(row?.n ?? 0);
}

/** One document of one case by its public id, or null (another case's or tenant's id is the same null). */
export async function findDocumentOfCase(db: Queryable, orgId: string, casePk: number, id: number): Promise<PortalDocumentRow | null> {
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
export async function insertUploadedDocument(db: Queryable, orgId: string, casePk: number, d: NewUploadedDocument, now: Date): Promise<number> {
  const res = (await db.query(
    `INSERT INTO documents (org_id, case_pk, document_type, filename, mime_type, size_bytes, blob_key, sha256, status, confidence, warnings, notes, extracted_data, uploaded_at, updated_at)
     SELECT c.org_id, c.pk, NULL, ?, ?, ?, ?, ?, 'processing', NULL, '[]', NULL, '{}', ?, ? FROM cases c WHERE c.org_id = ? AND c.pk = ?`,
    [d.filename, d.mimeType, d.sizeBytes, d.blobKey, d.sha256, now, now, orgId, casePk],
  )) as { insertId: number | string; affectedRows: number };
  if (Number(res.affectedRows) !== 1) throw new Error(`insertUploadedDocument: case ${casePk} is not in tenant ${orgId}`);
  return Number(res.insertId);
}

/** Deletes one document of one case; returns whether a row went. */
export async function deleteDocumentOfCase(db: Queryable, orgId: string, casePk: number, id: number): Promise<boolean> {
  const res = (await db.query('DELETE FROM documents WHERE org_id = ? AND case_pk = ? AND id = ?', [orgId, casePk, id])) as { affectedRows: number };
  return Number(res.affectedRows) === 1;
}

/** Which of these blob keys a tenant's documents reference (after a COMMIT whose outcome is unknown). */
export async function referencedBlobKeys(db: Queryable, orgId: string, keys: string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const rows: { blob_key: string }[] = await db.query('SELECT blob_key FROM documents WHERE org_id = ? AND blob_key IN (?)', [orgId, keys]);
  return new Set(rows.map((r) => r.blob_key));
}
