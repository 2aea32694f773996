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
  const rows: { pk: number }[] = await db.query(
    `SELECT c.pk FROM cases c LEFT JOIN monitored_cases m ON m.org_id = c.org_id AND m.case_pk = c.pk
     WHERE c.org_id = ? AND c.status = 'approved' AND c.purged_at IS NULL AND m.case_pk IS NULL
     ORDER BY c.pk LIMIT ${Math.floor(limit)}`,
    [orgId],
  );
  return rows.map((r) => r.pk);
}

/** Monitored cases waiting to be planned (next_due_at NULL: just enrolled elsewhere, or the schedule changed). */
export async function findUnplannedCases(db: TenantDb, limit: number): Promise<{ casePk: number; spreadPpm: number }[]> {
  const orgId = db.orgId;
  const rows: { case_pk: number; spread_ppm: number }[] = await db.query(
    `SELECT case_pk, spread_ppm FROM monitored_cases WHERE org_id = ? AND next_due_at IS NULL ORDER BY case_pk LIMIT ${Math.floor(limit)}`,
    [orgId],
  );
  return rows.map((r) => ({ casePk: r.case_pk, spreadPpm: r.spread_ppm }));
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
  const rows: { org_id: string; case_pk: number; spread_ppm: number }[] = await crossTenant(db, 'sweep').query(
    `SELECT org_id, case_pk, spread_ppm FROM monitored_cases FORCE INDEX (ix_monitored_cases_due)
     WHERE next_due_at <= ? AND (lease_until IS NULL OR lease_until <= ?)
     ORDER BY next_due_at LIMIT ${Math.floor(limit)} FOR UPDATE SKIP LOCKED`,
    [now, now],
  );
  const claimed = rows.map((r) => ({ orgId: r.org_id, casePk: r.case_pk, spreadPpm: r.spread_ppm }));
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

/** A case as a monitoring run reads it. */
export interface MonitoredCase {
  pk: number;
  caseId: string;
  status: string;
  purgedAt: Date | null;
  companyName: string | null;
  companyNumber: string | null;
  country: string | null;
}

interface MonitoredCaseRow {
  pk: number;
  case_id: string;
  status: string;
  purged_at: Date | null;
  company_name: string | null;
  company_number: string | null;
  country: string | null;
}

const toMonitoredCase = (r: MonitoredCaseRow): MonitoredCase => ({
  pk: r.pk, caseId: r.case_id, status: r.status, purgedAt: r.purged_at, companyName: r.company_name, companyNumber: r.company_number, country: r.country,
});

/** A tenant's cases by pk, for a run (with `lock`, their rows are locked in pk order: runs of one case serialise). */
export async function findCasesForRun(db: TenantDb, casePks: number[], lock = false): Promise<MonitoredCase[]> {
  const orgId = db.orgId;
  const rows: MonitoredCaseRow[] = await db.query(
    `SELECT pk, case_id, status, purged_at, company_name, company_number, country FROM cases
     WHERE org_id = ? AND pk IN (${placeholders(casePks.length)}) ORDER BY pk${lock ? ' FOR UPDATE' : ''}`,
    [orgId, ...casePks],
  );
  return rows.map(toMonitoredCase);
}

/** The company of a case's submitted application, as a run reads it. */
export interface RunProfile {
  casePk: number;
  companyName: string | null;
  registrationNumber: string | null;
  country: string | null;
}

interface RunProfileRow {
  case_pk: number;
  company_name: string | null;
  registration_number: string | null;
  country: string | null;
}

const toRunProfile = (r: RunProfileRow): RunProfile => ({
  casePk: r.case_pk, companyName: r.company_name, registrationNumber: r.registration_number, country: r.country,
});

export async function findProfilesForRun(db: TenantDb, casePks: number[]): Promise<RunProfile[]> {
  const orgId = db.orgId;
  const rows: RunProfileRow[] = await db.query(
    `SELECT case_pk, company_name, registration_number, country FROM company_profiles WHERE org_id = ? AND case_pk IN (${placeholders(casePks.length)})`,
    [orgId, ...casePks],
  );
  return rows.map(toRunProfile);
}

/** A director or UBO of a case, as a run reads it. */
export interface RunParty {
  casePk: number;
  kind: 'director' | 'ubo';
  position: number;
  name: string;
  nationality: string | null;
  dateOfBirth: Date | null;
  countryOfResidence: string | null;
}

interface RunPartyRow {
  case_pk: number;
  kind: 'director' | 'ubo';
  position: number;
  name: string;
  nationality: string | null;
  date_of_birth: Date | null;
  country_of_residence: string | null;
}

const toRunParty = (r: RunPartyRow): RunParty => ({
  casePk: r.case_pk, kind: r.kind, position: r.position, name: r.name, nationality: r.nationality, dateOfBirth: r.date_of_birth,
  countryOfResidence: r.country_of_residence,
});

export async function findPartiesForRun(db: TenantDb, casePks: number[]): Promise<RunParty[]> {
  const orgId = db.orgId;
  const rows: RunPartyRow[] = await db.query(
    `SELECT case_pk, kind, position, name, nationality, date_of_birth, country_of_residence FROM case_parties
     WHERE org_id = ? AND case_pk IN (${placeholders(casePks.length)}) ORDER BY case_pk, kind, position`,
    [orgId, ...casePks],
  );
  return rows.map(toRunParty);
}

/** Onboarding screening hits of the cases: the baseline a first rescreen compares with (a hit known at onboarding is no news). */
export interface BaselineHit {
  casePk: number;
  hitId: string;
  subjectId: string | null;
  topics: string[];
  positions: string[];
  datasets: string[];
  isPep: boolean;
  isSanctioned: boolean;
}

/** JSON arrays are text (MariaDB's JSON is LONGTEXT) or parsed, as the driver gives them. */
interface BaselineHitRow {
  case_pk: number;
  hit_id: string;
  subject_id: string | null;
  topics: string[] | string;
  positions: string[] | string;
  datasets: string[] | string | null;
  is_pep: number;
  is_sanctioned: number;
}

const jsonArray = (v: string[] | string | null): string[] => (v === null ? [] : typeof v === 'string' ? (JSON.parse(v) as string[]) : v);

const toBaselineHit = (r: BaselineHitRow): BaselineHit => ({
  casePk: r.case_pk, hitId: r.hit_id, subjectId: r.subject_id, topics: jsonArray(r.topics), positions: jsonArray(r.positions),
  datasets: jsonArray(r.datasets), isPep: r.is_pep === 1, isSanctioned: r.is_sanctioned === 1,
});

export async function findBaselineHits(db: TenantDb, casePks: number[]): Promise<BaselineHit[]> {
  const orgId = db.orgId;
  const rows: BaselineHitRow[] = await db.query(
    `SELECT case_pk, hit_id, subject_id, topics, positions, datasets, is_pep, is_sanctioned FROM screening_hits
     WHERE org_id = ? AND case_pk IN (${placeholders(casePks.length)}) AND source = 'screening'`,
    [orgId, ...casePks],
  );
  return rows.map(toBaselineHit);
}

// --- facts, runs, alerts ---

/** A fact of a case as the last run saw it. */
export interface KnownFactRecord {
  casePk: number;
  factKey: string;
  fingerprint: string;
  present: boolean;
}

interface FactRow {
  case_pk: number;
  fact_key: string;
  fingerprint: string;
  present: number;
}

const toKnownFactRecord = (r: FactRow): KnownFactRecord => ({ casePk: r.case_pk, factKey: r.fact_key, fingerprint: r.fingerprint, present: r.present === 1 });

export async function findFacts(db: TenantDb, casePks: number[]): Promise<KnownFactRecord[]> {
  const orgId = db.orgId;
  const rows: FactRow[] = await db.query(
    `SELECT case_pk, fact_key, fingerprint, present FROM monitoring_facts WHERE org_id = ? AND case_pk IN (${placeholders(casePks.length)})`,
    [orgId, ...casePks],
  );
  return rows.map(toKnownFactRecord);
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
  return res.insertId;
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
  return res.insertId;
}

/** A monitoring run of a case. */
export interface MonitoringRun {
  id: number;
  source: string;
  triggeredBy: string;
  watchlistVersion: string | null;
  alertsGenerated: number;
  /** The checks as recorded (JSON). */
  checksRun: unknown;
  startedAt: Date;
  completedAt: Date;
}

interface RunRow {
  id: number;
  source: string;
  triggered_by: string;
  watchlist_version: string | null;
  alerts_generated: number;
  /** JSON text (MariaDB's JSON is LONGTEXT) or parsed. */
  checks_run: unknown;
  started_at: Date;
  completed_at: Date;
}

const toMonitoringRun = (r: RunRow): MonitoringRun => ({
  id: r.id, source: r.source, triggeredBy: r.triggered_by, watchlistVersion: r.watchlist_version, alertsGenerated: r.alerts_generated,
  checksRun: typeof r.checks_run === 'string' ? JSON.parse(r.checks_run) : r.checks_run, startedAt: r.started_at, completedAt: r.completed_at,
});

/** A case's latest runs, newest first. */
export async function listRuns(db: TenantDb, casePk: number, limit: number): Promise<MonitoringRun[]> {
  const orgId = db.orgId;
  const rows: RunRow[] = await db.query(
    `SELECT id, source, triggered_by, watchlist_version, alerts_generated, checks_run, started_at, completed_at FROM monitoring_runs
     WHERE org_id = ? AND case_pk = ? ORDER BY id DESC LIMIT ${Math.floor(limit)}`,
    [orgId, casePk],
  );
  return rows.map(toMonitoringRun);
}

/** A monitoring alert of a case. */
export interface MonitoringAlert {
  id: number;
  runId: number;
  alertType: string;
  severity: 'low' | 'medium' | 'high';
  title: string;
  detail: string;
  factKey: string;
  subjectRole: string | null;
  subjectRef: string | null;
  createdAt: Date;
}

interface AlertRow {
  id: number;
  run_id: number;
  alert_type: string;
  severity: 'low' | 'medium' | 'high';
  title: string;
  detail: string;
  fact_key: string;
  subject_role: string | null;
  subject_ref: string | null;
  created_at: Date;
}

const toMonitoringAlert = (r: AlertRow): MonitoringAlert => ({
  id: r.id, runId: r.run_id, alertType: r.alert_type, severity: r.severity, title: r.title, detail: r.detail, factKey: r.fact_key,
  subjectRole: r.subject_role, subjectRef: r.subject_ref, createdAt: r.created_at,
});

/** A case's latest alerts, newest first. */
export async function listAlerts(db: TenantDb, casePk: number, limit: number): Promise<MonitoringAlert[]> {
  const orgId = db.orgId;
  const rows: AlertRow[] = await db.query(
    `SELECT id, run_id, alert_type, severity, title, detail, fact_key, subject_role, subject_ref, created_at FROM monitoring_alerts
     WHERE org_id = ? AND case_pk = ? ORDER BY id DESC LIMIT ${Math.floor(limit)}`,
    [orgId, casePk],
  );
  return rows.map(toMonitoringAlert);
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
