import type { Queryable } from '../db/queryable';
import type { Disposition } from './screening-hit.entity';

/** The SQL of screening hits and a case's screening summary. Every function takes the database first and the tenant second. */

const HIT_COLUMNS =
  'id, hit_id, subject_id, subject_name, subject_role, caption, entity_schema, score, topics, positions, nationality, is_pep, is_sanctioned, source, detected_at, triage_status, triage_confidence, triage_disposition, triage_reason, disposition, disposition_note, disposition_by, dispositioned_at';

/** A screening hit row (HIT_COLUMNS, snake_case; JSON columns may come back as text). */
export type ScreeningHitRow = Record<string, never>;

/**
 * One keyset page of a case's hits, newest first by row id. `after` is the id of the last hit already
 * seen (null for the first page); `limit` the rows to read (the page size plus one).
 */
export function listHitPage(
  db: Queryable, orgId: string, casePk: number, q: { after: number | null; limit: number },
): Promise<ScreeningHitRow[]> {
  return db.query(
    `SELECT ${HIT_COLUMNS} FROM screening_hits FORCE INDEX (ix_hits_case_id)
     WHERE org_id = ? AND case_pk = ? ${q.after !== null ? 'AND id < ?' : ''} ORDER BY id DESC LIMIT ${Math.floor(q.limit)}`,
    q.after !== null ? [orgId, casePk, q.after] : [orgId, casePk],
  );
}

/** A case's hit by its hitId, or null. */
export async function findHit(db: Queryable, orgId: string, casePk: number, hitId: string): Promise<ScreeningHitRow | null> {
  const [row]: ScreeningHitRow[] = await db.query(
    `SELECT ${HIT_COLUMNS} FROM screening_hits WHERE org_id = ? AND case_pk = ? AND hit_id = ?`, [orgId, casePk, hitId],
  );
  return row ?? null;
}

/** Stores a disposition on a case's hit, replacing any earlier one. Returns false when the case has no such hit. */
export async function updateHitDisposition(
  db: Queryable, orgId: string, casePk: number, hitId: string,
  d: { disposition: Disposition; note: string | null; by: string; at: Date },
): Promise<boolean> {
  const res = await db.query(
    `UPDATE screening_hits SET disposition = ?, disposition_note = ?, disposition_by = ?, dispositioned_at = ?
     WHERE org_id = ? AND case_pk = ? AND hit_id = ?`,
    [d.disposition, d.note, d.by, d.at, orgId, casePk, hitId],
  );
  return Number((res as { affectedRows: number }).affectedRows) !== 0;
}

/**
 * Recounts a case's screening summary (total, sanctioned, PEP) from its hits, leaving out the hits
 * dispositioned `false_positive`, and stores it on the case row. Lock the case row first (lockCase) so
 * that recounts of one case run one after the other.
 */
export async function recountScreeningSummary(db: Queryable, orgId: string, casePk: number, now: Date): Promise<void> {
  await db.query(
    `UPDATE cases c JOIN (
       SELECT COUNT(*) AS total, COALESCE(SUM(is_sanctioned), 0) AS sanctioned, COALESCE(SUM(is_pep), 0) AS pep
       FROM screening_hits WHERE org_id = ? AND case_pk = ? AND (disposition IS NULL OR disposition <> 'false_positive')
     ) s SET c.total_hits = s.total, c.sanctioned_hits = s.sanctioned, c.pep_hits = s.pep, c.updated_at = ?
     WHERE c.org_id = ? AND c.pk = ?`,
    [orgId, casePk, now, orgId, casePk],
  );
}
