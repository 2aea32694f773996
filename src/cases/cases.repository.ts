import { modeCondition, type TenantDb } from '../db/index';
import { datetimeTextSql } from '../db/datetime-text';
import { DomainError } from '../errors';
import { caseSearchCondition, type CaseSearch } from './case-search';
import { isCaseId } from './case-id';
import type { PartyKind, RosterStatus } from './case-party.entity';
import { CLOSED_STATUSES, type CaseSource, type CaseStatus, type OnboardingStage } from './case.entity';
import type { RiskBand } from './case.wire';

/**
 * The SQL of cases, their company profile, parties and risk assessments. Every function takes a
 * tenant-bound handle (forTenant over a manager or the pool), and reads
 * or writes that tenant's rows only: a pk or id of another tenant finds nothing. A handle bound to a caller
 * with a mode (forTenant(db, actor)) finds that mode's cases only: a test case is as missing to live
 * credentials as another tenant's, and the other way round; a new case takes the handle's mode.
 */

/** The columns every case view reads (raw rows, snake_case; timestamps as MySQL's text, see datetimeTextSql). */
const CASE_COLUMNS =
  'pk, case_id, org_id, status, source, onboarding_stage, customer_email, customer_name, company_name, country, crm_record_id, crm_source, ' +
  [datetimeTextSql('invite_sent_at'), datetimeTextSql('created_at'), datetimeTextSql('updated_at')].join(', ');

interface CaseRowData {
  pk: number | string; case_id: string; org_id: string; status: CaseStatus; source: CaseSource; onboarding_stage: OnboardingStage;
  customer_email: string | null; customer_name: string | null; company_name: string | null; country: string | null;
  crm_record_id: string | null; crm_source: string | null; invite_sent_at: string | null; created_at: string; updated_at: string;
}

interface CaseDetailRowData extends CaseRowData {
  purged_at: string | null; total_hits: number | string; sanctioned_hits: number | string; pep_hits: number | string;
  risk_band: RiskBand | null; risk_score: string | number | null;
}

