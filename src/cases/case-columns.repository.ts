import { type TenantDb } from '../db/index';
import type { CaseSequence, TakeCaseSequences } from '../events/index';
import type { RiskBand } from './case.wire';

/**
 * The writes to a case row that other features ask for: only src/cases writes the `cases` table, so the
 * risk score, the review level, the screening summary and the event counter are set here, each by a
 * named function (zero retention's purge of a case is in case-purge.repository.ts). Every function takes
 * a tenant-bound handle (forTenant over a manager or the pool), and runs in the
 * caller's transaction; none of them imports another feature but events (whose port takeCaseSequences
 * fills), so any feature may call it.
 */

/** Keeps the case's current band and score (what lists filter on and the pull API shows). */
export async function setCaseRisk(db: TenantDb, casePk: number, score: number, band: RiskBand, now: Date): Promise<void> {
  const orgId = db.orgId;
  await db.query('UPDATE cases SET risk_score = ?, risk_band = ?, updated_at = ? WHERE org_id = ? AND pk = ?', [score, band, now, orgId, casePk]);
}

/** The review level the latest routing sent the case to (null when it was decided or not routed to review). */
export async function setReviewLevel(db: TenantDb, casePk: number, level: string | null, now: Date): Promise<void> {
  const orgId = db.orgId;
  await db.query('UPDATE cases SET review_level = ?, updated_at = ? WHERE org_id = ? AND pk = ?', [level, now, orgId, casePk]);
}

/**
 * Recounts a case's screening summary (total, sanctioned, PEP) from its hits, leaving out the hits
 * dispositioned `false_positive`, and stores it on the case row. Lock the case row first (lockCase) so
 * that recounts of one case run one after the other.
 */
export async function recountCaseScreening(db: TenantDb, casePk: number, now: Date): Promise<void> {
  const orgId = db.orgId;
  await db.query(
    `UPDATE cases c JOIN (
       SELECT COUNT(*) AS total, COALESCE(SUM(is_sanctioned), 0) AS sanctioned, COALESCE(SUM(is_pep), 0) AS pep
       FROM screening_hits WHERE org_id = ? AND case_pk = ? AND (disposition IS NULL OR disposition <> 'false_positive')
     ) s SET c.total_hits = s.total, c.sanctioned_hits = s.sanctioned, c.pep_hits = s.pep, c.updated_at = ?
     WHERE c.org_id = ? AND c.pk = ?`,
    [orgId, casePk, now, orgId, casePk],
  );
}

const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(', ');

/**
 * Takes caseSequence numbers for events about to be recorded: bumps each case's event counter by its
 * count (locking the case rows until the caller's transaction ends, so that caseSequence runs 1, 2, 3 …
 * per case without gaps, in commit order) and reads the cases back. A case of another tenant (or none)
 * is absent from the result. One case takes one UPDATE by primary key; several take one UPDATE together.
 */
export const takeCaseSequences: TakeCaseSequences = async (db, counts) => {
  const orgId = db.orgId;
  const pks = [...counts.keys()].sort((a, b) => a - b);
  if (!pks.length) return new Map();
  if (pks.length === 1 && counts.get(pks[0]!) === 1) {
    await db.query('UPDATE cases SET event_sequence = event_sequence + 1 WHERE pk = ? AND org_id = ?', [pks[0], orgId]);
  } else {
    await db.query(
      `UPDATE cases SET event_sequence = event_sequence + CASE pk ${pks.map(() => 'WHEN ? THEN ?').join(' ')} END WHERE org_id = ? AND pk IN (${placeholders(pks.length)})`,
      [...pks.flatMap((pk) => [pk, counts.get(pk)!]), orgId, ...pks],
    );
  }
  const rows: { pk: number | string; case_id: string; mode: 'live' | 'test'; crm_record_id: string | null; crm_source: string | null; event_sequence: number | string }[] =
    pks.length === 1
      ? await db.query('SELECT pk, case_id, mode, crm_record_id, crm_source, event_sequence FROM cases WHERE pk = ? AND org_id = ?', [pks[0], orgId])
      : await db.query(`SELECT pk, case_id, mode, crm_record_id, crm_source, event_sequence FROM cases WHERE org_id = ? AND pk IN (${placeholders(pks.length)})`, [orgId, ...pks]);
  return new Map(rows.map((r) => [
    Number(r.pk), { caseId: r.case_id, mode: r.mode, crmRecordId: r.crm_record_id, crmSource: r.crm_source, eventSequence: Number(r.event_sequence) } satisfies CaseSequence,
  ]));
};
