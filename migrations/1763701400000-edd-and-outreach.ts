import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only; MariaDB 10.11 and MySQL 8. EDD and outreach (issue 16): a case's EDD requirements with
// their change history, the items an analyst asked the customer for by email (document requests), the
// per-case reminder state, and the tenant's reminder schedule. A policy version carries its EDD items per
// band (NULL: the defaults). An invite row now says what its link is for (the EDD request's link reuses
// the magic-link mechanism but is not the case's invitation).
const ID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_bin';
const KEY = 'VARCHAR(64) CHARACTER SET ascii COLLATE ascii_bin';
const TS = 'DATETIME(3)';
const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

const STATEMENTS = [
  `CREATE TABLE edd_requirements (
    id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
    org_id ${ID} NOT NULL,
    case_pk BIGINT UNSIGNED NOT NULL,
    req_key ${KEY} NOT NULL,
    label VARCHAR(200) NOT NULL,
    source VARCHAR(10) NOT NULL,
    status VARCHAR(12) NOT NULL,
    note VARCHAR(2000) NOT NULL DEFAULT '',
    requested_at ${TS} NULL,
    updated_by VARCHAR(400) NOT NULL,
    updated_at ${TS} NOT NULL,
    created_at ${TS} NOT NULL,
    UNIQUE KEY uq_edd_requirements_key (org_id, case_pk, req_key),
    CONSTRAINT fk_edd_requirements_case FOREIGN KEY (case_pk) REFERENCES cases (pk)
  ) ${TABLE}`,
  `CREATE TABLE edd_requirement_changes (
    id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
    org_id ${ID} NOT NULL,
    case_pk BIGINT UNSIGNED NOT NULL,
    req_key ${KEY} NOT NULL,
    label VARCHAR(200) NOT NULL,
    status VARCHAR(12) NOT NULL,
    previous_status VARCHAR(12) NULL,
    note VARCHAR(2000) NOT NULL,
    updated_by VARCHAR(400) NOT NULL,
    changed_at ${TS} NOT NULL,
    KEY ix_edd_requirement_changes_case (org_id, case_pk, id)
  ) ${TABLE}`,
  `CREATE TABLE document_requests (
    id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
    org_id ${ID} NOT NULL,
    case_pk BIGINT UNSIGNED NOT NULL,
    item_key ${KEY} NOT NULL,
    label VARCHAR(200) NOT NULL,
    status VARCHAR(12) NOT NULL,
    requested_by VARCHAR(400) NOT NULL,
    requested_at ${TS} NOT NULL,
    received_at ${TS} NULL,
    UNIQUE KEY uq_document_requests_key (org_id, case_pk, item_key),
    CONSTRAINT fk_document_requests_case FOREIGN KEY (case_pk) REFERENCES cases (pk)
  ) ${TABLE}`,
  // One row per case that has had items requested: the reminder slots already used and when the next is due
  // (NULL: none scheduled). The slot is advanced in the transaction that queues the reminder email.
  `CREATE TABLE outreach_reminders (
    id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
    org_id ${ID} NOT NULL,
    case_pk BIGINT UNSIGNED NOT NULL,
    recipient_email VARCHAR(254) NOT NULL,
    requested_at ${TS} NOT NULL,
    sent_count INT UNSIGNED NOT NULL DEFAULT 0,
    next_due_at ${TS} NULL,
    last_sent_at ${TS} NULL,
    stopped_reason VARCHAR(16) NULL,
    unsubscribed_at ${TS} NULL,
    UNIQUE KEY uq_outreach_reminders_case (org_id, case_pk),
    KEY ix_outreach_reminders_due (next_due_at),
    CONSTRAINT fk_outreach_reminders_case FOREIGN KEY (case_pk) REFERENCES cases (pk)
  ) ${TABLE}`,
  `CREATE TABLE reminder_schedules (
    org_id ${ID} NOT NULL PRIMARY KEY,
    enabled TINYINT(1) NOT NULL,
    first_after_days INT UNSIGNED NOT NULL,
    every_days INT UNSIGNED NOT NULL,
    max_reminders INT UNSIGNED NOT NULL,
    updated_by VARCHAR(400) NOT NULL,
    updated_at ${TS} NOT NULL
  ) ${TABLE}`,
  'ALTER TABLE decision_policies ADD COLUMN edd_items JSON NULL',
  `ALTER TABLE invites ADD COLUMN purpose VARCHAR(16) CHARACTER SET ascii COLLATE ascii_bin NOT NULL DEFAULT 'invite'`,
];

export class EddAndOutreach1763701400000 implements MigrationInterface {
  name = 'EddAndOutreach1763701400000';

  async up(q: QueryRunner): Promise<void> {
    for (const s of STATEMENTS) await q.query(s);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
