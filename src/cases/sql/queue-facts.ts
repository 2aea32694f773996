import { type TenantDb } from '../../db/index';
import type { CaseStatus } from '../case.entity';

/**
 * The facts of a case that a work queue's conditions and its hand-outs read (src/work-queues): read here,
 * by the owner of the cases table, so that no other feature's SQL names its columns.
 */
export interface CaseQueueFacts {
  pk: number;
  caseId: string;
  status: CaseStatus;
  onboardingStage: string;
  source: string;
  crmSource: string | null;
  country: string | null;
  riskBand: string | null;
  reviewLevel: string | null;
  ownerMemberId: string | null;
  /** The case's event count: unchanged since a hand-out means nobody touched the case since. */
  eventSequence: number;
  createdAt: Date;
  /** Approved, declined or purged; or a test case, which the work queues never hold (their figures are live ones). */
  closed: boolean;
  /** Approved, declined or purged, whatever its mode (a test case's SLA clock runs until then: src/sla). */
  ended: boolean;
  mode: 'live' | 'test';
}

interface Row {
  pk: number | string; case_id: string; status: CaseStatus; onboarding_stage: string; source: string; crm_source: string | null;
  country: string | null; risk_band: string | null; review_level: string | null; owner_member_id: string | null;
  event_sequence: number; created_at: Date; closed_at: Date | null; purged_at: Date | null; mode: 'live' | 'test';
}

const COLUMNS = `pk, case_id, status, onboarding_stage, source, crm_source, country, risk_band, review_level, owner_member_id,
  event_sequence, created_at, closed_at, purged_at, mode`;

const facts = (r: Row): CaseQueueFacts => ({
  pk: Number(r.pk), caseId: r.case_id, status: r.status, onboardingStage: r.onboarding_stage, source: r.source, crmSource: r.crm_source,
  country: r.country, riskBand: r.risk_band, reviewLevel: r.review_level, ownerMemberId: r.owner_member_id,
  eventSequence: Number(r.event_sequence), createdAt: r.created_at,
  closed: r.status === 'approved' || r.status === 'declined' || r.purged_at !== null || r.mode === 'test',
  ended: r.status === 'approved' || r.status === 'declined' || r.purged_at !== null,
  mode: r.mode === 'test' ? 'test' : 'live',
});

/** The queue facts of some of the tenant's cases, by pk (missing ones left out). */
export async function caseQueueFacts(db: TenantDb, casePks: readonly number[]): Promise<CaseQueueFacts[]> {
  if (casePks.length === 0) return [];
  const rows: Row[] = await db.query(`SELECT ${COLUMNS} FROM cases WHERE org_id = ? AND pk IN (?)`, [db.orgId, [...casePks]]);
  return rows.map(facts);
}

/**
 * One keyset page (by pk) of the tenant's open cases' queue facts, for re-sorting every case into the queues:
 * its live cases, or its test cases with `mode` 'test' (their SLA clocks: src/sla; read by (org_id, mode, pk)).
 */
export async function openCaseQueueFactsAfter(db: TenantDb, afterPk: number, limit: number, mode: 'live' | 'test' = 'live'): Promise<CaseQueueFacts[]> {
  const rows: Row[] = await db.query(
    `SELECT ${COLUMNS} FROM cases WHERE org_id = ? AND pk > ? AND status NOT IN ('approved', 'declined') AND purged_at IS NULL AND mode = '${mode === 'test' ? 'test' : 'live'}'
     ORDER BY pk LIMIT ${Math.floor(limit)}`,
    [db.orgId, afterPk],
  );
  return rows.map(facts);
}

/** How many open live cases each of these members owns (members owning none are absent). */
export async function countOpenCasesOwned(db: TenantDb, memberIds: readonly string[]): Promise<Map<string, number>> {
  if (memberIds.length === 0) return new Map();
  const rows: { owner_member_id: string; n: number | string }[] = await db.query(
    `SELECT owner_member_id, COUNT(*) AS n FROM cases WHERE org_id = ? AND owner_member_id IN (?) AND status NOT IN ('approved', 'declined')
       AND mode = 'live' GROUP BY owner_member_id`,
    [db.orgId, [...memberIds]],
  );
  return new Map(rows.map((r) => [r.owner_member_id, Number(r.n)]));
}