/** A case as every case view reads it (timestamps as MySQL's datetime text, see datetimeTextSql). */
export interface CaseRecord {
  pk: number;
  caseId: string;
  orgId: string;
  status: CaseStatus;
  source: CaseSource;
  onboardingStage: OnboardingStage;
  customerEmail: string | null;
  customerName: string | null;
  companyName: string | null;
  country: string | null;
  crmRecordId: string | null;
  crmSource: string | null;
  inviteSentAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A case with its screening counters and the band and score stored on it (when no assessment row exists). */
export interface CaseDetailRecord extends CaseRecord {
  /** When zero retention purged the case's personal data (datetime text), or null. */
  purgedAt: string | null;
  totalHits: number;
  sanctionedHits: number;
  pepHits: number;
  riskBand: RiskBand | null;
  /** The stored score as decimal text (as MySQL gives DECIMAL), or null. */
  riskScore: string | null;
}

/** The one mapper of case rows. */
export const toCaseRecord = (r: CaseRowData): CaseRecord => ({
  pk: Number(r.pk), caseId: r.case_id, orgId: r.org_id, status: r.status, source: r.source, onboardingStage: r.onboarding_stage,
  customerEmail: r.customer_email, customerName: r.customer_name, companyName: r.company_name, country: r.country,
  crmRecordId: r.crm_record_id, crmSource: r.crm_source, inviteSentAt: r.invite_sent_at, createdAt: r.created_at, updatedAt: r.updated_at,
});

const toCaseDetailRecord = (r: CaseDetailRowData): CaseDetailRecord => ({
  ...toCaseRecord(r), purgedAt: r.purged_at, totalHits: Number(r.total_hits), sanctionedHits: Number(r.sanctioned_hits), pepHits: Number(r.pep_hits),
  riskBand: r.risk_band, riskScore: r.risk_score === null ? null : String(r.risk_score),
});

const CASE_DETAIL_COLUMNS = `${CASE_COLUMNS}, total_hits, sanctioned_hits, pep_hits, risk_band, risk_score, ${datetimeTextSql('purged_at')}`;

async function selectByCaseId<R>(db: TenantDb, caseId: string, columns: string): Promise<R> {
  const orgId = db.orgId;
  if (!isCaseId(caseId)) throw DomainError.notFound('Case');
  const mode = modeCondition(db);
  const [row]: R[] = await db.query(`SELECT ${columns} FROM cases WHERE org_id = ? AND case_id = ?${mode.sql}`, [orgId, caseId, ...mode.params]);
  if (!row) throw DomainError.notFound('Case');
  return row;
}

/**
 * A tenant's case by its public id. Another tenant's case and a missing one give the very same
 * not_found, so ids cannot be probed across tenants.
 */
export async function findCaseRow(db: TenantDb, caseId: string): Promise<CaseRecord> {
  return toCaseRecord(await selectByCaseId<CaseRowData>(db, caseId, CASE_COLUMNS));
}

/** findCaseRow plus the screening counters and the stored risk band and score (GET /v1/cases/{caseId}). */
export async function findCaseDetailRow(db: TenantDb, caseId: string): Promise<CaseDetailRecord> {
  return toCaseDetailRecord(await selectByCaseId<CaseDetailRowData>(db, caseId, CASE_DETAIL_COLUMNS));
}

/** The internal pk of a tenant's case, or null (list filters: an unknown case is an empty list). */
export async function findCasePk(db: TenantDb, caseId: string): Promise<number | null> {
  const orgId = db.orgId;
  if (!isCaseId(caseId)) return null;
  const mode = modeCondition(db);
  const [row]: { pk: number }[] = await db.query(`SELECT pk FROM cases WHERE org_id = ? AND case_id = ?${mode.sql}`, [orgId, caseId, ...mode.params]);
  return row ? Number(row.pk) : null;
}

/** A tenant's case by its internal pk (with the detail columns), or null. */
export async function findCaseRowByPk(db: TenantDb, casePk: number): Promise<CaseDetailRecord | null> {
  const orgId = db.orgId;
  const mode = modeCondition(db);
  const [row]: CaseDetailRowData[] = await db.query(`SELECT ${CASE_DETAIL_COLUMNS} FROM cases WHERE org_id = ? AND pk = ?${mode.sql}`, [orgId, casePk, ...mode.params]);
  return row ? toCaseDetailRecord(row) : null;
}

/** findCaseRowByPk under the case row's lock (FOR UPDATE), in one statement: lockCase and the read together. */
export async function lockCaseRow(db: TenantDb, casePk: number): Promise<CaseDetailRecord | null> {
  const orgId = db.orgId;
  const mode = modeCondition(db);
  const [row]: CaseDetailRowData[] = await db.query(
    `SELECT ${CASE_DETAIL_COLUMNS} FROM cases WHERE org_id = ? AND pk = ?${mode.sql} FOR UPDATE`, [orgId, casePk, ...mode.params],
  );
  return row ? toCaseDetailRecord(row) : null;
}

/** A case's mode (live when the tenant has no such case): an email about a test case is kept, never sent. */
export async function findCaseMode(db: TenantDb, casePk: number): Promise<'live' | 'test'> {
  const [row]: { mode: 'live' | 'test' }[] = await db.query('SELECT mode FROM cases WHERE org_id = ? AND pk = ?', [db.orgId, casePk]);
  return row?.mode === 'test' ? 'test' : 'live';
}

/** Of these cases of the tenant, those of `mode` (in no given order). */
export async function casePksOfMode(db: TenantDb, casePks: readonly number[], mode: 'live' | 'test'): Promise<number[]> {
  if (!casePks.length) return [];
  const rows: { pk: number }[] = await db.query(`SELECT pk FROM cases WHERE org_id = ? AND mode = ? AND pk IN (${casePks.map(() => '?').join(', ')})`, [db.orgId, mode, ...casePks]);
  return rows.map((r) => Number(r.pk));
}

/** The tenant's first case with this crmRecordId (as given: case-sensitive), or null (of the handle's mode: dedup is per mode). */
export async function findCaseByCrmRecordId(db: TenantDb, crmRecordId: string): Promise<CaseRecord | null> {
  const orgId = db.orgId;
  const mode = modeCondition(db);
  const [row]: CaseRowData[] = await db.query(
    `SELECT ${CASE_COLUMNS} FROM cases WHERE org_id = ? AND crm_record_id = ?${mode.sql} ORDER BY pk LIMIT 1`, [orgId, crmRecordId, ...mode.params],
  );
  return row ? toCaseRecord(row) : null;
}

/** The tenant's first open (not approved nor declined) case whose customer email has this normalized key, or null (of the handle's mode). */
export async function findOpenCaseByEmailKey(
  db: TenantDb, customerEmailKey: string,
): Promise<{ case_id: string; status: CaseStatus; created_at: Date } | null> {
  const orgId = db.orgId;
  const mode = modeCondition(db);
  const [row]: { case_id: string; status: CaseStatus; created_at: Date }[] = await db.query(
    `SELECT case_id, status, created_at FROM cases WHERE org_id = ? AND customer_email_key = ? AND status NOT IN (?)${mode.sql} ORDER BY pk LIMIT 1`,
    [orgId, customerEmailKey, CLOSED_STATUSES, ...mode.params],
  );
  return row ?? null;
}

export interface CasePageQuery {
  /** One or more statuses (sorted, distinct). */
  statuses?: string[];
  /** Only cases whose updated_at is at or after this instant. */
  updatedSince?: Date;
  /** Case search (caseSearchOf): full-text words or prefixes. */
  search?: CaseSearch;
  /** The pk of the last case already seen (from a cursor); null for the first page. */
  after: number | null;
  /** Rows to read: the page size plus one, to know whether more follow. */
  limit: number;
  /** Only cases of this mode (the caller's); every case when absent. */
  mode?: 'live' | 'test';
}

/** One keyset page of a tenant's cases, newest first by pk (see listCasesQuery). */
export async function listCasePage(db: TenantDb, q: CasePageQuery): Promise<CaseRecord[]> {
  const orgId = db.orgId;
  const { sql, params } = listCasesQuery(orgId, { ...q, mode: db.mode });
  return ((await db.query(sql, params)) as CaseRowData[]).map(toCaseRecord);
}

/**
 * The keyset query of listCasePage (exported for the query-plan test). MariaDB sometimes prefers a
 * filesort over the backward range scan; the hint pins the index whose prefix is (org_id[, status])
 * and whose suffix is the keyset column: the primary key (org_id, pk), which also holds the rows.
 */
export function listCasesQuery(orgId: string, q: CasePageQuery): { sql: string; params: unknown[] } {
  const where: string[] = ['org_id = ?'];
  const params: unknown[] = [orgId];
  let hint = 'FORCE INDEX (PRIMARY)';
  if (q.statuses?.length === 1) {
    where.push('status = ?');
    params.push(q.statuses[0]);
    hint = 'FORCE INDEX (ix_cases_org_status_pk)';
  } else if (q.statuses?.length) {
    where.push('status IN (?)');
    params.push(q.statuses);
  }
  if (q.updatedSince) {
    // Few cases change after a sync point: let the optimiser pick between the pk and updated_at indexes.
    where.push('updated_at >= ?');
    params.push(q.updatedSince);
    if (!q.statuses?.length) hint = '';
  }
  if (q.search) {
    const search = caseSearchCondition(q.search);
    where.push(search.sql);
    params.push(...search.params);
    hint = '';
  }
  if (q.mode) {
    where.push('mode = ?');
    params.push(q.mode);
    // Test cases are few beside live ones: read them by their own index rather than filter the tenant's live ones.
    if (q.mode === 'test' && !q.search) hint = 'FORCE INDEX (ix_cases_org_mode_pk)';
  }
  if (q.after !== null) {
    where.push('pk < ?');
    params.push(q.after);
  }
  return { sql: `SELECT ${CASE_COLUMNS} FROM cases ${hint} WHERE ${where.join(' AND ')} ORDER BY pk DESC LIMIT ${Math.floor(q.limit)}`, params };
}

/**
 * The next sequence number of a tenant's `CS-<year>-<00000>` ids, per tenant and year. The counter
 * row is locked by the upsert until the caller's transaction ends, so concurrent creators get
 * consecutive numbers.
 */
export async function nextCaseSequence(db: TenantDb, year: number): Promise<number> {
  const orgId = db.orgId;
  await db.query('INSERT INTO case_number_counters (org_id, year, value) VALUES (?, ?, 1) ON DUPLICATE KEY UPDATE value = value + 1', [orgId, year]);
  const [row]: { value: number }[] = await db.query('SELECT value FROM case_number_counters WHERE org_id = ? AND year = ?', [orgId, year]);
  return Number(row!.value);
}

export interface NewCase {
  caseId: string;
  source: CaseSource;
  crmRecordId: string | null;
  crmSource: string | null;
  customerEmail: string | null;
  /** emailKey(customerEmail), the open-case guard's key. */
  customerEmailKey: string | null;
  customerName: string | null;
  /** Null when not known yet (a public-intake case before the application names the company). */
  companyName: string | null;
  companyNumber: string | null;
  country: string | null;
  /** The audit name of who opened it by hand, else null. */
  createdBy: string | null;
  inviteSentAt: Date | null;
  now: Date;
}

/** The prefix of a display reference by mode: a test case's `T-<n>` can never be taken for a live `C-<n>`. */
export const REFERENCE_PREFIX = { live: 'C', test: 'T' } as const;

/**
 * The next display reference of the tenant's cases of `mode`: `C-<n>` for live cases, `T-<n>` for test cases,
 * each mode its own counter (so test cases leave no gap in the live sequence). The counter row is locked by the
 * upsert until the caller's transaction ends, so concurrent creators get distinct, consecutive numbers.
 */
async function nextCaseReference(db: TenantDb, mode: 'live' | 'test'): Promise<string> {
  const orgId = db.orgId;
  await db.query('INSERT INTO case_reference_counters (org_id, mode, value) VALUES (?, ?, 1) ON DUPLICATE KEY UPDATE value = value + 1', [orgId, mode]);
  const [row]: { value: number }[] = await db.query('SELECT value FROM case_reference_counters WHERE org_id = ? AND mode = ?', [orgId, mode]);
  return `${REFERENCE_PREFIX[mode]}-${Number(row!.value)}`;
}

/**
 * Inserts a new case of the tenant (status in_progress, stage created) with the next reference of its mode, in the
 * handle's mode (live when it has none). Returns its pk.
 */
export async function insertCase(db: TenantDb, c: NewCase): Promise<number> {
  const orgId = db.orgId;
  const mode = db.mode ?? 'live';
  const reference = await nextCaseReference(db, mode);
  const res = await db.query(
    `INSERT INTO cases (case_id, reference, org_id, mode, status, onboarding_stage, source, crm_record_id, crm_source, customer_email, customer_email_key,
       customer_name, company_name, company_number, country, invite_sent_at, created_by, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'in_progress', 'created', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [c.caseId, reference, orgId, mode, c.source, c.crmRecordId, c.crmSource, c.customerEmail, c.customerEmailKey, c.customerName, c.companyName,
      c.companyNumber, c.country, c.inviteSentAt, c.createdBy, c.now, c.now],
  );
  return Number((res as { insertId: number }).insertId);
}

/** Inserts the company profile of a new case: what intake knows, no international activity, no custom answers. */
export async function insertCompanyProfile(
  db: TenantDb, casePk: number,
  p: { companyName: string | null; registrationNumber: string | null; country: string | null; customerEmail: string | null; now: Date },
): Promise<void> {
  const orgId = db.orgId;
  await db.query(
    `INSERT INTO company_profiles (case_pk, org_id, company_name, registration_number, country, customer_email, transacts_internationally,
       international_countries, custom_answers, updated_at) VALUES (?, ?, ?, ?, ?, ?, 0, '[]', '{}', ?)`,
    [casePk, orgId, p.companyName, p.registrationNumber, p.country, p.customerEmail, p.now],
  );
}

/** Stores the CRM's record id on a case. */
export async function updateCrmRecordId(db: TenantDb, casePk: number, crmRecordId: string, now: Date): Promise<void> {
  const orgId = db.orgId;
  await db.query('UPDATE cases SET crm_record_id = ?, updated_at = ? WHERE org_id = ? AND pk = ?', [crmRecordId, now, orgId, casePk]);
}

/** Locks a case row until the caller's transaction ends (serialises recomputations of one case). */
export async function lockCase(db: TenantDb, casePk: number): Promise<void> {
  const orgId = db.orgId;
  await db.query('SELECT pk FROM cases WHERE org_id = ? AND pk = ? FOR UPDATE', [orgId, casePk]);
}

/**
 * Moves a case to `stage` when it is at one of `from`; the conditional update locks the row, so of two
 * racing callers only one moves it. Returns whether it moved.
 */
export async function updateOnboardingStage(
  db: TenantDb, casePk: number, stage: OnboardingStage, from: readonly OnboardingStage[], now: Date,
): Promise<boolean> {
  const orgId = db.orgId;
  const res = await db.query(
    'UPDATE cases SET onboarding_stage = ?, updated_at = ? WHERE org_id = ? AND pk = ? AND onboarding_stage IN (?)',
    [stage, now, orgId, casePk, from],
  );
  return Number((res as { affectedRows: number }).affectedRows) === 1;
}

/** A case's company profile row (all columns, snake_case), or null. */
export async function findCompanyProfile(db: TenantDb, casePk: number): Promise<Record<string, never> | null> {
  const orgId = db.orgId;
  const [row]: Record<string, never>[] = await db.query('SELECT * FROM company_profiles WHERE org_id = ? AND case_pk = ?', [orgId, casePk]);
  return row ?? null;
}

/** A case's directors and UBOs (all columns, snake_case), by kind then position. */
export function listCaseParties(db: TenantDb, casePk: number): Promise<Record<string, never>[]> {
  const orgId = db.orgId;
  return db.query('SELECT * FROM case_parties WHERE org_id = ? AND case_pk = ? ORDER BY kind, position', [orgId, casePk]);
}

/** The parties of a case whose verification has started: kind, name and status only, by kind then position. */
export function listRosterParties(
  db: TenantDb, casePk: number,
): Promise<{ kind: PartyKind; person_key: string; name: string; verification_status: RosterStatus; idv_state: string | null; idv_outcome: string | null }[]> {
  const orgId = db.orgId;
  return db.query(
    `SELECT p.kind, p.person_key, p.name, p.verification_status, v.state AS idv_state, v.outcome AS idv_outcome FROM case_parties p
     LEFT JOIN identity_verifications v ON v.org_id = p.org_id AND v.case_pk = p.case_pk AND v.person_key = p.person_key
     WHERE p.org_id = ? AND p.case_pk = ? AND p.verification_status IS NOT NULL ORDER BY p.kind, p.position`,
    [orgId, casePk],
  );
}

/** A case's latest risk assessment as its case views read it. */
export interface LatestRiskAssessment {
  compositeScore: number;
  band: RiskBand;
  assessedAt: Date;
}

/** A case's latest risk assessment, or null. */
export async function findLatestRiskAssessment(db: TenantDb, casePk: number): Promise<LatestRiskAssessment | null> {
  const [row]: { composite_score: string; band_id: RiskBand; assessed_at: Date }[] = await db.query(
    'SELECT composite_score, band_id, assessed_at FROM risk_assessments WHERE org_id = ? AND case_pk = ? ORDER BY id DESC LIMIT 1', [db.orgId, casePk],
  );
  // DECIMAL arrives as text: the one coercion of it, here.
  return row ? { compositeScore: Number(row.composite_score), band: row.band_id, assessedAt: row.assessed_at } : null;
}

/** Whether the tenant is entitled to full parity and has it switched on (read with the case, one round trip each). */
export async function readFullParitySwitches(db: TenantDb): Promise<{ entitled: boolean; enabled: boolean }> {
  const orgId = db.orgId;
  const [row]: { full_parity_entitled: number; full_parity_enabled: number }[] = await db.query(
    'SELECT full_parity_entitled, full_parity_enabled FROM tenants WHERE id = ?', [orgId],
  );
  return { entitled: Number(row?.full_parity_entitled) === 1, enabled: Number(row?.full_parity_enabled) === 1 };
}

/** How a case is named to a reader who sees only one of its ids: its display reference and company. */
export interface CaseLabel {
  caseId: string;
  reference: string | null;
  companyName: string | null;
}

/** The display reference and company of each of the given cases the tenant has, by case id. */
export async function labelsByCaseId(db: TenantDb, caseIds: string[]): Promise<Map<string, CaseLabel>> {
  if (caseIds.length === 0) return new Map();
  const mode = modeCondition(db);
  const rows = (await db.query(
    `SELECT case_id, reference, company_name FROM cases WHERE org_id = ? AND case_id IN (${caseIds.map(() => '?').join(', ')})${mode.sql}`,
    [db.orgId, ...caseIds, ...mode.params],
  )) as { case_id: string; reference: string | null; company_name: string | null }[];
  return new Map(rows.map((r) => [r.case_id, { caseId: r.case_id, reference: r.reference, companyName: r.company_name }]));
}
