import { modeCondition, type TenantDb } from '../db/index';
import { datetimeTextSql, isoFromDatetimeText } from '../db/datetime-text';
import { DomainError } from '../errors';
import { caseSearchCondition, type CaseSearch } from './case-search';
import { CASE_SLA_COLUMNS, caseSlaDueSql, caseSlaJoinSql, caseSlaStateSql, SLA_STATE_SQL_PARAMS, type ListedCaseSla, type SlaState } from './case-sla';
import { isCaseId } from './case-id';
import type { CaseSource, CaseStatus, OnboardingStage } from './case.entity';
import type { RiskBand } from './case.wire';
import type { DecisionOutcome } from './decision.entity';
import { PARTY_COLUMNS, toPartyRecord, type PartyRecord } from './application.repository';
import { toDecisionRecord, type DecisionRecord } from './decisions.repository';

/**
 * The SQL of the console's case work: its case list, the case row a mutation locks, owners, status
 * moves, decisions and escalations. Every function takes a tenant-bound handle (forTenant over a manager or the pool); another tenant's id finds nothing.
 */

/**
 * What the console shows of a case row (timestamps as MySQL's text, see datetimeTextSql; `tags` newline-separated in
 * tag order, null without tags: the copy on the row that replaceCaseTags keeps).
 */
const CONSOLE_CASE_COLUMNS =
  'pk, case_id, reference, status, source, onboarding_stage, customer_email, customer_name, company_name, company_number, country, crm_record_id, ' +
  'crm_source, created_by, owner_member_id, owner_name, owner_email, risk_band, risk_score, tags, ' +
  [datetimeTextSql('created_at'), datetimeTextSql('updated_at'), datetimeTextSql('purged_at')].join(', ');
/** The same columns of `cases c`, for the list's join with the current decision. */
const CONSOLE_CASE_COLUMNS_C =
  CONSOLE_CASE_COLUMNS.split(', ').map((c) => (c.startsWith('CAST(') ? c.replace('CAST(', 'CAST(c.') : `c.${c}`)).join(', ');
/** The current decision's columns in the list's join (null when the case has none). */
const JOINED_DECISION_COLUMNS =
  'd.id AS decision_id, d.outcome AS decision_outcome, d.notes AS decision_notes, d.analyst_email AS decision_analyst_email, ' +
  'd.auto AS decision_auto, d.reason AS decision_reason, d.decided_at AS decision_decided_at';

interface ConsoleCaseRowData {
  pk: number | string; case_id: string; reference: string | null; status: CaseStatus; source: CaseSource; onboarding_stage: OnboardingStage;
  customer_email: string | null; customer_name: string | null; company_name: string | null; company_number: string | null; country: string | null;
  crm_record_id: string | null; crm_source: string | null; created_by: string | null; owner_member_id: string | null; owner_name: string | null;
  owner_email: string | null; risk_band: RiskBand | null; risk_score: string | number | null; created_at: string; updated_at: string;
  purged_at: string | null; tags: string | null; sla_sort?: string;
  sla_state?: SlaState | null; sla_due_at?: string | null; sla_paused_since?: string | null; sla_target_ms?: string | number | null;
  total_count?: string | number;
}

interface ConsoleCaseRowWithDecisionData extends ConsoleCaseRowData {
  decision_id: number | string | null; decision_outcome: DecisionOutcome | null; decision_notes: string | null;
  decision_analyst_email: string | null; decision_auto: number | null; decision_reason: DecisionRecord['reason']; decision_decided_at: Date | null;
}

/** A case as the console shows it (timestamps as MySQL's datetime text, see datetimeTextSql). */
export interface ConsoleCaseRecord {
  pk: number;
  caseId: string;
  /** The display reference `C-<n>` (null for rows written without one, e.g. by bulk loaders). */
  reference: string | null;
  status: CaseStatus;
  source: CaseSource;
  onboardingStage: OnboardingStage;
  customerEmail: string | null;
  customerName: string | null;
  companyName: string | null;
  companyNumber: string | null;
  country: string | null;
  crmRecordId: string | null;
  crmSource: string | null;
  createdBy: string | null;
  ownerMemberId: string | null;
  ownerName: string | null;
  ownerEmail: string | null;
  riskBand: RiskBand | null;
  /** Decimal text, or null when not assessed. */
  riskScore: string | null;
  createdAt: string;
  updatedAt: string;
  /** When zero retention purged the personal data (datetime text), or null. */
  purgedAt: string | null;
  /** The case's tags in tag order (empty when there are none). */
  tags: string[];
  /** Sorted by SLA due: the sorted value (datetime text, see caseSlaDueSql). */
  slaSort?: string;
  /** Read with the page (withSla): the case's SLA now, or null (closed, no clock, no target for its status). */
  sla?: ListedCaseSla | null;
  /** Read with the page (countAtMost): how many cases the filters select, up to countAtMost + 1. */
  totalCount?: number;
}

