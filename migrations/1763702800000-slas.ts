import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only; MariaDB 10.11 and MySQL 8. SLAs for cases (issue 26, "SLAs"), owned by src/sla except
// queue_sla_digests (src/work-queues):
//
// - sla_policies: one row per tenant: the target hours per case status (JSON), business hours (JSON or
//   NULL: around the clock), and whether the clock pauses while the case waits on the customer.
// - case_slas: the clock of each open case (one row per case, deleted when it closes): the status it runs
//   for, when its running stretch began (clock_start), the time already used before it (used_ms, in business
//   time), paused_since while it waits on the customer, the target (target_ms, NULL when the status has
//   none) and, while it runs, when it reaches 80 % (at_risk_at) and 100 % (due_at). The state is read from
//   these and the time (src/sla/sla-state.ts); at_risk_mailed remembers the owner's one email per stretch
//   of a status.
// - sla_at_risk_alerts: one row per at-risk email (the mail outbox's reference), with what it says.
// - queue_sla_digests: a member's daily digest of their queues' breaches (src/work-queues), one per day.
const ID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_bin';
const CODE = 'VARCHAR(32) CHARACTER SET ascii COLLATE ascii_bin';
const TS = 'DATETIME(3)';
const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

const statements = [
  `CREATE TABLE sla_policies (
    org_id ${ID} NOT NULL PRIMARY KEY,
    targets TEXT NOT NULL,
    business_hours TEXT NULL,
    pause_while_awaiting_customer TINYINT(1) NOT NULL,
    updated_at ${TS} NOT NULL,
    updated_by VARCHAR(320) NOT NULL
  ) ${TABLE}`,
  `CREATE TABLE case_slas (
    org_id ${ID} NOT NULL,
    case_pk BIGINT UNSIGNED NOT NULL,
    status ${CODE} NOT NULL,
    clock_start ${TS} NOT NULL,
    used_ms BIGINT NOT NULL,
    paused_since ${TS} NULL,
    target_ms BIGINT NULL,
    at_risk_at ${TS} NULL,
    due_at ${TS} NULL,
    at_risk_mailed TINYINT(1) NOT NULL DEFAULT 0,
    updated_at ${TS} NOT NULL,
    PRIMARY KEY (org_id, case_pk),
    KEY ix_case_slas_due (org_id, due_at),
    KEY ix_case_slas_at_risk (org_id, at_risk_mailed, at_risk_at)
  ) ${TABLE}`,
  `CREATE TABLE sla_at_risk_alerts (
    id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
    org_id ${ID} NOT NULL,
    case_pk BIGINT UNSIGNED NOT NULL,
    case_id VARCHAR(40) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    member_id ${ID} NOT NULL,
    status ${CODE} NOT NULL,
    due_at ${TS} NOT NULL,
    created_at ${TS} NOT NULL,
    KEY ix_sla_at_risk_alerts_case (org_id, case_pk)
  ) ${TABLE}`,
  `CREATE TABLE queue_sla_digests (
    id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
    org_id ${ID} NOT NULL,
    member_id ${ID} NOT NULL,
    day DATE NOT NULL,
    breaches TEXT NOT NULL,
    created_at ${TS} NOT NULL,
    UNIQUE KEY uq_queue_sla_digests_day (org_id, member_id, day)
  ) ${TABLE}`,
];

export class Slas1763702800000 implements MigrationInterface {
  name = 'Slas1763702800000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of statements) await q.query(sql);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
