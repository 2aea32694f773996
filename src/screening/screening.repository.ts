import type { MatchExplanation } from './screening-provider';
import { type TenantDb } from '../db/index';
import { isCaseId } from '../cases/index';
import type { EntitySnapshot } from './cleared-pairs';
import type { Disposition } from './screening-hit.entity';
import type { ScreeningHitView } from './screening.wire';

/** The SQL of screening hits and a case's screening summary. Every function takes a tenant-bound handle (forTenant over a manager or the pool). */

const HIT_COLUMNS =
  'id, hit_id, subject_id, subject_name, subject_role, caption, entity_schema, score, topics, positions, nationality, is_pep, is_sanctioned, source, detected_at, triage_status, triage_confidence, triage_disposition, triage_reason, triage_provider, triage_model, triage_prompt_version, triaged_at, disposition, disposition_note, disposition_by, dispositioned_at, changes, explanation';

type Triage = NonNullable<ScreeningHitView['triage']>;

/** A screening hit of a case with its triage and disposition. */
export interface ScreeningHit {
  id: number;
  hitId: string;
  subjectId: string | null;
  subjectName: string | null;
  subjectRole: string | null;
  caption: string | null;
  entitySchema: ScreeningHitView['schema'];
  score: number | null;
  topics: string[];
  positions: string[];
  nationality: string[];
  isPep: boolean;
  isSanctioned: boolean;
  source: ScreeningHitView['source'];
  detectedAt: Date;
  triageStatus: Triage['status'] | null;
  triageConfidence: number | null;
  triageDisposition: Disposition | null;
  triageReason: string | null;
  triageProvider: string | null;
  triageModel: string | null;
  triagePromptVersion: string | null;
  triagedAt: Date | null;
  disposition: Disposition | null;
  dispositionNote: string | null;
  dispositionBy: string | null;
  dispositionedAt: Date | null;
  /** What changed since its pair was cleared, when the hit was raised again because of it; null otherwise. */
  changes: string[] | null;
  /** Why it matched (the matcher's explanation when the hit was raised); null for older hits and providers that do not explain. */
  explanation: MatchExplanation | null;
}

/** A row of HIT_COLUMNS (JSON columns come back as text, MariaDB's JSON being LONGTEXT, or parsed). */
interface ScreeningHitRow {
  id: number; hit_id: string; subject_id: string | null; subject_name: string | null; subject_role: string | null; caption: string | null;
  entity_schema: ScreeningHitView['schema']; score: number | null; topics: string[] | string; positions: string[] | string; nationality: string[] | string;
  is_pep: number; is_sanctioned: number; source: ScreeningHitView['source']; detected_at: Date; triage_status: Triage['status'] | null;
  triage_confidence: number | null; triage_disposition: Disposition | null; triage_reason: string | null; triage_provider: string | null;
  triage_model: string | null; triage_prompt_version: string | null; triaged_at: Date | null; disposition: Disposition | null;
  disposition_note: string | null; disposition_by: string | null; dispositioned_at: Date | null; changes: string[] | string | null;
  explanation: MatchExplanation | string | null;
}

const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

function toScreeningHit(r: ScreeningHitRow): ScreeningHit {
  return {
    id: r.id, hitId: r.hit_id, subjectId: r.subject_id, subjectName: r.subject_name, subjectRole: r.subject_role, caption: r.caption,
    entitySchema: r.entity_schema, score: r.score, topics: json(r.topics), positions: json(r.positions), nationality: json(r.nationality),
    isPep: r.is_pep === 1, isSanctioned: r.is_sanctioned === 1, source: r.source, detectedAt: r.detected_at, triageStatus: r.triage_status,
    triageConfidence: r.triage_confidence, triageDisposition: r.triage_disposition, triageReason: r.triage_reason, triageProvider: r.triage_provider,
    triageModel: r.triage_model, triagePromptVersion: r.triage_prompt_version, triagedAt: r.triaged_at, disposition: r.disposition,
    dispositionNote: r.disposition_note, dispositionBy: r.disposition_by, dispositionedAt: r.dispositioned_at,
    changes: r.changes === null ? null : json(r.changes),
    explanation: r.explanation === null || r.explanation === undefined ? null : json(r.explanation),
  };
}

