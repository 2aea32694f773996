import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only; MariaDB 10.11 and MySQL 8. The case-metrics dashboard (issue 26, "Dashboard"), owned by
// src/case-metrics.
//
// - case_status_spells: one row per case.status.changed event, the spell in a status that the change ended:
//   the status left and the one entered, when the spell began (the previous change, or the case's creation)
//   and ended, its length in seconds, who made the change (changedBy: a member's email, policy_engine for an
//   automatic decision), the work queue the case sat in during the spell (null: none, or unknown for the
//   backfilled history), how many times the case had been returned (to `returned` by a senior, or reopened)
//   before the change, and when it last entered in_review (a decision's handling time starts there).
//   Written in the outbox relay's transaction by case-metrics' subscriber (event_seq unique: a batch offered
//   again writes nothing twice). The primary key clusters a tenant's spells by the time they ended, so a
//   dashboard's date range is one range read of the table, whatever its length; the decisions' figures read
//   a covering index of the spells that ended in a decision (by outcome, then time), a fraction of the rows.
// - cases gains a covering index for the open cases by status and onboarding stage.
// - The backfill derives the spells of the events already recorded (queue_id null).
const ID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_bin';
const CODE = 'VARCHAR(20) CHARACTER SET ascii COLLATE ascii_bin';
const TS = 'DATETIME(3)';
const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/** The spells of the case.status.changed events recorded so far (queue unknown); a spell already recorded stays. Exported for its test. */
export const BACKFILL_SPELLS = `INSERT IGNORE INTO case_status_spells
   (org_id, left_at, event_seq, case_pk, status, next_status, entered_at, seconds, changed_by, queue_id, returns_before, review_started_at)
 SELECT org_id, left_at, seq, case_pk, status, next_status, entered_at,
   GREATEST(0, TIMESTAMPDIFF(SECOND, entered_at, left_at)), changed_by, NULL,
   COALESCE(SUM(is_return) OVER (PARTITION BY case_pk ORDER BY seq ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0),
   MAX(review_entry) OVER (PARTITION BY case_pk ORDER BY seq ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)
 FROM (
   SELECT s.*,
     COALESCE(LAG(s.left_at) OVER (PARTITION BY s.case_pk ORDER BY s.seq), s.created_at) AS entered_at,
     IF(s.next_status = 'returned' OR (s.next_status = 'in_review' AND s.status IN ('approved', 'declined')), 1, 0) AS is_return,
     IF(s.next_status = 'in_review', s.left_at, NULL) AS review_entry
   FROM (
     SELECT e.org_id, e.seq, e.case_pk, e.occurred_at AS left_at, c.created_at,
       JSON_VALUE(e.data, '$.previousStatus') AS status, JSON_VALUE(e.data, '$.status') AS next_status,
       COALESCE(JSON_VALUE(e.data, '$.changedBy'), '') AS changed_by
     FROM events e JOIN cases c ON c.org_id = e.org_id AND c.pk = e.case_pk
     WHERE e.type = 'case.status.changed'
   ) s
   WHERE s.status IS NOT NULL AND s.next_status IS NOT NULL
 ) spells`;

const statements = [
  `CREATE TABLE case_status_spells (
    org_id ${ID} NOT NULL,
    left_at ${TS} NOT NULL,
    event_seq BIGINT UNSIGNED NOT NULL,
    case_pk BIGINT UNSIGNED NOT NULL,
    status ${CODE} NOT NULL,
    next_status ${CODE} NOT NULL,
    entered_at ${TS} NOT NULL,
    seconds INT UNSIGNED NOT NULL,
    changed_by VARCHAR(254) NOT NULL,
    queue_id BIGINT UNSIGNED NULL,
    returns_before INT UNSIGNED NOT NULL,
    review_started_at ${TS} NULL,
    PRIMARY KEY (org_id, left_at, event_seq),
    UNIQUE KEY uq_case_status_spells_event (event_seq),
    KEY ix_case_status_spells_case (org_id, case_pk, event_seq),
    KEY ix_case_status_spells_queue (org_id, queue_id, left_at),
    KEY ix_case_status_spells_decisions (org_id, next_status, left_at, changed_by, returns_before, review_started_at, entered_at, queue_id)
  ) ${TABLE}`,

  'ALTER TABLE cases ADD KEY ix_cases_org_status_stage (org_id, status, onboarding_stage)',

  BACKFILL_SPELLS,
];

export class CaseMetrics1763703000000 implements MigrationInterface {
  name = 'CaseMetrics1763703000000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of statements) await q.query(sql);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
