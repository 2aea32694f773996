import { type TenantDb } from '../db/index';
import { datetimeTextSql } from '../db/datetime-text';

/** The SQL of saved case-list views (table case_views, owned by src/cases). */

export interface SavedCaseViewRow {
  id: number | string;
  name: string;
  /** The filter as JSON (a CaseListFilter). */
  filter: string;
  created_by_member_id: string | null;
  created_by: string;
  /** Datetime text (datetimeTextSql). */
  created_at: string;
}

const COLUMNS = `id, name, filter, created_by_member_id, created_by, ${datetimeTextSql('created_at')}`;

/** The tenant's saved views by name (at most `limit`). */
export function listSavedCaseViews(db: TenantDb, limit: number): Promise<SavedCaseViewRow[]> {
  return db.query(`SELECT ${COLUMNS} FROM case_views WHERE org_id = ? ORDER BY name, id LIMIT ${Math.floor(limit)}`, [db.orgId]);
}

/** How many views the tenant has saved. */
export async function countSavedCaseViews(db: TenantDb): Promise<number> {
  const [row]: { n: number | string }[] = await db.query('SELECT COUNT(*) AS n FROM case_views WHERE org_id = ?', [db.orgId]);
  return Number(row?.n ?? 0);
}

/** One of the tenant's saved views, locked until the transaction ends; or null. */
export async function lockSavedCaseView(db: TenantDb, id: number): Promise<SavedCaseViewRow | null> {
  const [row]: SavedCaseViewRow[] = await db.query(`SELECT ${COLUMNS} FROM case_views WHERE org_id = ? AND id = ? FOR UPDATE`, [db.orgId, id]);
  return row ?? null;
}

/** Inserts a saved view. Returns its id, or null when the tenant already has a view of that name. */
export async function insertSavedCaseView(
  db: TenantDb, v: { name: string; filter: string; createdByMemberId: string | null; createdBy: string; at: Date },
): Promise<number | null> {
  const res = await db.query(
    'INSERT IGNORE INTO case_views (org_id, name, filter, created_by_member_id, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    [db.orgId, v.name, v.filter, v.createdByMemberId, v.createdBy, v.at],
  );
  const affected = Number((res as { affectedRows: number }).affectedRows);
  return affected === 1 ? Number((res as { insertId: number }).insertId) : null;
}

/** Deletes one of the tenant's saved views. */
export async function deleteSavedCaseView(db: TenantDb, id: number): Promise<void> {
  await db.query('DELETE FROM case_views WHERE org_id = ? AND id = ?', [db.orgId, id]);
}
