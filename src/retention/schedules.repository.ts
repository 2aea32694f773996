import type { TenantDb } from '../db/index';
import { crossTenant } from '../db/cross-tenant';
import type { Queryable } from '../db/queryable';

/**
 * The SQL of retention schedules, legal holds and deletion certificates (tables owned by src/retention). Every
 * function takes a tenant-bound handle, but the sweep's lookup of due cases, which spans tenants.
 */

export interface RetentionPolicyRecord {
  version: number;
  yearsAfterClosure: number | null;
  declinedDays: number | null;
  withdrawnDays: number | null;
  updatedBy: string;
  updatedAt: Date;
}

interface PolicyRow { version: number; years_after_closure: number | null; declined_days: number | null; withdrawn_days: number | null; updated_by: string; updated_at: Date }
const nOrNull = (v: number | null) => (v === null ? null : Number(v));

export async function findRetentionPolicy(db: TenantDb, lock = false): Promise<RetentionPolicyRecord | null> {
  const orgId = db.orgId;
  const [r]: PolicyRow[] = await db.query(
    `SELECT version, years_after_closure, declined_days, withdrawn_days, updated_by, updated_at FROM retention_policies WHERE org_id = ?${lock ? ' FOR UPDATE' : ''}`, [orgId],
  );
  return r ? {
    version: Number(r.version), yearsAfterClosure: nOrNull(r.years_after_closure), declinedDays: nOrNull(r.declined_days),
    withdrawnDays: nOrNull(r.withdrawn_days), updatedBy: r.updated_by, updatedAt: new Date(r.updated_at),
  } : null;
}

export async function saveRetentionPolicy(db: TenantDb, p: RetentionPolicyRecord): Promise<void> {
  const orgId = db.orgId;
  await db.query(
    `INSERT INTO retention_policies (org_id, version, years_after_closure, declined_days, withdrawn_days, updated_by, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON DUPLICATE KEY UPDATE version = VALUES(version), years_after_closure = VALUES(years_after_closure), declined_days = VALUES(declined_days),
       withdrawn_days = VALUES(withdrawn_days), updated_by = VALUES(updated_by), updated_at = VALUES(updated_at)`,
    [orgId, p.version, p.yearsAfterClosure, p.declinedDays, p.withdrawnDays, p.updatedBy, p.updatedAt],
  );
}

/** A case's retention facts: its status, its latest decision, its last monitoring run, whether monitoring still runs. */
export interface CaseRetentionFacts {
  caseId: string;
  status: string;
  purgedAt: Date | null;
  decidedAt: Date | null;
  lastMonitoredAt: Date | null;
  monitored: boolean;
}

export async function findCaseRetentionFacts(db: TenantDb, casePk: number): Promise<CaseRetentionFacts | null> {
  const orgId = db.orgId;
  const [r]: { case_id: string; status: string; purged_at: Date | null; decided_at: Date | null; last_run: Date | null; monitored: number }[] = await db.query(
    `SELECT c.case_id, c.status, c.purged_at,
       (SELECT MAX(d.decided_at) FROM decisions d WHERE d.org_id = c.org_id AND d.case_pk = c.pk) AS decided_at,
       (SELECT MAX(r.completed_at) FROM monitoring_runs r WHERE r.org_id = c.org_id AND r.case_pk = c.pk) AS last_run,
       EXISTS (SELECT 1 FROM monitored_cases m WHERE m.org_id = c.org_id AND m.case_pk = c.pk) AS monitored
     FROM cases c WHERE c.org_id = ? AND c.pk = ?`, [orgId, casePk],
  );
  return r ? {
    caseId: r.case_id, status: r.status, purgedAt: r.purged_at ? new Date(r.purged_at) : null, decidedAt: r.decided_at ? new Date(r.decided_at) : null,
    lastMonitoredAt: r.last_run ? new Date(r.last_run) : null, monitored: Number(r.monitored) === 1,
  } : null;
}

/**
 * The sweep's candidates (across tenants): cases not purged, of tenants with a retention policy, whose period
 * under it ended by `now` (approved: `years_after_closure` years after the later of the last decision and the
 * last monitoring run; declined: `declined_days` days after the last decision), and on no active legal hold.
 * The purge checks again itself (purgeDueCase).
 */
export async function listDueCases(db: Queryable, now: Date, limit: number): Promise<{ orgId: string; casePk: number }[]> {
  const rows: { org_id: string; pk: number }[] = await crossTenant(db, 'sweep').query(
    `SELECT org_id, pk FROM (
       SELECT c.org_id, c.pk, c.status, p.declined_days, p.years_after_closure,
         (SELECT MAX(d.decided_at) FROM decisions d WHERE d.org_id = c.org_id AND d.case_pk = c.pk) AS decided_at,
         (SELECT MAX(r.completed_at) FROM monitoring_runs r WHERE r.org_id = c.org_id AND r.case_pk = c.pk) AS last_run
       FROM retention_policies p
       JOIN cases c ON c.org_id = p.org_id AND c.purged_at IS NULL AND c.status IN ('approved', 'declined')
       WHERE (p.declined_days IS NOT NULL OR p.years_after_closure IS NOT NULL)
         AND NOT EXISTS (SELECT 1 FROM legal_holds h WHERE h.org_id = c.org_id AND h.case_pk = c.pk AND h.released_at IS NULL)
     ) x
     WHERE decided_at IS NOT NULL AND (
       (status = 'declined' AND declined_days IS NOT NULL AND decided_at + INTERVAL declined_days DAY <= ?)
       OR (status = 'approved' AND years_after_closure IS NOT NULL AND GREATEST(decided_at, COALESCE(last_run, decided_at)) + INTERVAL years_after_closure YEAR <= ?))
     ORDER BY org_id, pk LIMIT ${Math.floor(limit)}`,
    [now, now],
  );
  return rows.map((r) => ({ orgId: r.org_id, casePk: Number(r.pk) }));
}