/**
 * One keyset page of a case's hits, newest first by row id. `after` is the id of the last hit already
 * seen (null for the first page); `limit` the rows to read (the page size plus one).
 */
export async function listHitPage(
  db: TenantDb, casePk: number, q: { after: number | null; limit: number },
): Promise<ScreeningHit[]> {
  const orgId = db.orgId;
  const rows: ScreeningHitRow[] = await db.query(
    `SELECT ${HIT_COLUMNS} FROM screening_hits FORCE INDEX (ix_hits_case_id)
     WHERE org_id = ? AND case_pk = ? ${q.after !== null ? 'AND id < ?' : ''} ORDER BY id DESC LIMIT ${Math.floor(q.limit)}`,
    q.after !== null ? [orgId, casePk, q.after] : [orgId, casePk],
  );
  return rows.map(toScreeningHit);
}

/** Every screening hit of each of the tenant's cases named (by public id), newest first; unknown and malformed ids find nothing. */
export async function listHitsOfCases(db: TenantDb, caseIds: string[]): Promise<(ScreeningHit & { caseId: string })[]> {
  const orgId = db.orgId;
  const ids = caseIds.filter(isCaseId);
  if (!ids.length) return [];
  const rows: (ScreeningHitRow & { case_id: string })[] = await db.query(
    `SELECT c.case_id, ${HIT_COLUMNS.split(', ').map((col) => `h.${col}`).join(', ')}
     FROM cases c FORCE INDEX (uq_cases_org_case_id) JOIN screening_hits h ON h.org_id = c.org_id AND h.case_pk = c.pk
     WHERE c.org_id = ? AND c.case_id IN (?) ORDER BY h.id DESC`,
    [orgId, ids],
  );
  return rows.map((r) => ({ ...toScreeningHit(r), caseId: r.case_id }));
}

/** A case's hit by its hitId, or null. */
export async function findHit(db: TenantDb, casePk: number, hitId: string): Promise<ScreeningHit | null> {
  const orgId = db.orgId;
  const [row]: ScreeningHitRow[] = await db.query(
    `SELECT ${HIT_COLUMNS} FROM screening_hits WHERE org_id = ? AND case_pk = ? AND hit_id = ?`, [orgId, casePk, hitId],
  );
  return row ? toScreeningHit(row) : null;
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
  return (res as { affectedRows: number }).affectedRows !== 0;
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
  return (res as { affectedRows?: number }).affectedRows ?? 0;
}

