import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only; MariaDB 10.11 and MySQL 8. Work queues (issue 26, "Queues and assignment"), owned by
// src/work-queues, which reads cases only through src/cases' exports and assigns through its use case.
//
// - work_queues: a tenant's queues in their order (position): name, conditions (the decision policy's rules
//   language, JSON over a case's queue facts), assignment mode (manual, round_robin, least_loaded), capacity
//   (open cases a member may own before automatic assignment passes them over) and the round-robin cursor.
// - work_queue_members: who works each queue, in the order round robin goes through them.
// - work_queue_cases: where each open case sits (the first queue whose conditions it meets), kept from the
//   case's facts by the outbox reaction and the sweep, so that handing out the next case reads one index:
//   unassigned rows of a queue oldest first (ix_work_queue_cases_next), claimed with FOR UPDATE SKIP
//   LOCKED. handed_to and handed_sequence remember a hand-out by the queue (automatic or nextCase) and the
//   case's event count just after it: unchanged, the case is untouched and goes back when its owner
//   becomes unavailable.
// - member_availability: a member's availability for automatic assignment (absent: available), and until
//   when that setting holds (then the opposite).
const ID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_bin';
const CODE = 'VARCHAR(32) CHARACTER SET ascii COLLATE ascii_bin';
const TS = 'DATETIME(3)';
const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

const statements = [
  `CREATE TABLE work_queues (
    id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
    org_id ${ID} NOT NULL,
    position INT UNSIGNED NOT NULL,
    name VARCHAR(100) NOT NULL,
    conditions TEXT NOT NULL,
    mode ${CODE} NOT NULL,
    capacity INT UNSIGNED NULL,
    last_assigned_member_id ${ID} NULL,
    created_at ${TS} NOT NULL,
    updated_at ${TS} NOT NULL,
    UNIQUE KEY uq_work_queues_name (org_id, name),
    KEY ix_work_queues_position (org_id, position)
  ) ${TABLE}`,
  `CREATE TABLE work_queue_members (
    org_id ${ID} NOT NULL,
    queue_id BIGINT UNSIGNED NOT NULL,
    member_id ${ID} NOT NULL,
    position INT UNSIGNED NOT NULL,
    PRIMARY KEY (queue_id, member_id),
    KEY ix_work_queue_members_member (org_id, member_id)
  ) ${TABLE}`,
  `CREATE TABLE work_queue_cases (
    case_pk BIGINT UNSIGNED NOT NULL PRIMARY KEY,
    org_id ${ID} NOT NULL,
    queue_id BIGINT UNSIGNED NOT NULL,
    case_created_at ${TS} NOT NULL,
    owner_member_id ${ID} NULL,
    needs_senior TINYINT(1) NOT NULL DEFAULT 0,
    entered_at ${TS} NOT NULL,
    handed_to ${ID} NULL,
    handed_sequence INT UNSIGNED NULL,
    refreshed_at ${TS} NOT NULL,
    KEY ix_work_queue_cases_next (org_id, queue_id, owner_member_id, case_created_at, case_pk),
    KEY ix_work_queue_cases_handed (org_id, handed_to),
    KEY ix_work_queue_cases_refreshed (refreshed_at)
  ) ${TABLE}`,
  `CREATE TABLE member_availability (
    org_id ${ID} NOT NULL,
    member_id ${ID} NOT NULL,
    available TINYINT(1) NOT NULL,
    until ${TS} NULL,
    updated_at ${TS} NOT NULL,
    updated_by VARCHAR(320) NOT NULL,
    PRIMARY KEY (org_id, member_id)
  ) ${TABLE}`,
];

export class WorkQueues1763702600000 implements MigrationInterface {
  name = 'WorkQueues1763702600000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of statements) await q.query(sql);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
