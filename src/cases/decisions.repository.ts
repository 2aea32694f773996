import { type TenantDb } from '../db/index';
import type { DecisionOutcome, DecisionReason } from './decision.entity';

/** The SQL of a case's decision history. Every function takes a tenant-bound handle (forTenant over a manager or the pool). */

/** The columns both decision views read from the decisions table. */
const DECISION_COLUMNS = 'id, outcome, notes, analyst_email, auto, reason, decided_at';

export interface DecisionRow {
  id: number | string;
  outcome: DecisionOutcome;
  notes: string;
  analyst_email: string;
  auto: number;
  reason: DecisionReason | null;
  decided_at: Date;
  /** JSON text (MariaDB's JSON is LONGTEXT) or parsed; null before provenance existed. */
  provenance?: string | Record<string, unknown> | null;
}

/** A case's current (latest) decision, or null. */
export async function findLatestDecision(db: TenantDb, casePk: number): Promise<DecisionRow | null> {
  const orgId = db.orgId;
  const [row]: DecisionRow[] = await db.query(
    `SELECT ${DECISION_COLUMNS} FROM decisions WHERE org_id = ? AND case_pk = ? ORDER BY id DESC LIMIT 1`, [orgId, casePk],
  );
  return row ?? null;
}

/**
 * One keyset page of a case's decisions, newest first by id. `after` is the id of the last decision
 * already seen (null for the first page); `limit` the rows to read (the page size plus one).
 */
export function listDecisionPage(
  db: TenantDb, casePk: number, q: { after: number | null; limit: number },
): Promise<DecisionRow[]> {
  const orgId = db.orgId;
  return db.query(
    `SELECT ${DECISION_COLUMNS}, provenance FROM decisions FORCE INDEX (ix_decisions_case)
     WHERE org_id = ? AND case_pk = ? ${q.after !== null ? 'AND id < ?' : ''} ORDER BY id DESC LIMIT ${Math.floor(q.limit)}`,
    q.after !== null ? [orgId, casePk, q.after] : [orgId, casePk],
  );
}

/** One decision of a case with its provenance snapshot, by the decision's id, or null (another case's, or none). */
export async function findDecisionOfCase(db: TenantDb, casePk: number, decisionId: number): Promise<DecisionRow | null> {
  const orgId = db.orgId;
  if (!Number.isSafeInteger(decisionId) || decisionId <= 0) return null;
  const [row]: DecisionRow[] = await db.query(
    `SELECT ${DECISION_COLUMNS}, provenance FROM decisions WHERE org_id = ? AND case_pk = ? AND id = ?`, [orgId, casePk, decisionId],
  );
  return row ?? null;
}

/** Every decision of a case with its provenance, oldest first (the evidence pack). */
export function listDecisionsWithProvenance(db: TenantDb, casePk: number): Promise<DecisionRow[]> {
  const orgId = db.orgId;
  return db.query(`SELECT ${DECISION_COLUMNS}, provenance FROM decisions WHERE org_id = ? AND case_pk = ? ORDER BY id`, [orgId, casePk]);
}
