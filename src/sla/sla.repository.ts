import { crossTenant } from '../db/cross-tenant';
import type { Queryable } from '../db/queryable';
import { modeCondition, type TenantDb, type TenantMode } from '../db/index';
import { slaStateSql, type CaseStatus } from '../cases/index';
import type { CaseClock } from './sla-clock';
import type { BusinessHours, SlaPolicyView, SlaTarget } from './sla-policy';

// Every statement on sla_policies, case_slas and sla_at_risk_alerts. A case_slas row carries its case's mode:
// the live readers (breaches, the at-risk scan) keep to mode 'live', so test cases never count in live figures.

interface PolicyRow { targets: string; business_hours: string | null; pause_while_awaiting_customer: number; updated_at: Date; updated_by: string }

/** The tenant's SLA policy, or null while it never set one. */
export async function findPolicy(db: TenantDb): Promise<SlaPolicyView | null> {
  const [r]: PolicyRow[] = await db.query(
    'SELECT targets, business_hours, pause_while_awaiting_customer, updated_at, updated_by FROM sla_policies WHERE org_id = ?', [db.orgId],
  );
  if (!r) return null;
  return {
    targets: JSON.parse(r.targets) as SlaTarget[], businessHours: r.business_hours ? JSON.parse(r.business_hours) as BusinessHours : null,
    pauseWhileAwaitingCustomer: Boolean(Number(r.pause_while_awaiting_customer)), updatedAt: r.updated_at.toISOString(), updatedBy: r.updated_by,
  };
}

