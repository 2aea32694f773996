import { type TenantDb } from '../db/index';
import type { Disposition } from './screening-hit.entity';

/** The SQL of screening hits and a case's screening summary. Every function takes a tenant-bound handle (forTenant over a manager or the pool). */

const HIT_COLUMNS =
  'id, hit_id, subject_id, subject_name, subject_role, caption, entity_schema, score, topics, positions, nationality, is_pep, is_sanctioned, source, detected_at, triage_status, triage_confidence, triage_disposition, triage_reason, triage_provider, triage_model, triage_prompt_version, triaged_at, disposition, disposition_note, disposition_by, dispositioned_at';

/** A screening hit row (HIT_COLUMNS, snake_case; JSON columns may come back as text). */
export type ScreeningHitRow = Record<string, never>;

/**
 * One keyset page of a case's hits, newest first by row id. `after` is the id of the last hit already
 * seen (null for the first page); `limit` the rows to read (the page size plus one).
 */
export function listHitPage(
  db: TenantDb, casePk: number, q: { after: number | null; limit: number },
): Promise<ScreeningHitRow[]> {
  const orgId = db.orgId;
  return db.query(
    `SELECT ${HIT_COLUMNS} FROM screening_hits FORCE INDEX (ix_hits_case_id)
     WHERE org_id = ? AND case_pk = ? ${q.after !== null ? 'AND id < ?' : ''} ORDER BY id DESC LIMIT ${Math.floor(q.limit)}`,
    q.after !== null ? [orgId, casePk, q.after] : [orgId, casePk],
  );
}

/** A case's hit by its hitId, or null. */
export async function findHit(db: TenantDb, casePk: number, hitId: string): Promise<ScreeningHitRow | null> {
  const orgId = db.orgId;
  const [row]: ScreeningHitRow[] = await db.query(
    `SELECT ${HIT_COLUMNS} FROM screening_hits WHERE org_id = ? AND case_pk = ? AND hit_id = ?`, [orgId, casePk, hitId],
  );
  return row ?? null;
}

/** Stores a disposition on a case's hit, replacing any earlier one. Returns false when the case has no such hit. */
export async function updateHitDisposition(
  db: TenantDb, casePk: number, hitId: string,
  d: { disposition: Disposition; note: string | null; by: string; at: Date },
): Promise<boolean> {
  const orgId = db.orgId;
  const res = await db.query(
    `UPDATE screening_hits SET disposition = ?, disposition_note = ?, disposition_by = ?, dispositioned_at = ?
     WHERE org_id = ? AND case_pk = ? AND hit_id = ?`,
    [d.disposition, d.note, d.by, d.at, orgId, casePk, hitId],
  );
  return Number((res as { affectedRows: number }).affectedRows) !== 0;
}

/**
 * Zero retention: a case's hits lose the subject's name, caption and nationality, and the free-text
 * triage reason and disposition note; their verdicts stay. Returns the hit rows changed.
 */
export async function purgeScreeningHitSubjects(db: TenantDb, casePk: number): Promise<number> {
  const orgId = db.orgId;
  const res = await db.query(
    `UPDATE screening_hits SET subject_name = NULL, caption = NULL, nationality = '[]', triage_reason = NULL, disposition_note = NULL
     WHERE org_id = ? AND case_pk = ?`,
    [orgId, casePk],
  );
  return Number((res as { affectedRows?: number }).affectedRows ?? 0);
}

/** A hit as screenCase persists it: the contract's fields plus what triage compares later. */
export interface NewScreeningHit {
  hitId: string;
  subjectId: string;
  subjectName: string;
  subjectRole: string;
  subjectBirthDate: string | null;
  subjectNationality: string | null;
  subjectCountry: string | null;
  caption: string;
  entitySchema: 'Person' | 'Company';
  score: number;
  topics: string[];
  positions: string[];
  nationality: string[];
  birthDates: string[];
  countries: string[];
  datasets: string[];
  isPep: boolean;
  isSanctioned: boolean;
  detectedAt: Date;
}

/**
 * Inserts a screening hit unless the case already has one with that hitId (uq_hits_case_hit). Returns
 * whether it was new (with mysql2's FOUND_ROWS flag, ON DUPLICATE KEY UPDATE would count a duplicate as
 * one row too, so INSERT IGNORE; the caller keeps values within the column sizes). Nothing for another
 * tenant's case.
 */
