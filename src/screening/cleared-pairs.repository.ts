import { type TenantDb } from '../db/index';
import type { EntitySnapshot, SubjectSnapshot } from './cleared-pairs';

/**
 * The SQL of cleared pairs (screening_cleared_pairs). Every function takes a tenant-bound handle (forTenant
 * over a manager or the pool). A pair is active while neither reraised_at nor revoked_at is set.
 */

/** A stored pair: what was cleared (NewClearedPair), with its id and the case by its public id. */
export type ClearedPair = Omit<NewClearedPair, 'casePk'> & { id: number; caseId: string };

interface ClearedPairRow {
  id: number; subject_key: string; subject_digest: string; entity_id: string; subject_name: string | null; caption: string | null;
  subject_fingerprint: string; entity_fingerprint: string; subject_snapshot: SubjectSnapshot | string; entity_snapshot: EntitySnapshot | string;
  case_id: string; hit_id: string; cleared_by: string; cleared_at: Date;
}

const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

const toClearedPair = (r: ClearedPairRow): ClearedPair => ({
  id: r.id, subjectKey: r.subject_key, subjectDigest: r.subject_digest, entityId: r.entity_id, subjectName: r.subject_name, caption: r.caption,
  subjectFingerprint: r.subject_fingerprint, entityFingerprint: r.entity_fingerprint, subjectSnapshot: json(r.subject_snapshot),
  entitySnapshot: json(r.entity_snapshot), caseId: r.case_id, hitId: r.hit_id, clearedBy: r.cleared_by, clearedAt: r.cleared_at,
});

const PAIR_COLUMNS = `p.id, p.subject_key, p.subject_digest, p.entity_id, p.subject_name, p.caption, p.subject_fingerprint, p.entity_fingerprint,
  p.subject_snapshot, p.entity_snapshot, c.case_id, p.hit_id, p.cleared_by, p.cleared_at`;
const ACTIVE = 'p.reraised_at IS NULL AND p.revoked_at IS NULL';

/**
 * The person registry's person of each of a case's parties that is linked to one, by screening subjectId
 * (`director:<position>`, `ubo:<position>`). Reads the case's parties and the registry's active links
 * (src/persons writes them).
 */
export async function personIdsOfCaseSubjects(db: TenantDb, casePk: number): Promise<Map<string, number>> {
  const orgId = db.orgId;
  const rows: { kind: string; position: number; person_id: number }[] = await db.query(
    `SELECT cp.kind, cp.position, pl.person_id FROM case_parties cp
     JOIN person_links pl ON pl.org_id = cp.org_id AND pl.case_pk = cp.case_pk AND pl.person_key = cp.person_key AND pl.active = 1
     WHERE cp.org_id = ? AND cp.case_pk = ?`,
    [orgId, casePk],
  );
  return new Map(rows.map((r) => [`${r.kind}:${r.position}`, Number(r.person_id)]));
}

/** A pair to store as a member clears a hit. */
export interface NewClearedPair {
  subjectKey: string;
  subjectDigest: string;
  entityId: string;
  subjectName: string | null;
  caption: string | null;
  subjectFingerprint: string;
  entityFingerprint: string;
  subjectSnapshot: SubjectSnapshot;
  entitySnapshot: EntitySnapshot;
  casePk: number;
  hitId: string;
  clearedBy: string;
  clearedAt: Date;
}

/** Stores the pair, replacing the subject's earlier pair with that entity (a new clearing makes it active again). */
export async function upsertClearedPair(db: TenantDb, p: NewClearedPair): Promise<void> {
  const orgId = db.orgId;
  await db.query(
    `INSERT INTO screening_cleared_pairs (org_id, subject_key, subject_digest, entity_id, subject_name, caption, subject_fingerprint, entity_fingerprint,
       subject_snapshot, entity_snapshot, case_pk, hit_id, cleared_by, cleared_at)
     SELECT org_id, ?, ?, ?, ?, ?, ?, ?, ?, ?, pk, ?, ?, ? FROM cases WHERE org_id = ? AND pk = ?
     ON DUPLICATE KEY UPDATE subject_digest = VALUES(subject_digest), subject_name = VALUES(subject_name), caption = VALUES(caption),
       subject_fingerprint = VALUES(subject_fingerprint), entity_fingerprint = VALUES(entity_fingerprint), subject_snapshot = VALUES(subject_snapshot),
       entity_snapshot = VALUES(entity_snapshot), case_pk = VALUES(case_pk), hit_id = VALUES(hit_id), cleared_by = VALUES(cleared_by),
       cleared_at = VALUES(cleared_at), reraised_at = NULL, reraised_case_pk = NULL, revoked_by = NULL, revoked_at = NULL`,
    [
      p.subjectKey, p.subjectDigest, p.entityId, p.subjectName, p.caption, p.subjectFingerprint, p.entityFingerprint, JSON.stringify(p.subjectSnapshot),
      JSON.stringify(p.entitySnapshot), p.hitId, p.clearedBy, p.clearedAt, orgId, p.casePk,
    ],
  );
}

