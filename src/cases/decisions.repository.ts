import { type TenantDb } from '../db/index';
import type { DecisionProvenance } from './decision-provenance.wire';
import type { DecisionOutcome, DecisionReason } from './decision.entity';

/** The SQL of a case's decision history. Every function takes a tenant-bound handle (forTenant over a manager or the pool). */

/** The columns both decision views read from the decisions table. */
const DECISION_COLUMNS = 'id, outcome, notes, analyst_email, auto, reason, decided_at';

interface DecisionRowData {
  id: number | string; outcome: DecisionOutcome; notes: string; analyst_email: string; auto: number | string; reason: DecisionReason | null; decided_at: Date;
  /** JSON text (MariaDB's JSON is LONGTEXT) or parsed; null before provenance existed, absent when not read. */
  provenance?: string | Record<string, unknown> | null;
}

/** A decision of a case. */
export interface DecisionRecord {
  id: number;
  outcome: DecisionOutcome;
  notes: string;
  analystEmail: string;
  /** Made by the tenant's policy, not by a member. */
  auto: boolean;
  reason: DecisionReason | null;
  decidedAt: Date;
  /** What the decision rested on (immutable), when read; null for decisions recorded before provenance existed. */
  provenance?: DecisionProvenance | null;
}

/** The one mapper of decision rows. */
export const toDecisionRecord = (r: DecisionRowData): DecisionRecord => ({
  id: Number(r.id), outcome: r.outcome, notes: r.notes, analystEmail: r.analyst_email, auto: Number(r.auto) === 1, reason: r.reason,
  decidedAt: new Date(r.decided_at),
  ...(r.provenance === undefined ? {} : {
    provenance: r.provenance === null ? null : (typeof r.provenance === 'string' ? JSON.parse(r.provenance) : r.provenance) as DecisionProvenance,
  }),
});

/** A case's current (latest) decision, or null. */
export async function findLatestDecision(db: TenantDb, casePk: number): Promise<DecisionRecord | null> {
  const orgId = db.orgId;
  const [row]: DecisionRowData[] = await db.query(
    `SELECT ${DECISION_COLUMNS} FROM decisions WHERE org_id = ? AND case_pk = ? ORDER BY id DESC LIMIT 1`, [orgId, casePk],
  );
  return row ? toDecisionRecord(row) : null;
}

/**
 * One keyset page of a case's decisions, newest first by id. `after` is the id of the last decision
 * already seen (null for the first page); `limit` the rows to read (the page size plus one).
 */
export async function listDecisionPage(
  db: TenantDb, casePk: number, q: { after: number | null; limit: number },
): Promise<DecisionRecord[]> {
  const orgId = db.orgId;
  const rows: DecisionRowData[] = await db.query(
    `SELECT ${DECISION_COLUMNS}, provenance FROM decisions FORCE INDEX (ix_decisions_case)
     WHERE org_id = ? AND case_pk = ? ${q.after !== null ? 'AND id < ?' : ''} ORDER BY id DESC LIMIT ${Math.floor(q.limit)}`,
    q.after !== null ? [orgId, casePk, q.after] : [orgId, casePk],
  );
  return rows.map(toDecisionRecord);
}

/** One decision of a case with its provenance snapshot, by the decision's id, or null (another case's, or none). */
export async function findDecisionOfCase(db: TenantDb, casePk: number, decisionId: number): Promise<DecisionRecord | null> {
  const orgId = db.orgId;
  if (!Number.isSafeInteger(decisionId) || decisionId <= 0) return null;
  const [row]: DecisionRowData[] = await db.query(
    `SELECT ${DECISION_COLUMNS}, provenance FROM decisions WHERE org_id = ? AND case_pk = ? AND id = ?`, [orgId, casePk, decisionId],
  );
  return row ? toDecisionRecord(row) : null;
}

/** Every decision of a case with its provenance, oldest first (the evidence pack). */
export async function listDecisionsWithProvenance(db: TenantDb, casePk: number): Promise<DecisionRecord[]> {
  const orgId = db.orgId;
  const rows: DecisionRowData[] = await db.query(`SELECT ${DECISION_COLUMNS}, provenance FROM decisions WHERE org_id = ? AND case_pk = ? ORDER BY id`, [orgId, casePk]);
  return rows.map(toDecisionRecord);
}
