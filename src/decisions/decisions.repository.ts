import { type TenantDb } from '../db/index';
import type { DecisionOutcome, DecisionReason } from '../cases/index';

// The decisions table's writes (its reads, the decision history, are src/cases' decisions.repository.ts).

/** Inserts a decision on a case (an analyst's, or an automatic one with its reason). Returns its id. */
export async function insertDecision(
  db: TenantDb, casePk: number,
  d: {
    outcome: DecisionOutcome; notes: string; analystEmail: string; decidedAt: Date; auto?: boolean; reason?: DecisionReason | null;
    override?: { reason: string; blockers: unknown[]; approvedBy: string | null } | null;
    /** What the decision rested on (DecisionProvenanceSchema); written once, never updated. */
    provenance?: unknown;
  },
): Promise<number> {
  const orgId = db.orgId;
  const res = await db.query(
    `INSERT INTO decisions (org_id, case_pk, outcome, notes, analyst_email, auto, reason, decided_at, override_reason, override_blockers, override_approved_by, provenance)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      orgId, casePk, d.outcome, d.notes, d.analystEmail, d.auto ? 1 : 0, d.reason ?? null, d.decidedAt,
      d.override?.reason ?? null, d.override ? JSON.stringify(d.override.blockers) : null, d.override?.approvedBy ?? null,
      d.provenance === undefined ? null : JSON.stringify(d.provenance),
    ],
  );
  return (res as { insertId: number }).insertId;
}