/** A list row with its current decision joined (null when it has none). */
export interface ConsoleCaseRecordWithDecision extends ConsoleCaseRecord {
  decision: DecisionRecord | null;
}

/**
 * A row as a record, built by a constructor and not as an object literal. Under load V8 decides a literal's objects
 * are long-lived (most outlive a young-generation collection: a request's records live as long as the request, its
 * wait in the queue included) and allocates them straight in the old generation ("allocation-site pretenuring"):
 * every field written then takes the write barrier's slow path, and the old generation fills with records that die
 * with their request. V8 does not track a constructor's objects that way. The optional fields are given one by one
 * after construction: spreading them in (and copying the record again to add `decision`) left objects that V8 reads
 * slowly, property by property. docs/benchmarks.md ("the console's records pretenured") has the measurements.
 */
class ConsoleCaseRow implements ConsoleCaseRecord {
  // Declared only: the constructor gives every field its value (a class field would first be defined as undefined).
  declare pk: number; declare caseId: string; declare reference: string | null; declare status: CaseStatus; declare source: CaseSource;
  declare onboardingStage: OnboardingStage; declare customerEmail: string | null; declare customerName: string | null;
  declare companyName: string | null; declare companyNumber: string | null; declare country: string | null;
  declare crmRecordId: string | null; declare crmSource: string | null; declare createdBy: string | null;
  declare ownerMemberId: string | null; declare ownerName: string | null; declare ownerEmail: string | null;
  declare riskBand: RiskBand | null; declare riskScore: string | null; declare createdAt: string; declare updatedAt: string;
  declare purgedAt: string | null; declare tags: string[];
  declare slaSort?: string;
  declare sla?: ListedCaseSla | null;
  declare totalCount?: number;

  constructor(r: ConsoleCaseRowData) {
    this.pk = Number(r.pk); this.caseId = r.case_id; this.reference = r.reference; this.status = r.status; this.source = r.source;
    this.onboardingStage = r.onboarding_stage; this.customerEmail = r.customer_email; this.customerName = r.customer_name;
    this.companyName = r.company_name; this.companyNumber = r.company_number; this.country = r.country; this.crmRecordId = r.crm_record_id;
    this.crmSource = r.crm_source; this.createdBy = r.created_by; this.ownerMemberId = r.owner_member_id; this.ownerName = r.owner_name;
    this.ownerEmail = r.owner_email; this.riskBand = r.risk_band; this.riskScore = r.risk_score === null ? null : String(r.risk_score);
    this.createdAt = r.created_at; this.updatedAt = r.updated_at; this.purgedAt = r.purged_at; this.tags = r.tags ? r.tags.split('\n') : [];
  }
}

function toConsoleCaseRecord(r: ConsoleCaseRowData): ConsoleCaseRecord {
  const record = new ConsoleCaseRow(r);
  if (r.sla_sort !== undefined) record.slaSort = r.sla_sort;
  if (r.sla_state !== undefined) record.sla = listedSlaOf(r);
  if (r.total_count !== undefined) record.totalCount = Number(r.total_count);
  return record;
}

/** The SLA columns of a list row (CASE_SLA_COLUMNS) as caseSlas shows them: null without a state. */
const listedSlaOf = (r: ConsoleCaseRowData): ListedCaseSla | null => (r.sla_state == null ? null : {
  dueAt: isoFromDatetimeText(r.sla_due_at ?? null), state: r.sla_state, pausedSince: isoFromDatetimeText(r.sla_paused_since ?? null),
  targetHours: Number(r.sla_target_ms) / 3_600_000,
});

