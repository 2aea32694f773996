import { type TenantDb } from '../db/index';
import { crossTenant } from '../db/cross-tenant';
import type { Queryable } from '../db/queryable';

/**
 * Zero retention's SQL on documents: the purge of a case's document rows, then the deletion of their
 * blobs after commit (a purged row keeps its blob key until its bytes are deleted, so a crash in between
 * leaves the key for the sweep). Every function takes a tenant-bound handle (forTenant over a manager or the pool) (the
 * sweep's cross-tenant lookup excepted, which returns tenant and case together).
 */

/**
 * Purges a case's documents not purged yet, in the caller's transaction: the file name, extracted data,
 * warnings and notes go and purged_at is set; the blob key stays (see above). Returns the rows purged.
 */
export async function purgeDocumentsOfCase(db: TenantDb, casePk: number, now: Date): Promise<number> {
  const orgId = db.orgId;
  const res = await db.query(
    `UPDATE documents SET filename = '', extracted_data = '{}', warnings = '[]', notes = NULL, purged_at = ?, updated_at = ?
     WHERE org_id = ? AND case_pk = ? AND purged_at IS NULL`,
    [now, now, orgId, casePk],
  );
  return (res as { affectedRows?: number }).affectedRows ?? 0;
}

/** An erasure request's purge of some of a case's documents (one person's), as purgeDocumentsOfCase purges them all. */
export async function purgeDocumentsByIds(db: TenantDb, casePk: number, ids: number[], now: Date): Promise<number> {
  if (!ids.length) return 0;
  const orgId = db.orgId;
  const res = await db.query(
    `UPDATE documents SET filename = '', extracted_data = '{}', warnings = '[]', notes = NULL, purged_at = ?, updated_at = ?
     WHERE org_id = ? AND case_pk = ? AND id IN (?) AND purged_at IS NULL`,
    [now, now, orgId, casePk, ids],
  );
  return (res as { affectedRows?: number }).affectedRows ?? 0;
}

/** Blob keys of a case's documents that were purged but whose bytes may still exist. */
export async function listPurgedBlobKeys(db: TenantDb, casePk: number): Promise<{ id: number; blobKey: string }[]> {
  const orgId = db.orgId;
  const rows: { id: number | string; blob_key: string }[] = await db.query(
    'SELECT id, blob_key FROM documents WHERE org_id = ? AND case_pk = ? AND purged_at IS NOT NULL AND blob_key IS NOT NULL', [orgId, casePk],
  );
  return rows.map((r) => ({ id: Number(r.id), blobKey: r.blob_key }));
}

/** Forgets a purged document's blob once its bytes are deleted. */
export async function clearPurgedBlobKey(db: TenantDb, documentId: number, blobKey: string): Promise<void> {
  const orgId = db.orgId;
  await db.query(
    'UPDATE documents SET blob_key = NULL, sha256 = NULL WHERE org_id = ? AND id = ? AND blob_key = ? AND purged_at IS NOT NULL', [orgId, documentId, blobKey],
  );
}

/** Purged documents whose blob deletion a crash interrupted (across tenants). */
export async function listLeftoverPurgedBlobs(db: Queryable, limit: number): Promise<{ orgId: string; casePk: number }[]> {
  const rows: { org_id: string; case_pk: number | string }[] = await crossTenant(db, 'sweep').query(
    `SELECT DISTINCT org_id, case_pk FROM documents WHERE purged_at IS NOT NULL AND blob_key IS NOT NULL ORDER BY org_id, case_pk LIMIT ${Math.floor(limit)}`,
  );
  return rows.map((r) => ({ orgId: r.org_id, casePk: Number(r.case_pk) }));
}
