import { type TenantDb } from '../db/index';
import type { DecisionOutcome } from '../cases/index';
import { PURGED_BLOCKER_MESSAGES, type DecisionBlocker } from './list-decision-blockers';

/**
 * The SQL of override approvals waiting for a second member (four-eyes). Every function takes a
 * tenant-bound handle (forTenant over a manager or the pool). A case has at most one pending override (open_case_pk).
 */

export type DecisionOverrideState = 'pending' | 'approved' | 'rejected' | 'superseded';

export interface DecisionOverride {
  id: number;
  outcome: DecisionOutcome;
  notes: string;
  reason: string;
  blockers: DecisionBlocker[];
  requestedBy: string;
  requestedAt: Date;
}

type Raw = { id: number | string; outcome: DecisionOutcome; notes: string; reason: string; blockers: string | DecisionBlocker[]; requested_by: string; requested_at: Date };
const rowOf = (r: Raw): DecisionOverride => ({
  id: Number(r.id), outcome: r.outcome, notes: r.notes, reason: r.reason,
  blockers: typeof r.blockers === 'string' ? JSON.parse(r.blockers) as DecisionBlocker[] : r.blockers,
  requestedBy: r.requested_by, requestedAt: r.requested_at,
});
const COLUMNS = 'id, outcome, notes, reason, blockers, requested_by, requested_at';

/** The case's pending override, or null; with `lock` held until the caller's transaction ends (the caller holds the case row lock). */
export async function findPendingOverride(db: TenantDb, casePk: number, lock = false): Promise<DecisionOverride | null> {
  const orgId = db.orgId;
  const [row]: Raw[] = await db.query(
    `SELECT ${COLUMNS} FROM decision_overrides WHERE org_id = ? AND open_case_pk = ?${lock ? ' FOR UPDATE' : ''}`, [orgId, casePk],
  );
  return row ? rowOf(row) : null;
}

export async function insertPendingOverride(
  db: TenantDb, casePk: number,
  o: { outcome: DecisionOutcome; notes: string; reason: string; blockers: DecisionBlocker[]; requestedBy: string; at: Date },
): Promise<void> {
  const orgId = db.orgId;
  await db.query(
    `INSERT INTO decision_overrides (org_id, case_pk, open_case_pk, outcome, notes, reason, blockers, requested_by, requested_at, state)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending')`,
    [orgId, casePk, casePk, o.outcome, o.notes, o.reason, JSON.stringify(o.blockers), o.requestedBy, o.at],
  );
}

/** Closes the case's pending override (approved, rejected or superseded) by `by`; returns whether there was one. */
export async function closePendingOverride(
  db: TenantDb, casePk: number, c: { state: Exclude<DecisionOverrideState, 'pending'>; by: string; at: Date },
): Promise<boolean> {
  const orgId = db.orgId;
  const res = await db.query(
    `UPDATE decision_overrides SET state = ?, resolved_by = ?, resolved_at = ?, open_case_pk = NULL WHERE org_id = ? AND open_case_pk = ?`,
    [c.state, c.by, c.at, orgId, casePk],
  );
  return (res as { affectedRows: number }).affectedRows !== 0;
}

const parsed = (v: string | DecisionBlocker[] | null): DecisionBlocker[] => (typeof v === 'string' ? JSON.parse(v) as DecisionBlocker[] : v ?? []);
const purged = (v: string | DecisionBlocker[] | null) =>
  JSON.stringify(parsed(v).map((b) => ({ ...b, message: PURGED_BLOCKER_MESSAGES[b.code] ?? '' })));

/**
 * Zero retention: the blockers kept with a case's override decisions and override requests lose their
 * messages (they name people, hits and files) for a name-free one per code; codes and subjects stay.
 */
export async function redactOverrideBlockers(db: TenantDb, casePk: number): Promise<void> {
  const orgId = db.orgId;
  const decisions: { id: number | string; override_blockers: string | DecisionBlocker[] }[] = await db.query(
    'SELECT id, override_blockers FROM decisions WHERE org_id = ? AND case_pk = ? AND override_blockers IS NOT NULL', [orgId, casePk],
  );
  for (const d of decisions) {
    await db.query('UPDATE decisions SET override_blockers = ? WHERE org_id = ? AND id = ?', [purged(d.override_blockers), orgId, Number(d.id)]);
  }
  const overrides: { id: number | string; blockers: string | DecisionBlocker[] }[] = await db.query(
    'SELECT id, blockers FROM decision_overrides WHERE org_id = ? AND case_pk = ?', [orgId, casePk],
  );
  for (const o of overrides) {
    await db.query('UPDATE decision_overrides SET blockers = ? WHERE org_id = ? AND id = ?', [purged(o.blockers), orgId, Number(o.id)]);
  }
}