/**
 * One tenant's closed cases whose data is held, oldest first: the candidates its test clock hands to purgeDueCase
 * (src/test-helpers), which decides for each whether its period (or a retained erasure) has ended.
 */
export async function listClosedCasesOfTenant(db: TenantDb, limit: number): Promise<number[]> {
  const orgId = db.orgId;
  const rows: { pk: number | string }[] = await db.query(
    `SELECT c.pk FROM cases c WHERE c.org_id = ? AND c.purged_at IS NULL AND c.status IN ('approved', 'declined') ORDER BY c.pk LIMIT ${Math.floor(limit)}`, [orgId],
  );
  return rows.map((r) => Number(r.pk));
}

export interface LegalHold {
  reason: string;
  placedBy: string;
  placedAt: Date;
}

/** The case's active legal hold (released_at null), or null. */
export async function findActiveLegalHold(db: TenantDb, casePk: number): Promise<LegalHold | null> {
  const orgId = db.orgId;
  const [r]: { reason: string; placed_by: string; placed_at: Date }[] = await db.query(
    'SELECT reason, placed_by, placed_at FROM legal_holds WHERE org_id = ? AND case_pk = ? AND released_at IS NULL ORDER BY id DESC LIMIT 1', [orgId, casePk],
  );
  return r ? { reason: r.reason, placedBy: r.placed_by, placedAt: new Date(r.placed_at) } : null;
}

export async function insertLegalHold(db: TenantDb, casePk: number, h: LegalHold): Promise<void> {
  const orgId = db.orgId;
  await db.query('INSERT INTO legal_holds (org_id, case_pk, reason, placed_by, placed_at) VALUES (?, ?, ?, ?, ?)', [orgId, casePk, h.reason, h.placedBy, h.placedAt]);
}

/** Releases the case's active hold; returns whether there was one. */
export async function releaseActiveLegalHold(db: TenantDb, casePk: number, by: string, at: Date): Promise<boolean> {
  const orgId = db.orgId;
  const res = await db.query('UPDATE legal_holds SET released_by = ?, released_at = ? WHERE org_id = ? AND case_pk = ? AND released_at IS NULL', [by, at, orgId, casePk]) as { affectedRows?: number };
  return (res.affectedRows ?? 0) > 0;
}

export interface StoredCertificate {
  caseId: string;
  basis: string;
  policyVersion: number | null;
  document: Record<string, unknown>;
  jws: string;
  issuedAt: Date;
}

