import { type TenantDb } from '../db/index';
import type { EddSource, EddStatus } from './edd-requirement';

/** The SQL of EDD requirements and their change history; every function takes the database, then the tenant. */

export interface EddRequirement {
  reqKey: string;
  label: string;
  source: EddSource;
  status: EddStatus;
  note: string;
  requestedAt: Date | null;
  updatedBy: string;
  updatedAt: Date;
}

type EddRequirementRow = { req_key: string; label: string; source: EddSource; status: EddStatus; note: string; requested_at: Date | null; updated_by: string; updated_at: Date };
const toEddRequirement = (r: EddRequirementRow): EddRequirement => ({
  reqKey: r.req_key, label: r.label, source: r.source, status: r.status, note: r.note, requestedAt: r.requested_at, updatedBy: r.updated_by, updatedAt: r.updated_at,
});
const COLUMNS = 'req_key, label, source, status, note, requested_at, updated_by, updated_at';

/** A case's requirements in the order they were added. */
export async function listEddRequirements(db: TenantDb, casePk: number): Promise<EddRequirement[]> {
  const orgId = db.orgId;
  const rows: EddRequirementRow[] = await db.query(`SELECT ${COLUMNS} FROM edd_requirements WHERE org_id = ? AND case_pk = ? ORDER BY id`, [orgId, casePk]);
  return rows.map(toEddRequirement);
}

/** One requirement, locked until the caller's transaction ends (the caller holds the case row lock too). */
export async function lockEddRequirement(db: TenantDb, casePk: number, reqKey: string): Promise<EddRequirement | null> {
  const orgId = db.orgId;
  const [row]: EddRequirementRow[] = await db.query(`SELECT ${COLUMNS} FROM edd_requirements WHERE org_id = ? AND case_pk = ? AND req_key = ? FOR UPDATE`, [orgId, casePk, reqKey]);
  return row ? toEddRequirement(row) : null;
}

export async function insertEddRequirement(
  db: TenantDb, casePk: number, r: { reqKey: string; label: string; source: EddSource; status: EddStatus; note: string; updatedBy: string; at: Date },
): Promise<void> {
  const orgId = db.orgId;
  await db.query(
    `INSERT INTO edd_requirements (org_id, case_pk, req_key, label, source, status, note, updated_by, updated_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [orgId, casePk, r.reqKey, r.label, r.source, r.status, r.note, r.updatedBy, r.at, r.at],
  );
}

export async function updateEddRequirement(
  db: TenantDb, casePk: number, reqKey: string, r: { status: EddStatus; note: string; updatedBy: string; at: Date },
): Promise<void> {
  const orgId = db.orgId;
  await db.query(
    'UPDATE edd_requirements SET status = ?, note = ?, updated_by = ?, updated_at = ? WHERE org_id = ? AND case_pk = ? AND req_key = ?',
    [r.status, r.note, r.updatedBy, r.at, orgId, casePk, reqKey],
  );
}

/** Marks requirements as asked for by email (the first time only: requested_at keeps the first request). */
export async function markEddRequested(db: TenantDb, casePk: number, reqKeys: string[], at: Date): Promise<void> {
  const orgId = db.orgId;
  if (!reqKeys.length) return;
  await db.query('UPDATE edd_requirements SET requested_at = COALESCE(requested_at, ?) WHERE org_id = ? AND case_pk = ? AND req_key IN (?)', [at, orgId, casePk, reqKeys]);
}

export async function countEddRequirements(db: TenantDb, casePk: number): Promise<number> {
  const orgId = db.orgId;
  const [{ n }]: { n: number }[] = await db.query('SELECT COUNT(*) AS n FROM edd_requirements WHERE org_id = ? AND case_pk = ?', [orgId, casePk]);
  return n;
}

export interface EddChangeEntry {
  reqKey: string;
  label: string;
  status: EddStatus;
  previousStatus: EddStatus | null;
  note: string;
  updatedBy: string;
  changedAt: Date;
}

export async function insertEddChange(db: TenantDb, casePk: number, c: EddChangeEntry): Promise<void> {
  const orgId = db.orgId;
  await db.query(
    `INSERT INTO edd_requirement_changes (org_id, case_pk, req_key, label, status, previous_status, note, updated_by, changed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [orgId, casePk, c.reqKey, c.label, c.status, c.previousStatus, c.note, c.updatedBy, c.changedAt],
  );
}

interface EddChangeRow { req_key: string; label: string; status: EddStatus; previous_status: EddStatus | null; note: string; updated_by: string; changed_at: Date }
const toEddChange = (r: EddChangeRow): EddChangeEntry => ({
  reqKey: r.req_key, label: r.label, status: r.status, previousStatus: r.previous_status, note: r.note, updatedBy: r.updated_by, changedAt: r.changed_at,
});

/** A case's requirement history, oldest first. */
export async function listEddChanges(db: TenantDb, casePk: number): Promise<EddChangeEntry[]> {
  const orgId = db.orgId;
  const rows: EddChangeRow[] =
    await db.query(
      'SELECT req_key, label, status, previous_status, note, updated_by, changed_at FROM edd_requirement_changes WHERE org_id = ? AND case_pk = ? ORDER BY id',
      [orgId, casePk],
    );
  return rows.map(toEddChange);
}

/** Zero retention: the analysts' notes (free text) of a case's requirements and of their history go. */
export async function purgeEddNotes(db: TenantDb, casePk: number): Promise<void> {
  const orgId = db.orgId;
  await db.query(`UPDATE edd_requirements SET note = '' WHERE org_id = ? AND case_pk = ?`, [orgId, casePk]);
  await db.query(`UPDATE edd_requirement_changes SET note = '' WHERE org_id = ? AND case_pk = ?`, [orgId, casePk]);
}