/** An erasure request's erasure of one person on a case: the hits of their subjects (`<kind>:<position>`) lose what purgeScreeningHitSubjects removes. */
export async function eraseHitSubjectsOf(db: TenantDb, casePk: number, subjectIds: string[]): Promise<number> {
  if (!subjectIds.length) return 0;
  const orgId = db.orgId;
  const res = await db.query(
    `UPDATE screening_hits SET subject_name = NULL, caption = NULL, nationality = '[]', triage_reason = NULL, disposition_note = NULL
     WHERE org_id = ? AND case_pk = ? AND subject_id IN (?)`,
    [orgId, casePk, subjectIds],
  );
  return (res as { affectedRows?: number }).affectedRows ?? 0;
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
  entitySnapshot: EntitySnapshot;
  /** What changed since the subject and entity were cleared, when this raises a cleared pair again. */
  changes: string[] | null;
  explanation: MatchExplanation | null;
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
       caption, entity_schema, score, topics, positions, nationality, birth_dates, countries, datasets, entity_snapshot, changes, explanation, is_pep, is_sanctioned, source, detected_at)
     SELECT org_id, pk, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'screening', ? FROM cases WHERE org_id = ? AND pk = ?`,
    [
      h.hitId, h.subjectId, h.subjectName, h.subjectRole, h.subjectBirthDate, h.subjectNationality, h.subjectCountry, h.caption, h.entitySchema, h.score,
      JSON.stringify(h.topics), JSON.stringify(h.positions), JSON.stringify(h.nationality), JSON.stringify(h.birthDates), JSON.stringify(h.countries),
      JSON.stringify(h.datasets), JSON.stringify(h.entitySnapshot), h.changes ? JSON.stringify(h.changes) : null,
      h.explanation ? JSON.stringify(h.explanation) : null, h.isPep ? 1 : 0, h.isSanctioned ? 1 : 0, h.detectedAt, orgId, casePk,
    ],
  );
  return (res as { affectedRows: number }).affectedRows === 1;
}

/**
 * Raises a case's existing hit again (its cleared pair changed): the match's current data replaces the
 * stored one, the disposition and triage are cleared (the analyst and the triager look at it afresh),
 * `changes` says why. Returns whether the case had that hit.
 */
export async function reraiseHit(db: TenantDb, casePk: number, h: NewScreeningHit): Promise<boolean> {
  const orgId = db.orgId;
  const res = await db.query(
    `UPDATE screening_hits SET subject_id = ?, subject_name = ?, subject_role = ?, subject_birth_date = ?, subject_nationality = ?, subject_country = ?,
       caption = ?, entity_schema = ?, score = ?, topics = ?, positions = ?, nationality = ?, birth_dates = ?, countries = ?, datasets = ?, entity_snapshot = ?,
       changes = ?, explanation = ?, is_pep = ?, is_sanctioned = ?, detected_at = ?, triage_status = NULL, triage_confidence = NULL, triage_disposition = NULL,
       triage_reason = NULL, triage_provider = NULL, triage_model = NULL, triage_prompt_version = NULL, triaged_at = NULL, disposition = NULL,
       disposition_note = NULL, disposition_by = NULL, dispositioned_at = NULL
     WHERE org_id = ? AND case_pk = ? AND hit_id = ?`,
    [
      h.subjectId, h.subjectName, h.subjectRole, h.subjectBirthDate, h.subjectNationality, h.subjectCountry, h.caption, h.entitySchema, h.score,
      JSON.stringify(h.topics), JSON.stringify(h.positions), JSON.stringify(h.nationality), JSON.stringify(h.birthDates), JSON.stringify(h.countries),
      JSON.stringify(h.datasets), JSON.stringify(h.entitySnapshot), JSON.stringify(h.changes ?? []),
      h.explanation ? JSON.stringify(h.explanation) : null, h.isPep ? 1 : 0, h.isSanctioned ? 1 : 0, h.detectedAt,
      orgId, casePk, h.hitId,
    ],
  );
  return (res as { affectedRows: number }).affectedRows === 1;
}

/** What clearing a hit fingerprints: its subject's screened data and the entity's snapshot (null on hits stored before snapshots were kept). */
export interface HitForClearing {
  source: string;
  subjectId: string | null;
  subjectName: string | null;
  subjectBirthDate: string | null;
  subjectNationality: string | null;
  subjectCountry: string | null;
  entitySchema: 'Person' | 'Company' | null;
  caption: string | null;
  entitySnapshot: EntitySnapshot | null;
  topics: string[];
  nationality: string[];
  birthDates: string[];
  countries: string[];
  datasets: string[];
}

/** A case's hit as clearing reads it, or null. */
export async function findHitForClearing(db: TenantDb, casePk: number, hitId: string): Promise<HitForClearing | null> {
  const orgId = db.orgId;
  const [r]: {
    source: string; subject_id: string | null; subject_name: string | null; subject_birth_date: string | null; subject_nationality: string | null;
    subject_country: string | null; entity_schema: 'Person' | 'Company' | null; caption: string | null; entity_snapshot: EntitySnapshot | string | null;
    topics: string[] | string; nationality: string[] | string; birth_dates: string[] | string | null; countries: string[] | string | null;
    datasets: string[] | string | null;
  }[] = await db.query(
    `SELECT source, subject_id, subject_name, subject_birth_date, subject_nationality, subject_country, entity_schema, caption, entity_snapshot,
       topics, nationality, birth_dates, countries, datasets
     FROM screening_hits WHERE org_id = ? AND case_pk = ? AND hit_id = ?`,
    [orgId, casePk, hitId],
  );
  if (!r) return null;
  return {
    source: r.source, subjectId: r.subject_id, subjectName: r.subject_name, subjectBirthDate: r.subject_birth_date, subjectNationality: r.subject_nationality,
    subjectCountry: r.subject_country, entitySchema: r.entity_schema, caption: r.caption, entitySnapshot: r.entity_snapshot === null ? null : json(r.entity_snapshot),
    topics: jsonList(r.topics), nationality: jsonList(r.nationality), birthDates: jsonList(r.birth_dates), countries: jsonList(r.countries),
    datasets: jsonList(r.datasets),
  };
}

/** A hit awaiting triage, with what the triager compares. */
export interface UntriagedHit {
  hitId: string;
  subjectId: string | null;
  subjectName: string | null;
  subjectRole: string | null;
  subjectBirthDate: string | null;
  subjectNationality: string | null;
  subjectCountry: string | null;
  caption: string | null;
  entitySchema: 'Person' | 'Company' | null;
  score: number | null;
  topics: string[];
  positions: string[];
  nationality: string[];
  birthDates: string[];
  countries: string[];
  datasets: string[];
  isPep: boolean;
  isSanctioned: boolean;
}

/** JSON columns come back as text (MariaDB's JSON is LONGTEXT) or parsed. */
interface UntriagedHitRow {
  hit_id: string;
  subject_id: string | null;
  subject_name: string | null;
  subject_role: string | null;
  subject_birth_date: string | null;
  subject_nationality: string | null;
  subject_country: string | null;
  caption: string | null;
  entity_schema: 'Person' | 'Company' | null;
  score: number | null;
  topics: string[] | string;
  positions: string[] | string;
  nationality: string[] | string;
  birth_dates: string[] | string | null;
  countries: string[] | string | null;
  datasets: string[] | string | null;
  is_pep: number;
  is_sanctioned: number;
}

const jsonList = (v: string[] | string | null): string[] => (v === null ? [] : json(v) ?? []);

const toUntriagedHit = (r: UntriagedHitRow): UntriagedHit => ({
  hitId: r.hit_id, subjectId: r.subject_id, subjectName: r.subject_name, subjectRole: r.subject_role, subjectBirthDate: r.subject_birth_date,
  subjectNationality: r.subject_nationality, subjectCountry: r.subject_country, caption: r.caption, entitySchema: r.entity_schema, score: r.score,
  topics: jsonList(r.topics), positions: jsonList(r.positions), nationality: jsonList(r.nationality), birthDates: jsonList(r.birth_dates),
  countries: jsonList(r.countries), datasets: jsonList(r.datasets), isPep: r.is_pep === 1, isSanctioned: r.is_sanctioned === 1,
});

/** The case's onboarding-screening hits that have no triage yet, oldest first. */
export async function listUntriagedHits(db: TenantDb, casePk: number): Promise<UntriagedHit[]> {
  const orgId = db.orgId;
  const rows: UntriagedHitRow[] = await db.query(
    `SELECT hit_id, subject_id, subject_name, subject_role, subject_birth_date, subject_nationality, subject_country, caption, entity_schema, score,
       topics, positions, nationality, birth_dates, countries, datasets, is_pep, is_sanctioned
     FROM screening_hits WHERE org_id = ? AND case_pk = ? AND source = 'screening' AND triage_status IS NULL ORDER BY id`,
    [orgId, casePk],
  );
  return rows.map(toUntriagedHit);
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
  return (res as { affectedRows: number }).affectedRows === 1;
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
