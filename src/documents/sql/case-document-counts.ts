import { type TenantDb } from '../../db/index';
import type { DocumentStatus } from '../document.entity';

/**
 * How many documents a case has, and how many of them still await extraction (status `processing`):
 * what the portal's submit rule and review step need. Tenant first.
 */
export async function countCaseDocuments(db: TenantDb, casePk: number): Promise<{ total: number; awaitingExtraction: number }> {
  const orgId = db.orgId;
  const [row]: { total: number | string; awaiting: number | string | null }[] = await db.query(
    `SELECT COUNT(*) AS total, SUM(status = 'processing') AS awaiting FROM documents WHERE org_id = ? AND case_pk = ?`,
    [orgId, casePk],
  );
  return { total: Number(row?.total ?? 0), awaitingExtraction: Number(row?.awaiting ?? 0) };
}

/** The extraction results of a case's documents whose extraction has finished (not processing, not error), oldest first. */
export function listCaseExtractions(
  db: TenantDb, casePk: number,
): Promise<{ id: number | string; status: DocumentStatus; extracted_data: Record<string, unknown> | string }[]> {
  const orgId = db.orgId;
  return db.query(
    `SELECT id, status, extracted_data FROM documents WHERE org_id = ? AND case_pk = ? AND status NOT IN ('processing', 'error') ORDER BY id`,
    [orgId, casePk],
  );
}
