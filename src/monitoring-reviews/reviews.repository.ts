import { modeCondition, type TenantDb } from '../db/index';

/**
 * The SQL of monitoring reviews, their attached alerts, history and hand-offs. Every function takes
 * a tenant-bound handle (forTenant over a manager or the pool). A review is of its case's mode: the lookups
 * by id and the list, through a handle bound to a caller with a mode (forTenant(db, actor)), see the reviews of
 * that mode's cases only (a test case's review is as missing to the live view as another tenant's).
 */

export const REVIEW_STATES = ['open', 'pending_approval', 'with_mlro', 'closed', 'reopened'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];
export const DISPOSITIONS = ['true_match', 'false_positive', 'escalate'] as const;
export type ReviewDisposition = (typeof DISPOSITIONS)[number];
export type RiskInput = 'sanctioned' | 'pep';

/** A monitoring review with its case's public id and company name. */
export interface MonitoringReview {
  id: number;
  casePk: number;
  caseId: string;
  companyName: string | null;
  reviewCaseId: string;
  reviewRef: string;
  factKey: string;
  fingerprint: string;
  alertType: string;
  severity: 'low' | 'medium' | 'high' | 'critical' | null;
  subjectRole: string | null;
  subjectRef: string | null;
  personId: number | null;
  source: string | null;
  state: ReviewState;
  occurrenceNo: number;
  priorDisposition: ReviewDisposition | null;
  disposition: ReviewDisposition | null;
  dispositionBy: string | null;
  dispositionNote: string | null;
  dispositionedAt: Date | null;
  approvedBy: string | null;
  approvedAt: Date | null;
  riskInput: RiskInput | null;
  bandBefore: string | null;
  bandAfter: string | null;
  openedAt: Date;
  updatedAt: Date;
  closedAt: Date | null;
}

const COLUMNS = `r.id, r.case_pk, c.case_id, c.company_name, r.review_case_id, r.review_ref, r.fact_key, r.fingerprint, r.alert_type, r.severity,
  r.subject_role, r.subject_ref, r.person_id, r.source, r.state, r.occurrence_no, r.prior_disposition, r.disposition, r.disposition_by,
  r.disposition_note, r.dispositioned_at, r.approved_by, r.approved_at, r.risk_input, r.band_before, r.band_after, r.opened_at, r.updated_at, r.closed_at`;
const FROM = 'FROM monitoring_reviews r JOIN cases c ON c.pk = r.case_pk AND c.org_id = r.org_id';

/** A row of COLUMNS as the driver gives it (BIGINT and INT come back as numbers, DATETIME as Date). */
interface MonitoringReviewRow {
  id: number; case_pk: number; case_id: string; company_name: string | null; review_case_id: string; review_ref: string; fact_key: string;
  fingerprint: string; alert_type: string; severity: MonitoringReview['severity']; subject_role: string | null; subject_ref: string | null;
  person_id: number | null; source: string | null; state: ReviewState; occurrence_no: number; prior_disposition: ReviewDisposition | null;
  disposition: ReviewDisposition | null; disposition_by: string | null; disposition_note: string | null; dispositioned_at: Date | null;
  approved_by: string | null; approved_at: Date | null; risk_input: RiskInput | null; band_before: string | null; band_after: string | null;
  opened_at: Date; updated_at: Date; closed_at: Date | null;
}

