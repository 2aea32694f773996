import { type TenantDb } from '../../db/index';
import type { DocumentStatus } from '../document.entity';

/**
 * How many documents a case has, and how many of them still await extraction (status `processing`):
 * what the portal's submit rule and review step need. Tenant first.
 */
export async function countCaseDocuments(db: TenantDb, casePk: number): Promise<{ total: number; awaitingExtraction: number }> {
  const orgId = db.orgId;
  // COUNT comes back as a number, SUM as DECIMAL text.
  const [row]: { total: number; awaiting: string | null }[] = await db.query(
    `SELECT COUNT(*) AS total, SUM(status = 'processing') AS awaiting FROM documents WHERE org_id = ? AND case_pk = ?`,
    [orgId, casePk],
  );
  return { total: row?.total ?? 0, awaitingExtraction: Number(row?.awaiting ?? 0) };
}

/** A document's extraction result. */
export interface CaseExtraction {
  id: number;
  status: DocumentStatus;
  extractedData: Record<string, unknown>;
}

/** extracted_data is JSON text (MariaDB's JSON is LONGTEXT) or parsed. */
interface CaseExtractionRow {
  id: number;
  status: DocumentStatus;
  extracted_data: Record<string, unknown> | string;
}

const toCaseExtraction = (r: CaseExtractionRow): CaseExtraction => ({
  id: r.id, status: r.status,
  extractedData: typeof r.extracted_data === 'string' ? (JSON.parse(r.extracted_data) as Record<string, unknown>) : r.extracted_data,
});

/** The extraction results of a case's documents whose extraction has finished (not processing, not error), oldest first. */
export async function listCaseExtractions(db: TenantDb, casePk: number): Promise<CaseExtraction[]> {
  const orgId = db.orgId;
  const rows: CaseExtractionRow[] = await db.query(
    `SELECT id, status, extracted_data FROM documents WHERE org_id = ? AND case_pk = ? AND status NOT IN ('processing', 'error') ORDER BY id`,
    [orgId, casePk],
  );
  return rows.map(toCaseExtraction);
}