export async function insertDeletionCertificate(db: TenantDb, casePk: number, c: StoredCertificate): Promise<void> {
  const orgId = db.orgId;
  await db.query(
    `INSERT INTO deletion_certificates (org_id, case_pk, case_id, basis, policy_version, document, jws, issued_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    [orgId, casePk, c.caseId, c.basis, c.policyVersion, JSON.stringify(c.document), c.jws, c.issuedAt],
  );
}

export async function findDeletionCertificate(db: TenantDb, casePk: number): Promise<StoredCertificate | null> {
  const orgId = db.orgId;
  const [r]: { case_id: string; basis: string; policy_version: number | null; document: unknown; jws: string; issued_at: Date }[] = await db.query(
    'SELECT case_id, basis, policy_version, document, jws, issued_at FROM deletion_certificates WHERE org_id = ? AND case_pk = ?', [orgId, casePk],
  );
  return r ? {
    caseId: r.case_id, basis: r.basis, policyVersion: nOrNull(r.policy_version),
    document: (typeof r.document === 'string' ? JSON.parse(r.document) : r.document) as Record<string, unknown>, jws: r.jws, issuedAt: new Date(r.issued_at),
  } : null;
}

export async function insertErasureRequest(db: TenantDb, r: { personId: number; reason: string; requestedBy: string; at: Date }): Promise<number> {
  const orgId = db.orgId;
  const res = await db.query('INSERT INTO erasure_requests (org_id, person_id, reason, requested_by, requested_at) VALUES (?, ?, ?, ?, ?)',
    [orgId, r.personId, r.reason, r.requestedBy, r.at]) as { insertId: number };
  return Number(res.insertId);
}

export interface ErasureDecisionRecord {
  caseId: string;
  outcome: 'erased' | 'already_erased' | 'retained';
  /** What an `erased` decision erased: the whole case's personal data, or only the person's; null otherwise. */
  scope: 'case' | 'person' | null;
  retainUntil: Date | null;
  legalBasis: string | null;
  erasedAt: Date | null;
}

export async function insertErasureDecision(db: TenantDb, requestId: number, casePk: number, d: ErasureDecisionRecord): Promise<void> {
  const orgId = db.orgId;
  await db.query(
    'INSERT INTO erasure_decisions (org_id, request_id, case_pk, case_id, outcome, scope, retain_until, legal_basis, erased_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    [orgId, requestId, casePk, d.caseId, d.outcome, d.scope, d.retainUntil, d.legalBasis, d.erasedAt],
  );
}

/** Retained erasures whose date has passed (across tenants), cases not purged and on no legal hold: the sweep erases them. */
export async function listDueErasures(db: Queryable, now: Date, limit: number): Promise<{ orgId: string; casePk: number }[]> {
  const rows: { org_id: string; case_pk: number }[] = await crossTenant(db, 'sweep').query(
    `SELECT DISTINCT e.org_id, e.case_pk FROM erasure_decisions e
     JOIN cases c ON c.org_id = e.org_id AND c.pk = e.case_pk AND c.purged_at IS NULL
     WHERE e.outcome = 'retained' AND e.erased_at IS NULL AND e.retain_until IS NOT NULL AND e.retain_until <= ?
       AND NOT EXISTS (SELECT 1 FROM legal_holds h WHERE h.org_id = e.org_id AND h.case_pk = e.case_pk AND h.released_at IS NULL)
     ORDER BY e.org_id, e.case_pk LIMIT ${Math.floor(limit)}`,
    [now],
  );
  return rows.map((r) => ({ orgId: r.org_id, casePk: Number(r.case_pk) }));
}

/** The case's retained erasure decisions that are due (the request each came from, its reason). */
export async function findDueErasure(db: TenantDb, casePk: number, now: Date): Promise<{ requestId: number; reason: string; retainUntil: Date; legalBasis: string | null } | null> {
  const orgId = db.orgId;
  const [r]: { request_id: number; reason: string; retain_until: Date; legal_basis: string | null }[] = await db.query(
    `SELECT e.request_id, r.reason, e.retain_until, e.legal_basis FROM erasure_decisions e JOIN erasure_requests r ON r.org_id = e.org_id AND r.id = e.request_id
     WHERE e.org_id = ? AND e.case_pk = ? AND e.outcome = 'retained' AND e.erased_at IS NULL AND e.retain_until IS NOT NULL AND e.retain_until <= ?
     ORDER BY e.id LIMIT 1`, [orgId, casePk, now],
  );
  return r ? { requestId: Number(r.request_id), reason: r.reason, retainUntil: new Date(r.retain_until), legalBasis: r.legal_basis } : null;
}

/** Marks every retained erasure decision of the case erased (the case was purged). */
export async function markErasuresDone(db: TenantDb, casePk: number, at: Date): Promise<void> {
  const orgId = db.orgId;
  await db.query("UPDATE erasure_decisions SET erased_at = ? WHERE org_id = ? AND case_pk = ? AND outcome = 'retained' AND erased_at IS NULL", [at, orgId, casePk]);
}

export interface ErasureRequestRecord {
  id: number;
  personId: number;
  reason: string;
  requestedBy: string;
  requestedAt: Date;
  decisions: ErasureDecisionRecord[];
}

/** The tenant's erasure requests, newest first (keyset on id: those below `beforeId`), each with its decisions per case. */
export async function listErasureRequests(db: TenantDb, beforeId: number | null, take: number): Promise<ErasureRequestRecord[]> {
  const orgId = db.orgId;
  const rows: { id: number; person_id: number; reason: string; requested_by: string; requested_at: Date }[] = await db.query(
    `SELECT id, person_id, reason, requested_by, requested_at FROM erasure_requests WHERE org_id = ?${beforeId === null ? '' : ' AND id < ?'}
     ORDER BY id DESC LIMIT ${Math.floor(take)}`, beforeId === null ? [orgId] : [orgId, beforeId],
  );
  if (!rows.length) return [];
  const decisions: {
    request_id: number; case_id: string; outcome: ErasureDecisionRecord['outcome']; scope: ErasureDecisionRecord['scope']; retain_until: Date | null; legal_basis: string | null; erased_at: Date | null;
  }[] = await db.query(
    'SELECT request_id, case_id, outcome, scope, retain_until, legal_basis, erased_at FROM erasure_decisions WHERE org_id = ? AND request_id IN (?) ORDER BY id',
    [orgId, rows.map((r) => r.id)],
  );
  const date = (d: Date | null) => (d ? new Date(d) : null);
  return rows.map((r) => ({
    id: Number(r.id), personId: Number(r.person_id), reason: r.reason, requestedBy: r.requested_by, requestedAt: new Date(r.requested_at),
    decisions: decisions.filter((d) => Number(d.request_id) === Number(r.id)).map((d) => ({
      caseId: d.case_id, outcome: d.outcome, scope: d.scope, retainUntil: date(d.retain_until), legalBasis: d.legal_basis, erasedAt: date(d.erased_at),
    })),
  }));
}