function toMonitoringReview(r: MonitoringReviewRow): MonitoringReview {
  return {
    id: r.id, casePk: r.case_pk, caseId: r.case_id, companyName: r.company_name, reviewCaseId: r.review_case_id, reviewRef: r.review_ref,
    factKey: r.fact_key, fingerprint: r.fingerprint, alertType: r.alert_type, severity: r.severity, subjectRole: r.subject_role,
    subjectRef: r.subject_ref, personId: r.person_id, source: r.source, state: r.state, occurrenceNo: r.occurrence_no,
    priorDisposition: r.prior_disposition, disposition: r.disposition, dispositionBy: r.disposition_by, dispositionNote: r.disposition_note,
    dispositionedAt: r.dispositioned_at, approvedBy: r.approved_by, approvedAt: r.approved_at, riskInput: r.risk_input,
    bandBefore: r.band_before, bandAfter: r.band_after, openedAt: r.opened_at, updatedAt: r.updated_at, closedAt: r.closed_at,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A review of the tenant by its reviewCaseId (or its reviewRef), optionally locked; null when none. */
export async function findReview(db: TenantDb, id: string, lock = false): Promise<MonitoringReview | null> {
  const orgId = db.orgId;
  const byUuid = UUID.test(id);
  const mode = modeCondition(db, 'c.mode');
  const [row]: MonitoringReviewRow[] = await db.query(
    `SELECT ${COLUMNS} ${FROM} WHERE r.org_id = ? AND ${byUuid ? 'r.review_case_id' : 'r.review_ref'} = ?${mode.sql}${lock ? ' FOR UPDATE' : ''}`, [orgId, id, ...mode.params],
  );
  return row ? toMonitoringReview(row) : null;
}

/** The case a review belongs to (its pk), without locks: use cases lock the case first, then the review. */
export async function reviewCasePk(db: TenantDb, id: string): Promise<number | null> {
  const orgId = db.orgId;
  const mode = modeCondition(db, 'c.mode');
  const [row]: { case_pk: number }[] = await db.query(
    `SELECT r.case_pk ${FROM} WHERE r.org_id = ? AND ${UUID.test(id) ? 'r.review_case_id' : 'r.review_ref'} = ?${mode.sql}`, [orgId, id, ...mode.params],
  );
  return row ? row.case_pk : null;
}

/** Locks the case row; its public id, company name, status and stored risk band, or null when the tenant has none (of the handle's mode). */
export async function lockMonitoredCase(
  db: TenantDb, casePk: number,
): Promise<{ caseId: string; companyName: string | null; status: string; riskBand: string | null } | null> {
  const orgId = db.orgId;
  const mode = modeCondition(db);
  const [row]: { case_id: string; company_name: string | null; status: string; risk_band: string | null }[] = await db.query(
    `SELECT case_id, company_name, status, risk_band FROM cases WHERE org_id = ? AND pk = ?${mode.sql} FOR UPDATE`, [orgId, casePk, ...mode.params],
  );
  return row ? { caseId: row.case_id, companyName: row.company_name, status: row.status, riskBand: row.risk_band } : null;
}

/** The unclosed review of a fact on a case (locked), or null. */
export async function findUnclosedReviewOfFact(db: TenantDb, casePk: number, factKey: string): Promise<MonitoringReview | null> {
  const orgId = db.orgId;
  const [row]: MonitoringReviewRow[] = await db.query(
    `SELECT ${COLUMNS} ${FROM} WHERE r.org_id = ? AND r.case_pk = ? AND r.open_fact_key = ? FOR UPDATE`, [orgId, casePk, factKey],
  );
  return row ? toMonitoringReview(row) : null;
}

/** How many reviews a fact has opened on a case, and the verdict of the latest. */
export async function factHistory(db: TenantDb, casePk: number, factKey: string): Promise<{ count: number; lastDisposition: ReviewDisposition | null }> {
  const orgId = db.orgId;
  const rows: { disposition: ReviewDisposition | null }[] = await db.query(
    'SELECT disposition FROM monitoring_reviews WHERE org_id = ? AND case_pk = ? AND fact_key = ? ORDER BY id DESC', [orgId, casePk, factKey],
  );
  return { count: rows.length, lastDisposition: rows[0]?.disposition ?? null };
}

/** Whether an earlier review of the same fact on the case was dismissed as a false positive. */
export async function earlierFalsePositive(db: TenantDb, r: MonitoringReview): Promise<boolean> {
  const orgId = db.orgId;
  const [row]: { n: number }[] = await db.query(
    `SELECT COUNT(*) AS n FROM monitoring_reviews WHERE org_id = ? AND case_pk = ? AND fact_key = ? AND id < ? AND disposition = 'false_positive'`,
    [orgId, r.casePk, r.factKey, r.id],
  );
  return row!.n > 0;
}

/** The next `MR-<year>-<00000>` of the tenant (the caller's transaction holds the counter row until it ends). */
export async function nextReviewRef(db: TenantDb, year: number): Promise<string> {
  const orgId = db.orgId;
  await db.query('INSERT INTO monitoring_review_counters (org_id, year, value) VALUES (?, ?, 1) ON DUPLICATE KEY UPDATE value = value + 1', [orgId, year]);
  const [row]: { value: number }[] = await db.query('SELECT value FROM monitoring_review_counters WHERE org_id = ? AND year = ?', [orgId, year]);
  return `MR-${year}-${String(row!.value).padStart(5, '0')}`;
}

export interface NewReview {
  casePk: number; reviewCaseId: string; reviewRef: string; factKey: string; fingerprint: string; alertType: string; severity: string;
  subjectRole: string | null; subjectRef: string | null; personId: number | null; source: string; occurrenceNo: number;
  priorDisposition: ReviewDisposition | null; at: Date;
}

export async function insertReview(db: TenantDb, n: NewReview): Promise<number> {
  const orgId = db.orgId;
  const res = await db.query(
    `INSERT INTO monitoring_reviews (org_id, case_pk, review_case_id, review_ref, fact_key, open_fact_key, fingerprint, alert_type, severity,
       subject_role, subject_ref, person_id, source, state, occurrence_no, prior_disposition, opened_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'open', ?, ?, ?, ?)`,
    [orgId, n.casePk, n.reviewCaseId, n.reviewRef, n.factKey, n.factKey, n.fingerprint, n.alertType, n.severity, n.subjectRole, n.subjectRef,
      n.personId, n.source, n.occurrenceNo, n.priorDisposition, n.at, n.at],
  );
  return (res as { insertId: number }).insertId;
}

/** Writes the review's state, verdict, sign-off, risk input and bands as `s` holds them. open_fact_key follows the state. */
export async function saveReview(db: TenantDb, s: MonitoringReview, at: Date): Promise<void> {
  const orgId = db.orgId;
  await db.query(
    `UPDATE monitoring_reviews SET state = ?, open_fact_key = IF(? = 'closed', NULL, fact_key), disposition = ?, disposition_by = ?, disposition_note = ?,
       dispositioned_at = ?, approved_by = ?, approved_at = ?, risk_input = ?, band_before = ?, band_after = ?, updated_at = ?,
       closed_at = IF(? = 'closed', ?, NULL), band_checked = IF(? = 'closed', band_checked, 0)
     WHERE org_id = ? AND id = ?`,
    [s.state, s.state, s.disposition, s.dispositionBy, s.dispositionNote, s.dispositionedAt, s.approvedBy, s.approvedAt, s.riskInput, s.bandBefore,
      s.bandAfter, at, s.state, at, s.state, orgId, s.id],
  );
}

export async function attachAlert(
  db: TenantDb, reviewId: number,
  a: { alertId: number; runId: number; alertType: string; severity: string; fingerprint: string; source: string; at: Date },
): Promise<void> {
  const orgId = db.orgId;
  await db.query(
    `INSERT IGNORE INTO monitoring_review_alerts (review_id, alert_id, org_id, run_id, alert_type, severity, fingerprint, source, attached_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [reviewId, a.alertId, orgId, a.runId, a.alertType, a.severity, a.fingerprint, a.source, a.at],
  );
}

export type HistoryAction = 'opened' | 'alert_attached' | 'dispositioned' | 'approved' | 'closed' | 'escalated' | 'resolved' | 'reopened';

export async function addHistory(
  db: TenantDb, reviewId: number, h: { action: HistoryAction; actor: string | null; note?: string | null; details?: Record<string, unknown>; at: Date },
): Promise<void> {
  const orgId = db.orgId;
  await db.query(
    'INSERT INTO monitoring_review_history (org_id, review_id, action, actor, note, details, at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    [orgId, reviewId, h.action, h.actor, h.note ?? null, h.details ? JSON.stringify(h.details) : null, h.at],
  );
}

export async function insertHandOff(
  db: TenantDb, reviewId: number,
  e: { reason: string; assignedTo: string | null; bandBefore: string | null; bandAfter: string | null; raisedBy: string; at: Date },
): Promise<number> {
  const orgId = db.orgId;
  const res = await db.query(
    `INSERT INTO monitoring_review_escalations (org_id, review_id, reason, assigned_to, band_before, band_after, raised_by, raised_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    [orgId, reviewId, e.reason, e.assignedTo, e.bandBefore, e.bandAfter, e.raisedBy, e.at],
  );
  return (res as { insertId: number }).insertId;
}

/** The case's reviews other than `exceptId` that are not closed. */
export async function countOtherUnclosed(db: TenantDb, casePk: number, exceptId: number): Promise<number> {
  const orgId = db.orgId;
  const [row]: { n: number }[] = await db.query(
    `SELECT COUNT(*) AS n FROM monitoring_reviews WHERE org_id = ? AND case_pk = ? AND id <> ? AND state <> 'closed'`, [orgId, casePk, exceptId],
  );
  return row!.n;
}

/** Verdicts of the case's closed reviews not yet covered by a band re-check (the review being closed included once closed). */
export async function uncheckedClosedVerdicts(db: TenantDb, casePk: number): Promise<(ReviewDisposition | null)[]> {
  const orgId = db.orgId;
  const rows: { disposition: ReviewDisposition | null }[] = await db.query(
    `SELECT disposition FROM monitoring_reviews WHERE org_id = ? AND case_pk = ? AND state = 'closed' AND band_checked = 0`, [orgId, casePk],
  );
  return rows.map((r) => r.disposition);
}

export async function markBandChecked(db: TenantDb, casePk: number): Promise<void> {
  const orgId = db.orgId;
  await db.query(`UPDATE monitoring_reviews SET band_checked = 1 WHERE org_id = ? AND case_pk = ? AND state = 'closed' AND band_checked = 0`, [orgId, casePk]);
}

/** The email of the tenant's default MLRO while they are a current member with the mlro role or above; else null. */
export async function defaultMlroEmail(db: TenantDb): Promise<string | null> {
  const orgId = db.orgId;
  const [row]: { email: string }[] = await db.query(
    `SELECT m.email FROM tenants t JOIN members m ON m.id = t.default_mlro_member_id AND m.org_id = t.id
      WHERE t.id = ? AND m.removed_at IS NULL AND m.role IN ('mlro', 'compliance_admin', 'admin')`, [orgId],
  );
  return row?.email ?? null;
}

/** A page of the tenant's reviews (of the handle's mode), newest first, keyset on id. */
export async function listReviewRows(
  db: TenantDb, f: { state?: ReviewState; casePk?: number; beforeId?: number; limit: number },
): Promise<MonitoringReview[]> {
  const orgId = db.orgId;
  const where = ['r.org_id = ?'];
  const args: unknown[] = [orgId];
  if (f.state) { where.push('r.state = ?'); args.push(f.state); }
  if (f.casePk !== undefined) { where.push('r.case_pk = ?'); args.push(f.casePk); }
  if (f.beforeId !== undefined) { where.push('r.id < ?'); args.push(f.beforeId); }
  const mode = modeCondition(db, 'c.mode');
  if (mode.sql) { where.push('c.mode = ?'); args.push(...mode.params); }
  const rows: MonitoringReviewRow[] = await db.query(`SELECT ${COLUMNS} ${FROM} WHERE ${where.join(' AND ')} ORDER BY r.id DESC LIMIT ?`, [...args, f.limit]);
  return rows.map(toMonitoringReview);
}

export interface AttachedAlert { alertId: number; runId: number; alertType: string; severity: string; source: string; attachedAt: Date }
interface AttachedAlertRow { alert_id: number; run_id: number; alert_type: string; severity: string; source: string; attached_at: Date }
const toAttachedAlert = (r: AttachedAlertRow): AttachedAlert => ({
  alertId: r.alert_id, runId: r.run_id, alertType: r.alert_type, severity: r.severity, source: r.source, attachedAt: r.attached_at,
});

export async function listAttachedAlerts(db: TenantDb, reviewId: number): Promise<AttachedAlert[]> {
  const orgId = db.orgId;
  const rows: AttachedAlertRow[] = await db.query(
    'SELECT alert_id, run_id, alert_type, severity, source, attached_at FROM monitoring_review_alerts WHERE org_id = ? AND review_id = ? ORDER BY attached_at, alert_id',
    [orgId, reviewId],
  );
  return rows.map(toAttachedAlert);
}

export interface ReviewHistoryEntry { action: HistoryAction; actor: string | null; note: string | null; details: Record<string, unknown>; at: Date }
/** details is JSON text (MariaDB's JSON is LONGTEXT) or already parsed, as the driver gives it. */
interface HistoryRow { action: HistoryAction; actor: string | null; note: string | null; details: string | Record<string, unknown> | null; at: Date }
const toReviewHistoryEntry = (r: HistoryRow): ReviewHistoryEntry => ({
  action: r.action, actor: r.actor, note: r.note,
  details: r.details === null ? {} : typeof r.details === 'string' ? (JSON.parse(r.details) as Record<string, unknown>) : r.details,
  at: r.at,
});

export async function listHistory(db: TenantDb, reviewId: number): Promise<ReviewHistoryEntry[]> {
  const orgId = db.orgId;
  const rows: HistoryRow[] = await db.query('SELECT action, actor, note, details, at FROM monitoring_review_history WHERE org_id = ? AND review_id = ? ORDER BY id', [orgId, reviewId]);
  return rows.map(toReviewHistoryEntry);
}

/** The pk of a case of the tenant by its public id (of the handle's mode), or null. */
export async function casePkOf(db: TenantDb, caseId: string): Promise<number | null> {
  const orgId = db.orgId;
  const mode = modeCondition(db);
  const [row]: { pk: number }[] = await db.query(`SELECT pk FROM cases WHERE org_id = ? AND case_id = ?${mode.sql}`, [orgId, caseId, ...mode.params]);
  return row ? row.pk : null;
}

/** The case's stored risk band (null before its first assessment). */
export async function currentRiskBand(db: TenantDb, casePk: number): Promise<string | null> {
  const orgId = db.orgId;
  const [row]: { risk_band: string | null }[] = await db.query('SELECT risk_band FROM cases WHERE org_id = ? AND pk = ?', [orgId, casePk]);
  return row?.risk_band ?? null;
}