export async function insertHitIfNew(db: TenantDb, casePk: number, h: NewScreeningHit): Promise<boolean> {
  const orgId = db.orgId;
  const res = await db.query(
    `INSERT IGNORE INTO screening_hits (org_id, case_pk, hit_id, subject_id, subject_name, subject_role, subject_birth_date, subject_nationality, subject_country,
       caption, entity_schema, score, topics, positions, nationality, birth_dates, countries, datasets, is_pep, is_sanctioned, source, detected_at)
     SELECT org_id, pk, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'screening', ? FROM cases WHERE org_id = ? AND pk = ?`,
    [
      h.hitId, h.subjectId, h.subjectName, h.subjectRole, h.subjectBirthDate, h.subjectNationality, h.subjectCountry, h.caption, h.entitySchema, h.score,
      JSON.stringify(h.topics), JSON.stringify(h.positions), JSON.stringify(h.nationality), JSON.stringify(h.birthDates), JSON.stringify(h.countries),
      JSON.stringify(h.datasets), h.isPep ? 1 : 0, h.isSanctioned ? 1 : 0, h.detectedAt, orgId, casePk,
    ],
  );
  return Number((res as { affectedRows: number }).affectedRows) === 1;
}

/** A hit awaiting triage, with what the triager compares (JSON columns may come back as text). */
export interface UntriagedHitRow {
  hit_id: string;
  subject_id: string | null;
  subject_name: string | null;
  subject_role: string | null;
  subject_birth_date: string | null;
  subject_nationality: string | null;
  subject_country: string | null;
  caption: string | null;
  entity_schema: 'Person' | 'Company' | null;
  score: number | string | null;
  topics: string[] | string;
  positions: string[] | string;
  nationality: string[] | string;
  birth_dates: string[] | string | null;
  countries: string[] | string | null;
  datasets: string[] | string | null;
  is_pep: number;
  is_sanctioned: number;
}

/** The case's onboarding-screening hits that have no triage yet, oldest first. */
export function listUntriagedHits(db: TenantDb, casePk: number): Promise<UntriagedHitRow[]> {
  const orgId = db.orgId;
  return db.query(
    `SELECT hit_id, subject_id, subject_name, subject_role, subject_birth_date, subject_nationality, subject_country, caption, entity_schema, score,
       topics, positions, nationality, birth_dates, countries, datasets, is_pep, is_sanctioned
     FROM screening_hits WHERE org_id = ? AND case_pk = ? AND source = 'screening' AND triage_status IS NULL ORDER BY id`,
    [orgId, casePk],
  );
}

/** A triage as stored on its hit. */
export interface StoredTriage {
  status: 'complete' | 'failed';
  confidence: number;
  disposition: Disposition;
  shortReason: string;
  provider: string;
  model: string;
  promptVersion: string;
  at: Date;
}

/** Stores a hit's triage unless it already has one (a concurrent run stored it first). Returns whether it stored. */
export async function storeHitTriage(db: TenantDb, casePk: number, hitId: string, t: StoredTriage): Promise<boolean> {
  const orgId = db.orgId;
  const res = await db.query(
    `UPDATE screening_hits SET triage_status = ?, triage_confidence = ?, triage_disposition = ?, triage_reason = ?, triage_provider = ?, triage_model = ?,
       triage_prompt_version = ?, triaged_at = ?
     WHERE org_id = ? AND case_pk = ? AND hit_id = ? AND triage_status IS NULL`,
    [t.status, t.confidence, t.disposition, t.shortReason, t.provider, t.model, t.promptVersion, t.at, orgId, casePk, hitId],
  );
  return Number((res as { affectedRows: number }).affectedRows) === 1;
}

/** A case's open hits: none dispositioned by a human yet, or escalated for a senior's verdict; oldest first (the decision blockers). */
export async function listOpenHits(
  db: TenantDb, casePk: number,
): Promise<{ hitId: string; subjectName: string | null; caption: string | null; escalated: boolean }[]> {
  const orgId = db.orgId;
  const rows: { hit_id: string; subject_name: string | null; caption: string | null; disposition: string | null }[] = await db.query(
    `SELECT hit_id, subject_name, caption, disposition FROM screening_hits
      WHERE org_id = ? AND case_pk = ? AND (disposition IS NULL OR disposition = 'escalate') ORDER BY id`, [orgId, casePk],
  );
  return rows.map((r) => ({ hitId: r.hit_id, subjectName: r.subject_name, caption: r.caption, escalated: r.disposition === 'escalate' }));
}
