import type { TenantDb } from '../db/index';
import { CLOSED_STATUSES, type CaseStatus, type OnboardingStage } from '../cases/index';
import { inQueueCondition } from '../work-queues/index';
import { AUTOMATIC_DECIDER } from './case-metrics';

// Every statement on case_status_spells, and the dashboard's reads of cases (open counts).

/** One ended spell of a case in a status, as the subscriber records it. */
export interface StatusSpell {
  eventSeq: number;
  casePk: number;
  status: string;
  nextStatus: string;
  enteredAt: Date;
  leftAt: Date;
  changedBy: string;
  queueId: number | null;
  returnsBefore: number;
  reviewStartedAt: Date | null;
}

interface SpellRow {
  event_seq: number | string; case_pk: number | string; status: string; next_status: string; entered_at: Date; left_at: Date;
  changed_by: string; queue_id: number | string | null; returns_before: number | string; review_started_at: Date | null;
}

const spellOf = (r: SpellRow): StatusSpell => ({
  eventSeq: Number(r.event_seq), casePk: Number(r.case_pk), status: r.status, nextStatus: r.next_status, enteredAt: r.entered_at, leftAt: r.left_at,
  changedBy: r.changed_by, queueId: r.queue_id === null ? null : Number(r.queue_id), returnsBefore: Number(r.returns_before), reviewStartedAt: r.review_started_at,
});

/**
 * The latest recorded spell of each of these cases (absent: none yet), in one statement. Offered a batch, that
 * is the spell before the case's first event in it: a batch's spells are written in the relay's transaction
 * with the batch, and a case's events are relayed in their order (a later one never before an earlier one).
 */
export async function latestSpells(db: TenantDb, casePks: readonly number[]): Promise<Map<number, StatusSpell>> {
  if (casePks.length === 0) return new Map();
  const rows: SpellRow[] = await db.query(
    `SELECT s.event_seq, s.case_pk, s.status, s.next_status, s.entered_at, s.left_at, s.changed_by, s.queue_id, s.returns_before, s.review_started_at
     FROM case_status_spells s
     JOIN (SELECT case_pk, MAX(event_seq) AS seq FROM case_status_spells WHERE org_id = ? AND case_pk IN (?) GROUP BY case_pk) l ON l.seq = s.event_seq
     WHERE s.org_id = ?`,
    [db.orgId, [...casePks], db.orgId],
  );
  return new Map(rows.map((r) => [Number(r.case_pk), spellOf(r)]));
}

/** When each case was created (its first spell, in_progress, starts there). */
export async function caseCreatedAt(db: TenantDb, casePks: readonly number[]): Promise<Map<number, Date>> {
  if (casePks.length === 0) return new Map();
  const rows: { pk: number | string; created_at: Date }[] = await db.query('SELECT pk, created_at FROM cases WHERE org_id = ? AND pk IN (?)', [db.orgId, [...casePks]]);
  return new Map(rows.map((r) => [Number(r.pk), r.created_at]));
}