/** A list row as a record with its current decision (`withDecision`: the joined one; otherwise null). */
function toConsoleCaseRecordWithDecision(r: ConsoleCaseRowWithDecisionData, withDecision: boolean): ConsoleCaseRecordWithDecision {
  const record = toConsoleCaseRecord(r) as ConsoleCaseRecordWithDecision;
  record.decision = !withDecision || r.decision_id === null ? null : toDecisionRecord({
    id: r.decision_id, outcome: r.decision_outcome!, notes: r.decision_notes!, analyst_email: r.decision_analyst_email!,
    auto: r.decision_auto ?? 0, reason: r.decision_reason, decided_at: r.decision_decided_at!,
  });
  return record;
}

/** The orders of the console's case list: creation (the pk), last update, risk score, or SLA due time (src/sla); each with pk as the tiebreak. */
export const CASE_SORT_KEYS = ['created', 'updated', 'risk', 'sla'] as const;
export type CaseSortKey = (typeof CASE_SORT_KEYS)[number];
export interface CaseSort { by: CaseSortKey; direction: 'asc' | 'desc' }

/**
 * Where a page starts: after the case with this pk and, for the sorts by a column, this value of it
 * (updated_at as datetime text; risk_score as decimal text, null for a case not assessed).
 */
export interface CaseListPosition { pk: number; value?: string | null }

export interface ConsoleCasePageQuery {
  /** One or more statuses (sorted, distinct). */
  statuses?: string[];
  source?: string;
  crmSource?: string;
  ownerId?: string;
  /** Only cases without an owner. */
  unassigned?: boolean;
  riskBand?: string;
  updatedSince?: Date;
  /** Cases carrying every one of these tags (lower case). */
  tags?: string[];
  /** Case search (caseSearchOf): full-text words or prefixes. */
  search?: CaseSearch;
  /** Only these cases (by case id; the export of the list's selection). */
  caseIds?: string[];
  /** Open cases whose SLA is in one of these states at `now`. */
  slaStates?: SlaState[];
  /** The instant the SLA filter reads states at (the service clock's now). */
  now?: Date;
  /** The order; newest first by creation when absent. */
  sort?: CaseSort;
  /** The last case already seen (from a cursor); null for the first page. */
  after: CaseListPosition | null;
  /** Rows to read: the page size plus one. */
  limit: number;
  /** Only cases of this mode (the caller's handle's: forTenant(db, actor)); every case when absent. */
  mode?: 'live' | 'test';
  /** Join each case's current decision (decision_* columns), saving the caller a second statement. */
  withDecision?: boolean;
  /** Join each case's SLA at `now` (sla_* columns; see ListedCaseSla), saving the caller a second statement. */
  withSla?: boolean;
  /** Count, in the same statement, the cases the filters select, up to this many and one more (countConsoleCases). */
  countAtMost?: number;
}

/** The sortable column of each sort (null risk scores sort lowest, as MariaDB sorts NULL; cases without an SLA due time last). */
const sortColumn = (sort: CaseSort): string =>
  sort.by === 'sla' ? caseSlaDueSql('c', sort.direction) : { created: 'c.pk', updated: 'c.updated_at', risk: 'c.risk_score' }[sort.by];

/** The keyset condition "after `at`" in the order `sort` (column nullable: NULL is the lowest value). */
function keysetAfter(sort: CaseSort, at: CaseListPosition): { sql: string; params: unknown[] } {
  const desc = sort.direction === 'desc';
  const pkAfter = desc ? 'c.pk < ?' : 'c.pk > ?';
  if (sort.by === 'created') return { sql: pkAfter, params: [at.pk] };
  const col = sortColumn(sort);
  if (at.value === null || at.value === undefined) {
    return desc ? { sql: `(${col} IS NULL AND ${pkAfter})`, params: [at.pk] } : { sql: `(${col} IS NOT NULL OR (${col} IS NULL AND ${pkAfter}))`, params: [at.pk] };
  }
  const beyond = desc ? '<' : '>';
  const nulls = desc ? ` OR ${col} IS NULL` : '';
  return { sql: `(${col} ${beyond} ? OR (${col} = ? AND ${pkAfter})${nulls})`, params: [at.value, at.value, at.pk] };
}

