import { type TenantDb } from '../db/index';
import { crossTenant } from '../db/cross-tenant';
import type { Queryable } from '../db/queryable';
import { DEFAULT_MONITORING_SCHEDULE, isMonitoringSchedule, type MonitoringSchedule } from './monitoring-schedule';

/** The SQL of monitoring: schedules, the monitored cases' plan, runs, alerts and facts. Tenant first, except the scheduler's cross-tenant claims. */

const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(', ');

// --- settings ---

export async function findMonitoringSchedule(db: TenantDb): Promise<MonitoringSchedule> {
  const orgId = db.orgId;
  const [row]: { schedule: string }[] = await db.query('SELECT schedule FROM monitoring_settings WHERE org_id = ?', [orgId]);
  return row && isMonitoringSchedule(row.schedule) ? row.schedule : DEFAULT_MONITORING_SCHEDULE;
}

export async function saveMonitoringSchedule(db: TenantDb, schedule: MonitoringSchedule, now: Date): Promise<void> {
  const orgId = db.orgId;
  await db.query(
    `INSERT INTO monitoring_settings (org_id, schedule, updated_at) VALUES (?, ?, ?)
     ON DUPLICATE KEY UPDATE schedule = VALUES(schedule), updated_at = VALUES(updated_at)`,
    [orgId, schedule, now],
  );
}

/** Every tenant with its schedule (no settings row: the default). System work. */
export async function listTenantSchedules(db: Queryable): Promise<{ orgId: string; schedule: MonitoringSchedule }[]> {
  const rows: { id: string; schedule: string | null }[] = await crossTenant(db, 'sweep').query(
    'SELECT t.id, s.schedule FROM tenants t LEFT JOIN monitoring_settings s ON s.org_id = t.id',
  );
  return rows.map((r) => ({ orgId: r.id, schedule: r.schedule && isMonitoringSchedule(r.schedule) ? r.schedule : DEFAULT_MONITORING_SCHEDULE }));
}

// --- the plan (monitored_cases) ---

/** Approved cases whose personal data is still held that are not yet monitored. */
export async function findUnenrolledCases(db: TenantDb, limit: number): Promise<number[]> {
  const orgId = db.orgId;
  const rows: { pk: number | string }[] = await db.query(
    `SELECT c.pk FROM cases c LEFT JOIN monitored_cases m ON m.org_id = c.org_id AND m.case_pk = c.pk
     WHERE c.org_id = ? AND c.status = 'approved' AND c.purged_at IS NULL AND m.case_pk IS NULL
     ORDER BY c.pk LIMIT ${Math.floor(limit)}`,
    [orgId],
  );
  return rows.map((r) => Number(r.pk));
}

/** Monitored cases waiting to be planned (next_due_at NULL: just enrolled elsewhere, or the schedule changed). */
export async function findUnplannedCases(db: TenantDb, limit: number): Promise<{ casePk: number; spreadPpm: number }[]> {
  const orgId = db.orgId;
  const rows: { case_pk: number | string; spread_ppm: number }[] = await db.query(
    `SELECT case_pk, spread_ppm FROM monitored_cases WHERE org_id = ? AND next_due_at IS NULL ORDER BY case_pk LIMIT ${Math.floor(limit)}`,
    [orgId],
  );
  return rows.map((r) => ({ casePk: Number(r.case_pk), spreadPpm: Number(r.spread_ppm) }));
}

export interface CasePlan {
  casePk: number;
  spreadPpm: number;
  nextDueAt: Date | null;
  /** Set when a run just finished (its lease is then released). */
  lastRunAt?: Date;
}

/** Writes the plan of many cases in one statement: new rows are enrolled, existing ones get their next due time (and lease released). */
export async function savePlans(db: TenantDb, plans: CasePlan[]): Promise<void> {
  const orgId = db.orgId;
  if (!plans.length) return;
  const values: unknown[] = [];
  for (const p of plans) values.push(orgId, p.casePk, p.spreadPpm, p.nextDueAt, p.lastRunAt ?? null);
  await db.query(
    `INSERT INTO monitored_cases (org_id, case_pk, spread_ppm, next_due_at, last_run_at) VALUES ${plans.map(() => '(?, ?, ?, ?, ?)').join(', ')}
     ON DUPLICATE KEY UPDATE next_due_at = VALUES(next_due_at), lease_until = NULL, last_run_at = COALESCE(VALUES(last_run_at), last_run_at)`,
    values,
  );
}

/** Forgets the plan of a tenant's cases, so that the scheduler plans them again under a new schedule. */
export async function clearPlans(db: TenantDb): Promise<void> {
  const orgId = db.orgId;
  await db.query('UPDATE monitored_cases SET next_due_at = NULL WHERE org_id = ?', [orgId]);
}

/** Stops monitoring cases (no longer approved, or purged). */
export async function unenrolCases(db: TenantDb, casePks: number[]): Promise<void> {
  const orgId = db.orgId;
  if (!casePks.length) return;
  await db.query(`DELETE FROM monitored_cases WHERE org_id = ? AND case_pk IN (${placeholders(casePks.length)})`, [orgId, ...casePks]);
}