/** Sets the tenant's SLA policy (one row per tenant). */
export async function upsertPolicy(db: TenantDb, p: { targets: SlaTarget[]; businessHours: BusinessHours | null; pauseWhileAwaitingCustomer: boolean }, by: string, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO sla_policies (org_id, targets, business_hours, pause_while_awaiting_customer, updated_at, updated_by) VALUES (?, ?, ?, ?, ?, ?)
     ON DUPLICATE KEY UPDATE targets = VALUES(targets), business_hours = VALUES(business_hours),
       pause_while_awaiting_customer = VALUES(pause_while_awaiting_customer), updated_at = VALUES(updated_at), updated_by = VALUES(updated_by)`,
    [db.orgId, JSON.stringify(p.targets), p.businessHours ? JSON.stringify(p.businessHours) : null, p.pauseWhileAwaitingCustomer ? 1 : 0, now, by.slice(0, 320)],
  );
}

/** The tenants with an SLA policy (the sweep's). */
export async function tenantsWithPolicies(db: Queryable): Promise<string[]> {
  const rows: { org_id: string }[] = await crossTenant(db, 'sweep').query('SELECT org_id FROM sla_policies ORDER BY org_id', []);
  return rows.map((r) => r.org_id);
}

interface ClockRow {
  case_pk: number | string; status: CaseStatus; clock_start: Date; used_ms: number | string; paused_since: Date | null; target_ms: number | string | null;
  at_risk_at: Date | null; due_at: Date | null; at_risk_mailed: number;
}
const CLOCK_COLUMNS = 'case_pk, status, clock_start, used_ms, paused_since, target_ms, at_risk_at, due_at, at_risk_mailed';
const clockOf = (r: ClockRow): CaseClock => ({
  casePk: Number(r.case_pk), status: r.status, clockStart: r.clock_start, usedMs: Number(r.used_ms), pausedSince: r.paused_since,
  targetMs: r.target_ms === null ? null : Number(r.target_ms), atRiskAt: r.at_risk_at, dueAt: r.due_at, atRiskMailed: Boolean(Number(r.at_risk_mailed)),
});

/** The clocks of some of the tenant's cases, by case pk (cases without one absent); `lock` locks them FOR UPDATE. */
export async function loadClocks(db: TenantDb, casePks: readonly number[], options: { lock?: boolean } = {}): Promise<Map<number, CaseClock>> {
  if (casePks.length === 0) return new Map();
  const rows: ClockRow[] = await db.query(
    `SELECT ${CLOCK_COLUMNS} FROM case_slas WHERE org_id = ? AND case_pk IN (?)${options.lock ? ' FOR UPDATE' : ''}`, [db.orgId, [...casePks]],
  );
  return new Map(rows.map((r) => [Number(r.case_pk), clockOf(r)]));
}

/**
 * Writes clocks (upserts), each with its case's mode (test cases' clocks run on the test clock and never count
 * in live figures), and removes those of cases that closed. `updatedAt`: the service's time (stalestClocks).
 */
export async function writeClocks(db: TenantDb, clocks: (CaseClock & { mode: TenantMode })[], removed: number[], updatedAt: Date): Promise<void> {
  if (removed.length) await db.query('DELETE FROM case_slas WHERE org_id = ? AND case_pk IN (?)', [db.orgId, removed]);
  if (clocks.length === 0) return;
  await db.query(
    `INSERT INTO case_slas (org_id, case_pk, mode, status, clock_start, used_ms, paused_since, target_ms, at_risk_at, due_at, at_risk_mailed, updated_at)
     VALUES ${clocks.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}
     ON DUPLICATE KEY UPDATE status = VALUES(status), clock_start = VALUES(clock_start), used_ms = VALUES(used_ms), paused_since = VALUES(paused_since),
       target_ms = VALUES(target_ms), at_risk_at = VALUES(at_risk_at), due_at = VALUES(due_at), at_risk_mailed = VALUES(at_risk_mailed), updated_at = VALUES(updated_at)`,
    clocks.flatMap((c) => [db.orgId, c.casePk, c.mode, c.status, c.clockStart, c.usedMs, c.pausedSince, c.targetMs, c.atRiskAt, c.dueAt, c.atRiskMailed ? 1 : 0, updatedAt]),
  );
}

/** The case pks of the tenant's clocks refreshed longest ago (the sweep looks at them again: a case may have closed unseen). */
export async function stalestClocks(db: TenantDb, limit: number): Promise<number[]> {
  const rows: { case_pk: number | string }[] = await db.query(
    `SELECT case_pk FROM case_slas WHERE org_id = ? ORDER BY updated_at LIMIT ${Math.floor(limit)}`, [db.orgId],
  );
  return rows.map((r) => Number(r.case_pk));
}

/** The tenant's live cases whose SLA is breached at `now`, with their due instants (null when paused): live figures only. */
export async function breachedClocks(db: TenantDb, now: Date): Promise<{ casePk: number; dueAt: Date | null }[]> {
  const rows: { case_pk: number | string; due_at: Date | null }[] = await db.query(
    `SELECT s.case_pk, s.due_at FROM case_slas s WHERE s.org_id = ? AND s.mode = 'live' AND (${slaStateSql('s')}) = 'breached'`, [db.orgId, now, now],
  );
  return rows.map((r) => ({ casePk: Number(r.case_pk), dueAt: r.due_at }));
}

/** How many of the tenant's running clocks of `mode` came due in (from, to]: what a test clock's advance breached. */
export async function countClocksDueBetween(db: TenantDb, mode: TenantMode, from: Date, to: Date): Promise<number> {
  const [row]: { n: number | string }[] = await db.query(
    'SELECT COUNT(*) AS n FROM case_slas WHERE org_id = ? AND mode = ? AND due_at > ? AND due_at <= ? AND paused_since IS NULL', [db.orgId, mode, from, to],
  );
  return Number(row?.n ?? 0);
}

/**
 * The tenant's running clocks of `mode` that reached 80 % of their target at `now` (that mode's time) and whose
 * owner was not emailed yet (ix_case_slas_at_risk).
 */
export async function clocksDueForAtRiskMail(db: TenantDb, mode: TenantMode, now: Date, limit: number): Promise<number[]> {
  const rows: { case_pk: number | string }[] = await db.query(
    `SELECT case_pk FROM case_slas WHERE org_id = ? AND mode = ? AND at_risk_mailed = 0 AND paused_since IS NULL AND at_risk_at <= ? AND due_at > ?
     ORDER BY at_risk_at LIMIT ${Math.floor(limit)}`,
    [db.orgId, mode, now, now],
  );
  return rows.map((r) => Number(r.case_pk));
}

/** Notes that the owner was emailed (once per stretch of a status). */
export async function markAtRiskMailed(db: TenantDb, casePk: number): Promise<void> {
  await db.query('UPDATE case_slas SET at_risk_mailed = 1 WHERE org_id = ? AND case_pk = ?', [db.orgId, casePk]);
}

export interface AtRiskAlert { id: number; casePk: number; caseId: string; memberId: string; status: CaseStatus; dueAt: Date; createdAt: Date }

export async function insertAtRiskAlert(db: TenantDb, a: Omit<AtRiskAlert, 'id'>): Promise<number> {
  const r: { insertId: number } = await db.query(
    'INSERT INTO sla_at_risk_alerts (org_id, case_pk, case_id, member_id, status, due_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    [db.orgId, a.casePk, a.caseId, a.memberId, a.status, a.dueAt, a.createdAt],
  );
  return Number(r.insertId);
}

export async function findAtRiskAlert(db: TenantDb, id: number): Promise<AtRiskAlert | null> {
  const [r]: { id: number | string; case_pk: number | string; case_id: string; member_id: string; status: CaseStatus; due_at: Date; created_at: Date }[] = await db.query(
    'SELECT id, case_pk, case_id, member_id, status, due_at, created_at FROM sla_at_risk_alerts WHERE org_id = ? AND id = ?', [db.orgId, id],
  );
  return r ? { id: Number(r.id), casePk: Number(r.case_pk), caseId: r.case_id, memberId: r.member_id, status: r.status, dueAt: r.due_at, createdAt: r.created_at } : null;
}

/**
 * The clocks of some of the tenant's cases by their public ids (cases without one absent), with the case's
 * status; of the handle's mode only when it has one (a caller sees its own mode's cases).
 */
export async function clocksByCaseId(db: TenantDb, caseIds: readonly string[]): Promise<Map<string, CaseClock & { caseStatus: CaseStatus }>> {
  if (caseIds.length === 0) return new Map();
  const mode = modeCondition(db, 'c.mode');
  const rows: (ClockRow & { case_id: string; case_status: CaseStatus })[] = await db.query(
    `SELECT c.case_id, c.status AS case_status, ${CLOCK_COLUMNS.split(', ').map((col) => `s.${col}`).join(', ')}
       FROM cases c JOIN case_slas s ON s.org_id = c.org_id AND s.case_pk = c.pk WHERE c.org_id = ? AND c.case_id IN (?)${mode.sql}`,
    [db.orgId, [...caseIds], ...mode.params],
  );
  return new Map(rows.map((r) => [r.case_id, { ...clockOf(r), caseStatus: r.case_status }]));
}