/** The filters of the console's case list as a WHERE over `cases c` (shared by the page and its count). */
function consoleCasesWhere(orgId: string, q: Omit<ConsoleCasePageQuery, 'after' | 'limit'>): { where: string[]; params: unknown[]; indexes: string[] } {
  const where: string[] = ['c.org_id = ?'];
  const params: unknown[] = [orgId];
  const indexes: string[] = [];
  const eq = (column: string, value: string | undefined, index: string) => {
    if (value === undefined) return;
    where.push(`c.${column} = ?`);
    params.push(value);
    indexes.push(index);
  };
  if (q.mode === 'test') eq('mode', 'test', 'ix_cases_org_mode_pk');
  // Live cases are nearly all of them: a filter on the rows, leaving the index choice to the other filters.
  else if (q.mode === 'live') where.push("c.mode = 'live'");
  if (q.statuses?.length === 1) eq('status', q.statuses[0], 'ix_cases_org_status_pk');
  else if (q.statuses?.length) {
    where.push('c.status IN (?)');
    params.push(q.statuses);
    indexes.push('');
  }
  eq('source', q.source, 'ix_cases_org_source_pk');
  eq('crm_source', q.crmSource, 'ix_cases_org_crm_source_pk');
  eq('owner_member_id', q.ownerId, 'ix_cases_org_owner_pk');
  if (q.unassigned) {
    where.push('c.owner_member_id IS NULL');
    indexes.push('ix_cases_org_owner_pk');
  }
  eq('risk_band', q.riskBand, 'ix_cases_org_risk_pk');
  if (q.updatedSince) {
    where.push('c.updated_at >= ?');
    params.push(q.updatedSince);
    indexes.push('');
  }
  for (const tag of q.tags ?? []) {
    where.push('EXISTS (SELECT 1 FROM case_tags t WHERE t.org_id = c.org_id AND t.case_pk = c.pk AND t.tag = ?)');
    params.push(tag);
    indexes.push('');
  }
  if (q.caseIds) {
    where.push('c.case_id IN (?)');
    params.push(q.caseIds.length ? q.caseIds : ['']);
    indexes.push('');
  }
  if (q.slaStates?.length) {
    where.push(`${caseSlaStateSql('c')} IN (?)`);
    params.push(...Array<Date>(SLA_STATE_SQL_PARAMS).fill(q.now ?? new Date()), q.slaStates);
    indexes.push('');
  }
  if (q.search) {
    const search = caseSearchCondition(q.search, 'c');
    where.push(search.sql);
    params.push(...search.params);
    indexes.push('');
  }
  return { where, params, indexes };
}

/**
 * The keyset query of the console's case list, newest first by pk unless sorted otherwise. Without a
 * filter it reads the primary key (org_id, pk); an equality filter reads its (org_id, <column>, pk) index
 * (already in keyset order); the optimiser picks among them when several apply or the order is another.
 * The search ORs the full-text index with prefix ranges. With `withDecision` each row carries its
 * current decision (a primary-key lookup per row of the page); every row carries its tags (read from the row).
 */
