import { type TenantDb } from '../db/index';
import { datetimeTextSql, isoFromDatetimeText } from '../db/datetime-text';
import type { CaseListFilter } from './case-filter';

/** The SQL of saved case-list views (table case_views, owned by src/cases). */

/** A saved view of the case list as stored. */
export interface SavedCaseView {
  id: number;
  name: string;
  filter: CaseListFilter;
  /** The member who saved it (null for views saved by a connector acting without a member). */
  createdByMemberId: string | null;
  /** Who saved it (audit name). */
  createdBy: string;
  /** ISO 8601. */
  createdAt: string;
}

interface SavedCaseViewRow {
  id: number;
  name: string;
  /** The filter as JSON (a CaseListFilter). */
  filter: string;
  created_by_member_id: string | null;
  created_by: string;
  /** Datetime text (datetimeTextSql). */
  created_at: string;
}

function toSavedCaseView(r: SavedCaseViewRow): SavedCaseView {
  return {
    id: r.id, name: r.name, filter: JSON.parse(r.filter) as CaseListFilter, createdByMemberId: r.created_by_member_id,
    createdBy: r.created_by, createdAt: isoFromDatetimeText(r.created_at),
  };
}

const COLUMNS = `id, name, filter, created_by_member_id, created_by, ${datetimeTextSql('created_at')}`;

/** The tenant's saved views by name (at most `limit`). */
export async function listSavedCaseViews(db: TenantDb, limit: number): Promise<SavedCaseView[]> {
  const rows: SavedCaseViewRow[] = await db.query(`SELECT ${COLUMNS} FROM case_views WHERE org_id = ? ORDER BY name, id LIMIT ${Math.floor(limit)}`, [db.orgId]);
  return rows.map(toSavedCaseView);
}

/** How many views the tenant has saved. */
export async function countSavedCaseViews(db: TenantDb): Promise<number> {
  const [row]: { n: number }[] = await db.query('SELECT COUNT(*) AS n FROM case_views WHERE org_id = ?', [db.orgId]);
  return row?.n ?? 0;
}

/** One of the tenant's saved views, locked until the transaction ends; or null. */
export async function lockSavedCaseView(db: TenantDb, id: number): Promise<SavedCaseView | null> {
  const [row]: SavedCaseViewRow[] = await db.query(`SELECT ${COLUMNS} FROM case_views WHERE org_id = ? AND id = ? FOR UPDATE`, [db.orgId, id]);
  return row ? toSavedCaseView(row) : null;
}

/** Inserts a saved view. Returns its id, or null when the tenant already has a view of that name. */
export async function insertSavedCaseView(
  db: TenantDb, v: { name: string; filter: string; createdByMemberId: string | null; createdBy: string; at: Date },
): Promise<number | null> {
  const res = await db.query(
    'INSERT IGNORE INTO case_views (org_id, name, filter, created_by_member_id, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    [db.orgId, v.name, v.filter, v.createdByMemberId, v.createdBy, v.at],
  );
  const { affectedRows, insertId } = res as { affectedRows: number; insertId: number };
  return affectedRows === 1 ? insertId : null;
}

/** Deletes one of the tenant's saved views. */
export async function deleteSavedCaseView(db: TenantDb, id: number): Promise<void> {
  await db.query('DELETE FROM case_views WHERE org_id = ? AND id = ?', [db.orgId, id]);
}