export interface ClaimedCase {
  orgId: string;
  casePk: number;
  spreadPpm: number;
}

/**
 * Claims up to `limit` due cases of any tenant, oldest due first, skipping those another job holds, and
 * leases them until `leaseUntil` (a run that dies leaves them due again once the lease is over). System work.
 */
export async function claimDueCases(db: Queryable, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedCase[]> {
  const rows: { org_id: string; case_pk: number | string; spread_ppm: number }[] = await crossTenant(db, 'sweep').query(
    `SELECT org_id, case_pk, spread_ppm FROM monitored_cases FORCE INDEX (ix_monitored_cases_due)
     WHERE next_due_at <= ? AND (lease_until IS NULL OR lease_until <= ?)
     ORDER BY next_due_at LIMIT ${Math.floor(limit)} FOR UPDATE SKIP LOCKED`,
    [now, now],
  );
  const claimed = rows.map((r) => ({ orgId: r.org_id, casePk: Number(r.case_pk), spreadPpm: Number(r.spread_ppm) }));
  const byOrg = groupBy(claimed, (c) => c.orgId);
  for (const [orgId, cases] of byOrg) {
    await db.query(`UPDATE monitored_cases SET lease_until = ? WHERE org_id = ? AND case_pk IN (${placeholders(cases.length)})`, [
      leaseUntil, orgId, ...cases.map((c) => c.casePk),
    ]);
  }
  return claimed;
}

/** Whether any case is due and free now (the tick enqueues run jobs only then). System work. */
export async function anyDueCase(db: Queryable, now: Date): Promise<boolean> {
  const rows: unknown[] = await crossTenant(db, 'sweep').query(
    `SELECT 1 FROM monitored_cases FORCE INDEX (ix_monitored_cases_due) WHERE next_due_at <= ? AND (lease_until IS NULL OR lease_until <= ?) LIMIT 1`,
    [now, now],
  );
  return rows.length > 0;
}

/** A tenant's plan of one case (tests and the console). */
export async function findCasePlan(db: TenantDb, casePk: number): Promise<{ nextDueAt: Date | null; lastRunAt: Date | null } | null> {
  const orgId = db.orgId;
  const [row]: { next_due_at: Date | null; last_run_at: Date | null }[] = await db.query(
    'SELECT next_due_at, last_run_at FROM monitored_cases WHERE org_id = ? AND case_pk = ?', [orgId, casePk],
  );
  return row ? { nextDueAt: row.next_due_at, lastRunAt: row.last_run_at } : null;
}

// --- the cases a batch runs ---

export interface MonitoredCaseRow {
  pk: number | string;
  case_id: string;
  status: string;
  purged_at: Date | null;
  company_name: string | null;
  company_number: string | null;
  country: string | null;
}

/** A tenant's cases by pk, for a run (with `lock`, their rows are locked in pk order: runs of one case serialise). */
export function findCasesForRun(db: TenantDb, casePks: number[], lock = false): Promise<MonitoredCaseRow[]> {
  const orgId = db.orgId;
  return db.query(
    `SELECT pk, case_id, status, purged_at, company_name, company_number, country FROM cases
     WHERE org_id = ? AND pk IN (${placeholders(casePks.length)}) ORDER BY pk${lock ? ' FOR UPDATE' : ''}`,
    [orgId, ...casePks],
  );
}

export interface RunProfileRow {
  case_pk: number | string;
  company_name: string | null;
  registration_number: string | null;
  country: string | null;
}

export function findProfilesForRun(db: TenantDb, casePks: number[]): Promise<RunProfileRow[]> {
  const orgId = db.orgId;
  return db.query(
    `SELECT case_pk, company_name, registration_number, country FROM company_profiles WHERE org_id = ? AND case_pk IN (${placeholders(casePks.length)})`,
    [orgId, ...casePks],
  );
}

export interface RunPartyRow {
  case_pk: number | string;
  kind: 'director' | 'ubo';
  position: number;
  name: string;
  nationality: string | null;
  date_of_birth: Date | string | null;
  country_of_residence: string | null;
}

export function findPartiesForRun(db: TenantDb, casePks: number[]): Promise<RunPartyRow[]> {
  const orgId = db.orgId;
  return db.query(
    `SELECT case_pk, kind, position, name, nationality, date_of_birth, country_of_residence FROM case_parties
     WHERE org_id = ? AND case_pk IN (${placeholders(casePks.length)}) ORDER BY case_pk, kind, position`,
    [orgId, ...casePks],
  );
}

/** Onboarding screening hits of the cases: the baseline a first rescreen compares with (a hit known at onboarding is no news). */
export interface BaselineHitRow {
  case_pk: number | string;
  hit_id: string;
  subject_id: string | null;
  topics: string[] | string;
  positions: string[] | string;
  datasets: string[] | string | null;
  is_pep: number;
  is_sanctioned: number;
}

export function findBaselineHits(db: TenantDb, casePks: number[]): Promise<BaselineHitRow[]> {
  const orgId = db.orgId;
  return db.query(
    `SELECT case_pk, hit_id, subject_id, topics, positions, datasets, is_pep, is_sanctioned FROM screening_hits
     WHERE org_id = ? AND case_pk IN (${placeholders(casePks.length)}) AND source = 'screening'`,
    [orgId, ...casePks],
  );
}

// --- facts, runs, alerts ---

export interface FactRow {
  case_pk: number | string;
  fact_key: string;
  fingerprint: string;
  present: number;
}

export function findFacts(db: TenantDb, casePks: number[]): Promise<FactRow[]> {
  const orgId = db.orgId;
  return db.query(
    `SELECT case_pk, fact_key, fingerprint, present FROM monitoring_facts WHERE org_id = ? AND case_pk IN (${placeholders(casePks.length)})`,
    [orgId, ...casePks],
  );
}

export interface FactWrite {
  casePk: number;
  factKey: string;
  fingerprint: string;
  present: boolean;
}

/** Writes many facts in one statement: new ones inserted, known ones updated (last_seen_at moves only while present). */
export async function saveFacts(db: TenantDb, facts: FactWrite[], now: Date): Promise<void> {
  const orgId = db.orgId;
  if (!facts.length) return;
  const values: unknown[] = [];
  for (const f of facts) values.push(orgId, f.casePk, f.factKey, f.fingerprint, f.present ? 1 : 0, now, now);
  await db.query(
    `INSERT INTO monitoring_facts (org_id, case_pk, fact_key, fingerprint, present, first_seen_at, last_seen_at)
     VALUES ${facts.map(() => '(?, ?, ?, ?, ?, ?, ?)').join(', ')}
     ON DUPLICATE KEY UPDATE fingerprint = VALUES(fingerprint), present = VALUES(present),
       last_seen_at = IF(VALUES(present) = 1, VALUES(last_seen_at), last_seen_at)`,
    values,
  );
}

export interface NewRun {
  casePk: number;
  source: 'scheduled' | 'ad_hoc';
  triggeredBy: string;
  watchlistVersion: string | null;
  alertsGenerated: number;
  checksRun: unknown[];
  startedAt: Date;
  completedAt: Date;
}

export async function insertRun(db: TenantDb, r: NewRun): Promise<number> {
  const orgId = db.orgId;
  const res: { insertId: number } = await db.query(
    `INSERT INTO monitoring_runs (org_id, case_pk, source, triggered_by, watchlist_version, alerts_generated, checks_run, started_at, completed_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [orgId, r.casePk, r.source, r.triggeredBy, r.watchlistVersion, r.alertsGenerated, JSON.stringify(r.checksRun), r.startedAt, r.completedAt],
  );
  return Number(res.insertId);
}

export interface NewAlert {
  casePk: number;
  runId: number;
  alertType: string;
  severity: 'low' | 'medium' | 'high';
  title: string;
  detail: string;
  factKey: string;
  fingerprint: string;
  subjectRole: string | null;
  subjectRef: string | null;
  createdAt: Date;
}

export async function insertAlert(db: TenantDb, a: NewAlert): Promise<number> {
  const orgId = db.orgId;
  const res: { insertId: number } = await db.query(
    `INSERT INTO monitoring_alerts (org_id, case_pk, run_id, alert_type, severity, title, detail, fact_key, fingerprint, subject_role, subject_ref, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [orgId, a.casePk, a.runId, a.alertType, a.severity, a.title, a.detail, a.factKey, a.fingerprint, a.subjectRole, a.subjectRef, a.createdAt],
  );
  return Number(res.insertId);
}

export interface RunRow {
  id: number | string;
  source: string;
  triggered_by: string;
  watchlist_version: string | null;
  alerts_generated: number;
  checks_run: unknown;
  started_at: Date;
  completed_at: Date;
}

/** A case's latest runs, newest first. */
export function listRuns(db: TenantDb, casePk: number, limit: number): Promise<RunRow[]> {
  const orgId = db.orgId;
  return db.query(
    `SELECT id, source, triggered_by, watchlist_version, alerts_generated, checks_run, started_at, completed_at FROM monitoring_runs
     WHERE org_id = ? AND case_pk = ? ORDER BY id DESC LIMIT ${Math.floor(limit)}`,
    [orgId, casePk],
  );
}

export interface AlertRow {
  id: number | string;
  run_id: number | string;
  alert_type: string;
  severity: 'low' | 'medium' | 'high';
  title: string;
  detail: string;
  fact_key: string;
  subject_role: string | null;
  subject_ref: string | null;
  created_at: Date;
}

/** A case's latest alerts, newest first. */
export function listAlerts(db: TenantDb, casePk: number, limit: number): Promise<AlertRow[]> {
  const orgId = db.orgId;
  return db.query(
    `SELECT id, run_id, alert_type, severity, title, detail, fact_key, subject_role, subject_ref, created_at FROM monitoring_alerts
     WHERE org_id = ? AND case_pk = ? ORDER BY id DESC LIMIT ${Math.floor(limit)}`,
    [orgId, casePk],
  );
}

export function groupBy<T, K>(items: T[], key: (t: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const t of items) {
    const k = key(t);
    const list = out.get(k);
    if (list) list.push(t);
    else out.set(k, [t]);
  }
  return out;
}