export function consoleCasesQuery(orgId: string, q: ConsoleCasePageQuery): { sql: string; params: unknown[] } {
  const sort = q.sort ?? { by: 'created', direction: 'desc' };
  const { where, params, indexes } = consoleCasesWhere(orgId, q);
  // The count (countAtMost) as an uncorrelated subquery, which MariaDB runs once for the statement: the filters
  // without the page's position. Its own `c` is the inner one.
  const total = q.countAtMost === undefined ? { column: '', params: [] }
    : { column: `, (${countSql(where, q.countAtMost, countHint(q, indexes))}) AS total_count`, params: [...params] };
  if (q.after !== null) {
    const after = keysetAfter(sort, q.after);
    where.push(after.sql);
    params.push(...after.params);
  }
  // One filter (or none) pins its index, as listCasesQuery does: MariaDB sometimes prefers a filesort.
  const byPk = sort.by === 'created';
  const hint = !byPk ? '' : indexes.length === 0 ? 'FORCE INDEX (PRIMARY)' : indexes.length === 1 && indexes[0] ? `FORCE INDEX (${indexes[0]})` : '';
  // The current decision: the case's highest decision id (ix_decisions_case), one lookup per row of the page.
  const decision = q.withDecision
    ? `, ${JOINED_DECISION_COLUMNS} FROM cases c ${hint}
       LEFT JOIN decisions d ON d.id = (SELECT MAX(d2.id) FROM decisions d2 WHERE d2.org_id = c.org_id AND d2.case_pk = c.pk)`
    : ` FROM cases c ${hint}`;
  // Each case's SLA now (withSla): one primary-key lookup per row of the page instead of a statement of its own.
  const sla = q.withSla ? { columns: `, ${CASE_SLA_COLUMNS}`, join: ` ${caseSlaJoinSql('c')}`, params: Array<unknown>(SLA_STATE_SQL_PARAMS).fill(q.now) } : { columns: '', join: '', params: [] };
  const dir = sort.direction === 'desc' ? 'DESC' : 'ASC';
  const order = byPk ? `c.pk ${dir}` : `${sort.by === 'sla' ? 'sla_sort' : sortColumn(sort)} ${dir}, c.pk ${dir}`;
  const slaSort = sort.by === 'sla' ? `, CAST(${sortColumn(sort)} AS CHAR) AS sla_sort` : '';
  return {
    sql: `SELECT ${CONSOLE_CASE_COLUMNS_C}${slaSort}${sla.columns}${total.column}${decision}${sla.join} WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT ${Math.floor(q.limit)}`,
    params: [...sla.params, ...total.params, ...params],
  };
}

/** Whether the list's filters select every case of the tenant (of the caller's mode): no filter at all. */
export function selectsEveryCase(q: Omit<ConsoleCasePageQuery, 'after' | 'limit' | 'mode'>): boolean {
  return consoleCasesWhere('', { ...q, mode: undefined }).where.length === 1;
}

/** How many of the tenant's cases the list's filters select (the list's total). */
export async function countConsoleCases(db: TenantDb, q: Omit<ConsoleCasePageQuery, 'after' | 'limit'>, atMost: number): Promise<number> {
  const orgId = db.orgId;
  const query = { ...q, mode: db.mode };
  const { where, params, indexes } = consoleCasesWhere(orgId, query);
  // The count stops after atMost + 1 rows: a full COUNT(*) of a tenant of 200,000 cases cost MariaDB almost a second
  // of CPU on every page.
  const [row]: { n: number | string }[] = await db.query(`SELECT (${countSql(where, atMost, countHint(query, indexes))}) AS n`, params);
  return Number(row?.n ?? 0);
}

/**
 * The count of the cases `where` (consoleCasesWhere's: the tenant's `c.org_id = ?` first, written out here) selects,
 * its params bound in order, stopping after atMost + 1 rows.
 */
const countSql = (where: string[], atMost: number, hint: string) =>
  `SELECT COUNT(*) FROM (SELECT 1 FROM cases c ${hint}WHERE c.org_id = ?${where.slice(1).map((w) => ` AND ${w}`).join('')} LIMIT ${Math.floor(atMost) + 1}) counted`;

/**
 * The count's index: the live cases of the unfiltered list (the usual page) are counted from (org_id, mode, pk)
 * alone, not from the rows (MariaDB chose the primary key, whose rows are the whole case: 620 against 360 µs of
 * its CPU a count of 1,001 in a tenant of 200,000 cases); with other filters, the optimiser's choice.
 */
const countHint = (q: { mode?: 'live' | 'test' }, indexes: string[]) =>
  (q.mode === 'live' && indexes.length === 0 ? 'FORCE INDEX (ix_cases_org_mode_pk) ' : '');

/** One keyset page of the console's case list (with the current decisions when asked). */
export async function listConsoleCasePage(db: TenantDb, q: ConsoleCasePageQuery): Promise<ConsoleCaseRecordWithDecision[]> {
  const orgId = db.orgId;
  const { sql, params } = consoleCasesQuery(orgId, { ...q, mode: db.mode });
  const withDecision = q.withDecision === true;
  return ((await db.query(sql, params)) as ConsoleCaseRowWithDecisionData[]).map((r) => toConsoleCaseRecordWithDecision(r, withDecision));
}