/** Records spells; one already recorded for its event is left as it is. */
export async function insertSpells(db: TenantDb, spells: StatusSpell[]): Promise<void> {
  if (spells.length === 0) return;
  await db.query(
    `INSERT IGNORE INTO case_status_spells
       (org_id, left_at, event_seq, case_pk, status, next_status, entered_at, seconds, changed_by, queue_id, returns_before, review_started_at)
     VALUES ${spells.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
    spells.flatMap((s) => [
      db.orgId, s.leftAt, s.eventSeq, s.casePk, s.status, s.nextStatus, s.enteredAt, Math.max(0, Math.floor((s.leftAt.getTime() - s.enteredAt.getTime()) / 1000)),
      s.changedBy.slice(0, 254), s.queueId, s.returnsBefore, s.reviewStartedAt,
    ]),
  );
}

const CLOSED_SQL = CLOSED_STATUSES.map((s) => `'${s}'`).join(', ');

/**
 * The tenant's open cases (now) of the handle's mode (live for a handle without one) by status and onboarding stage,
 * in one queue's when `queueId` is given (test cases are never in a queue). The mode is a parameter: the statement
 * MariaDB receives for the live view is the one it always was (`c.mode = 'live'`), on the same index.
 */
export async function openCaseCounts(db: TenantDb, queueId: number | null): Promise<{ status: CaseStatus; stage: OnboardingStage; count: number }[]> {
  const mode = db.mode ?? 'live';
  const rows: { status: CaseStatus; stage: OnboardingStage; n: number | string }[] = await db.query(
    `SELECT c.status, c.onboarding_stage AS stage, COUNT(*) AS n FROM cases c
     WHERE c.org_id = ? AND c.mode = ? AND c.status NOT IN (${CLOSED_SQL})${queueId === null ? '' : ` AND ${inQueueCondition('c.pk', 'c.org_id')}`}
     GROUP BY c.status, c.onboarding_stage`,
    queueId === null ? [db.orgId, mode] : [db.orgId, mode, queueId],
  );
  return rows.map((r) => ({ status: r.status, stage: r.stage, count: Number(r.n) }));
}

/** The range's extra restriction of case_status_spells (alias s) after `org_id = ? AND left_at >= ? AND left_at < ?`, and all the parameters. */
function inRange(db: TenantDb, range: { from: Date; to: Date; queueId: number | null }): { queue: string; params: unknown[] } {
  return range.queueId === null
    ? { queue: '', params: [db.orgId, range.from, range.to] }
    : { queue: ' AND s.queue_id = ?', params: [db.orgId, range.from, range.to, range.queueId] };
}

/**
 * Per status, the spells that ended in the range: their number and the values at the ranks of p50 and p90
 * (nearest rank), found by the database (a window over the range, two rows per status come back).
 */
export async function spellPercentiles(db: TenantDb, range: { from: Date; to: Date; queueId: number | null }): Promise<{ status: CaseStatus; spells: number; p50: number; p90: number }[]> {
  const r = inRange(db, range);
  const rows: { status: CaseStatus; seconds: number | string; rn: number | string; n: number | string }[] = await db.query(
    `SELECT status, seconds, rn, n FROM (
       SELECT s.status, s.seconds, ROW_NUMBER() OVER (PARTITION BY s.status ORDER BY s.seconds) AS rn, COUNT(*) OVER (PARTITION BY s.status) AS n
       FROM case_status_spells s WHERE s.org_id = ? AND s.left_at >= ? AND s.left_at < ?${r.queue}
     ) ranked WHERE rn = CEIL(n * 0.5) OR rn = CEIL(n * 0.9)`,
    r.params,
  );
  const byStatus = new Map<CaseStatus, { status: CaseStatus; spells: number; p50: number; p90: number }>();
  for (const row of rows) {
    const n = Number(row.n);
    const e = byStatus.get(row.status) ?? { status: row.status, spells: n, p50: 0, p90: 0 };
    if (Number(row.rn) === Math.ceil(n * 0.5)) e.p50 = Number(row.seconds);
    if (Number(row.rn) === Math.ceil(n * 0.9)) e.p90 = Number(row.seconds);
    byStatus.set(row.status, e);
  }
  return [...byStatus.values()];
}

/** The decisions made in the range (spells ending in approved or declined), by outcome, automatic or not, and first time right or not. */
export async function decisionCounts(db: TenantDb, range: { from: Date; to: Date; queueId: number | null }): Promise<{ outcome: 'approved' | 'declined'; automatic: boolean; firstTimeRight: boolean; count: number }[]> {
  const r = inRange(db, range);
  const rows: { outcome: 'approved' | 'declined'; automatic: number | string; ftr: number | string; n: number | string }[] = await db.query(
    `SELECT s.next_status AS outcome, s.changed_by = ? AS automatic, s.returns_before = 0 AS ftr, COUNT(*) AS n
     FROM case_status_spells s FORCE INDEX (ix_case_status_spells_decisions)
     WHERE s.org_id = ? AND s.left_at >= ? AND s.left_at < ?${r.queue} AND s.next_status IN (${CLOSED_SQL})
     GROUP BY s.next_status, s.changed_by = ?, s.returns_before = 0`,
    [AUTOMATIC_DECIDER, ...r.params, AUTOMATIC_DECIDER],
  );
  return rows.map((x) => ({ outcome: x.outcome, automatic: Number(x.automatic) === 1, firstTimeRight: Number(x.ftr) === 1, count: Number(x.n) }));
}

/** A decision's handling time in seconds: from the case's last entry into in_review (or the spell's start) to the decision. */
const HANDLING = 'GREATEST(0, TIMESTAMPDIFF(SECOND, COALESCE(s.review_started_at, s.entered_at), s.left_at))';

/**
 * Per deciding member (changedBy), the decisions they made in the range and the median (nearest rank) of
 * their handling times: from the case's last entry into in_review (its submission or reopening) to the decision.
 * Reads the decisions' covering index; the medians are taken here (a window in the database sorted slower).
 */
export async function analystFigures(db: TenantDb, range: { from: Date; to: Date; queueId: number | null }): Promise<{ analyst: string; closed: number; median: number }[]> {
  const r = inRange(db, range);
  const rows: { analyst: string; handling: number | string }[] = await db.query(
    `SELECT s.changed_by AS analyst, ${HANDLING} AS handling
     FROM case_status_spells s FORCE INDEX (ix_case_status_spells_decisions)
     WHERE s.org_id = ? AND s.left_at >= ? AND s.left_at < ?${r.queue} AND s.next_status IN (${CLOSED_SQL}) AND s.changed_by <> ?`,
    [...r.params, AUTOMATIC_DECIDER],
  );
  const byAnalyst = new Map<string, number[]>();
  for (const row of rows) {
    const list = byAnalyst.get(row.analyst) ?? [];
    list.push(Number(row.handling));
    byAnalyst.set(row.analyst, list);
  }
  return [...byAnalyst]
    .map(([analyst, times]) => {
      times.sort((a, b) => a - b);
      return { analyst, closed: times.length, median: times[Math.ceil(times.length * 0.5) - 1]! };
    })
    .sort((a, b) => b.closed - a.closed || (a.analyst < b.analyst ? -1 : a.analyst > b.analyst ? 1 : 0));
}