/** The active pairs of any of the subject keys or digests with any of the entities. */
export async function findActiveClearedPairs(db: TenantDb, q: { subjectKeys: string[]; digests: string[]; entityIds: string[] }): Promise<ClearedPair[]> {
  const orgId = db.orgId;
  if (!q.entityIds.length || (!q.subjectKeys.length && !q.digests.length)) return [];
  const rows: ClearedPairRow[] = await db.query(
    `SELECT ${PAIR_COLUMNS} FROM screening_cleared_pairs p JOIN cases c ON c.org_id = p.org_id AND c.pk = p.case_pk
     WHERE p.org_id = ? AND p.entity_id IN (?) AND (p.subject_key IN (?) OR p.subject_digest IN (?)) AND ${ACTIVE} ORDER BY p.id`,
    [orgId, q.entityIds, q.subjectKeys.length ? q.subjectKeys : [''], q.digests.length ? q.digests : ['']],
  );
  return rows.map(toClearedPair);
}

/** Marks an active pair raised again (on the case `casePk`); false when it no longer was active (raised or revoked meanwhile). */
export async function markPairReraised(db: TenantDb, id: number, casePk: number, at: Date): Promise<boolean> {
  const orgId = db.orgId;
  const res = await db.query(
    `UPDATE screening_cleared_pairs p SET p.reraised_at = ?, p.reraised_case_pk = ? WHERE p.org_id = ? AND p.id = ? AND ${ACTIVE}`, [at, casePk, orgId, id],
  );
  return (res as { affectedRows: number }).affectedRows === 1;
}

/** Revokes the active pair of an id; false when there is none. */
export async function revokeClearedPair(db: TenantDb, id: number, by: string, at: Date): Promise<boolean> {
  const orgId = db.orgId;
  const res = await db.query(
    `UPDATE screening_cleared_pairs p SET p.revoked_by = ?, p.revoked_at = ? WHERE p.org_id = ? AND p.id = ? AND ${ACTIVE}`, [by, at, orgId, id],
  );
  return (res as { affectedRows: number }).affectedRows === 1;
}

/** Revokes the active pairs a case's hit cleared (its disposition is no longer false_positive). */
export async function revokePairsOfHit(db: TenantDb, casePk: number, hitId: string, by: string, at: Date): Promise<number> {
  const orgId = db.orgId;
  const res = await db.query(
    `UPDATE screening_cleared_pairs p SET p.revoked_by = ?, p.revoked_at = ? WHERE p.org_id = ? AND p.case_pk = ? AND p.hit_id = ? AND ${ACTIVE}`,
    [by, at, orgId, casePk, hitId],
  );
  return (res as { affectedRows?: number }).affectedRows ?? 0;
}

/** An active pair by id, or null. */
export async function findActiveClearedPair(db: TenantDb, id: number): Promise<ClearedPair | null> {
  const orgId = db.orgId;
  const [row]: ClearedPairRow[] = await db.query(
    `SELECT ${PAIR_COLUMNS} FROM screening_cleared_pairs p JOIN cases c ON c.org_id = p.org_id AND c.pk = p.case_pk WHERE p.org_id = ? AND p.id = ? AND ${ACTIVE}`, [orgId, id],
  );
  return row ? toClearedPair(row) : null;
}

/** One keyset page of the tenant's active pairs, newest first; `after` the id of the last one seen. */
export async function listActiveClearedPairs(db: TenantDb, q: { after: number | null; limit: number }): Promise<ClearedPair[]> {
  const orgId = db.orgId;
  const rows: ClearedPairRow[] = await db.query(
    `SELECT ${PAIR_COLUMNS} FROM screening_cleared_pairs p JOIN cases c ON c.org_id = p.org_id AND c.pk = p.case_pk
     WHERE p.org_id = ? AND ${ACTIVE} ${q.after !== null ? 'AND p.id < ?' : ''} ORDER BY p.id DESC LIMIT ${Math.floor(q.limit)}`,
    q.after !== null ? [orgId, q.after] : [orgId],
  );
  return rows.map(toClearedPair);
}

/** The tenant's open cases (not approved or declined), newest first, at most `limit`: what a settings dry run compares. */
export async function listOpenCases(db: TenantDb, limit: number): Promise<{ casePk: number; caseId: string; companyName: string | null }[]> {
  const orgId = db.orgId;
  const rows: { pk: number; case_id: string; company_name: string | null }[] = await db.query(
    `SELECT pk, case_id, company_name FROM cases WHERE org_id = ? AND status NOT IN ('approved', 'declined') ORDER BY pk DESC LIMIT ${Math.floor(limit)}`,
    [orgId],
  );
  return rows.map((r) => ({ casePk: Number(r.pk), caseId: r.case_id, companyName: r.company_name }));
}