/** A tenant's case as the console shows it, or null (missing and foreign alike). */
export async function findConsoleCaseRow(db: TenantDb, caseId: string): Promise<ConsoleCaseRecord | null> {
  const orgId = db.orgId;
  if (!isCaseId(caseId)) return null;
  const mode = modeCondition(db, 'c.mode');
  const [row]: ConsoleCaseRowData[] = await db.query(
    `SELECT ${CONSOLE_CASE_COLUMNS_C} FROM cases c WHERE c.org_id = ? AND c.case_id = ?${mode.sql}`, [orgId, caseId, ...mode.params],
  );
  return row ? toConsoleCaseRecord(row) : null;
}

/**
 * Locks a tenant's case row until the caller's transaction ends and returns it: every case-work
 * mutation starts here, so two analysts acting on one case run one after the other and the second sees
 * the first's status. not_found for a missing or foreign id.
 */
export async function lockConsoleCase(db: TenantDb, caseId: string): Promise<ConsoleCaseRecord> {
  const orgId = db.orgId;
  if (!isCaseId(caseId)) throw DomainError.notFound('Case');
  const mode = modeCondition(db);
  const [row]: ConsoleCaseRowData[] = await db.query(`SELECT ${CONSOLE_CASE_COLUMNS} FROM cases WHERE org_id = ? AND case_id = ?${mode.sql} FOR UPDATE`, [orgId, caseId, ...mode.params]);
  if (!row) throw DomainError.notFound('Case');
  return toConsoleCaseRecord(row);
}

/** Sets a case's status (and closed_at: set when approved or declined, cleared otherwise). */
export async function updateCaseStatus(db: TenantDb, casePk: number, status: CaseStatus, now: Date): Promise<void> {
  const orgId = db.orgId;
  const closed = status === 'approved' || status === 'declined';
  await db.query('UPDATE cases SET status = ?, closed_at = ?, updated_at = ? WHERE org_id = ? AND pk = ?', [status, closed ? now : null, now, orgId, casePk]);
}

/** Notes that the decision policy routed the case now (the pipeline's route step, any outcome). */
export async function markCaseRouted(db: TenantDb, casePk: number, at: Date): Promise<void> {
  const orgId = db.orgId;
  await db.query('UPDATE cases SET routed_at = ? WHERE org_id = ? AND pk = ?', [at, orgId, casePk]);
}

/** When the decision policy last routed the case, or null while it never has. */
export async function findRoutedAt(db: TenantDb, casePk: number): Promise<Date | null> {
  const orgId = db.orgId;
  const [row]: { routed_at: Date | null }[] = await db.query('SELECT routed_at FROM cases WHERE org_id = ? AND pk = ?', [orgId, casePk]);
  return row?.routed_at ?? null;
}

/** Sets (or with null clears) a case's owner, keeping the owner's name and email as shown in events. */
export async function updateCaseOwner(
  db: TenantDb, casePk: number, owner: { id: string; name: string; email: string } | null, now: Date,
): Promise<void> {
  const orgId = db.orgId;
  await db.query(
    'UPDATE cases SET owner_member_id = ?, owner_name = ?, owner_email = ?, updated_at = ? WHERE org_id = ? AND pk = ?',
    [owner?.id ?? null, owner?.name ?? null, owner?.email ?? null, now, orgId, casePk],
  );
}

/**
 * A current (not removed) member of the tenant, read with a shared lock until the caller's transaction
 * ends, so that a removal running meanwhile (which clears the member's ownerships) waits for it; or null.
 */
export async function findCurrentMemberForShare(db: TenantDb, memberId: string): Promise<{ id: string; name: string | null; email: string } | null> {
  const orgId = db.orgId;
  if (!/^[0-9a-f-]{36}$/i.test(memberId)) return null;
  const [row]: { id: string; name: string | null; email: string }[] = await db.query(
    'SELECT id, name, email FROM members WHERE org_id = ? AND id = ? AND removed_at IS NULL LOCK IN SHARE MODE', [orgId, memberId],
  );
  return row ?? null;
}

/** Inserts an escalation of a case to senior review. Returns its id. */
export async function insertEscalation(db: TenantDb, casePk: number, e: { note: string; raisedBy: string; at: Date }): Promise<number> {
  const orgId = db.orgId;
  const res = await db.query(
    'INSERT INTO escalations (org_id, case_pk, note, raised_by, raised_at) VALUES (?, ?, ?, ?, ?)', [orgId, casePk, e.note, e.raisedBy, e.at],
  );
  return Number((res as { insertId: number }).insertId);
}

/** Records the senior's response on the case's open (latest unanswered) escalation. Returns whether there was one. */
export async function answerOpenEscalation(
  db: TenantDb, casePk: number, r: { recommendation: string; note: string; respondedBy: string; at: Date },
): Promise<boolean> {
  const orgId = db.orgId;
  const res = await db.query(
    `UPDATE escalations SET recommendation = ?, response_note = ?, responded_by = ?, responded_at = ?
     WHERE org_id = ? AND case_pk = ? AND responded_at IS NULL ORDER BY id DESC LIMIT 1`,
    [r.recommendation, r.note, r.respondedBy, r.at, orgId, casePk],
  );
  return Number((res as { affectedRows: number }).affectedRows) === 1;
}

// --- batched reads for the console's per-request loaders: one statement for any number of cases ---
// The hint spares MariaDB weighing every index of cases against the IN list (it cost more than the read).

const DECISION_COLUMNS = 'd.id, d.outcome, d.notes, d.analyst_email, d.auto, d.reason, d.decided_at';
/** The history's columns: a decision with its provenance snapshot. */
const DECISION_HISTORY_COLUMNS = `${DECISION_COLUMNS}, d.provenance`;

/** The current (latest) decision of each of the tenant's cases named, with its case id; cases without one are absent. */
export async function latestDecisionsOf(db: TenantDb, caseIds: string[]): Promise<(DecisionRecord & { caseId: string })[]> {
  const orgId = db.orgId;
  const ids = caseIds.filter(isCaseId);
  if (!ids.length) return [];
  return decisionsWithCaseId(await db.query(
    `SELECT c.case_id, ${DECISION_COLUMNS} FROM cases c FORCE INDEX (uq_cases_org_case_id)
     JOIN decisions d ON d.id = (SELECT MAX(d2.id) FROM decisions d2 WHERE d2.org_id = c.org_id AND d2.case_pk = c.pk)
     WHERE c.org_id = ? AND c.case_id IN (?)`,
    [orgId, ids],
  ));
}

const decisionsWithCaseId = (rows: (Parameters<typeof toDecisionRecord>[0] & { case_id: string })[]) =>
  rows.map((r) => ({ ...toDecisionRecord(r), caseId: r.case_id }));

/** Every decision of each of the tenant's cases named, newest first within a case. */
export async function decisionsOf(db: TenantDb, caseIds: string[]): Promise<(DecisionRecord & { caseId: string })[]> {
  const orgId = db.orgId;
  const ids = caseIds.filter(isCaseId);
  if (!ids.length) return [];
  return decisionsWithCaseId(await db.query(
    `SELECT c.case_id, ${DECISION_HISTORY_COLUMNS} FROM cases c FORCE INDEX (uq_cases_org_case_id) JOIN decisions d ON d.org_id = c.org_id AND d.case_pk = c.pk
     WHERE c.org_id = ? AND c.case_id IN (?) ORDER BY d.id DESC`,
    [orgId, ids],
  ));
}

/** Every director and UBO of each of the tenant's cases named, by kind then position. */
export async function partiesOf(db: TenantDb, caseIds: string[]): Promise<(PartyRecord & { caseId: string })[]> {
  const orgId = db.orgId;
  const ids = caseIds.filter(isCaseId);
  if (!ids.length) return [];
  const rows: (Parameters<typeof toPartyRecord>[0] & { case_id: string })[] = await db.query(
    `SELECT c.case_id, ${PARTY_COLUMNS.split(', ').map((c) => `p.${c}`).join(', ')} FROM cases c FORCE INDEX (uq_cases_org_case_id)
     JOIN case_parties p ON p.org_id = c.org_id AND p.case_pk = c.pk
     WHERE c.org_id = ? AND c.case_id IN (?) ORDER BY p.kind, p.position`,
    [orgId, ids],
  );
  return rows.map((r) => ({ ...toPartyRecord(r), caseId: r.case_id }));
}
