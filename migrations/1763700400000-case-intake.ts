import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only; MariaDB 10.11 and MySQL 8. Case intake through POST /v1/cases: dedup locks, invites,
// the local mail outbox and portal sessions.
const ID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_bin';
const HASH = 'CHAR(64) CHARACTER SET ascii COLLATE ascii_bin';
const TS = 'DATETIME(3)';
const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

const statements = [
  // One row per (tenant, dedup value): the row lock that serialises creators of the same crmRecordId
  // or customerEmail, so that the guard's read and the insert that follows cannot race.
  `CREATE TABLE case_dedup_locks (
    org_id ${ID} NOT NULL,
    lock_key ${HASH} NOT NULL,
    created_at ${TS} NOT NULL,
    PRIMARY KEY (org_id, lock_key)
  ) ${TABLE}`,

  // CRM record ids are case-sensitive (Salesforce ids differ by letter case only).
  `ALTER TABLE cases MODIFY crm_record_id VARCHAR(128) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NULL`,

  // A magic-link invite: the token is stored hashed for lookup; token_sealed (AES-GCM) is kept only
  // until the mail server accepted the message, so that retries can send the same link.
  `CREATE TABLE invites (
    id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
    org_id ${ID} NOT NULL,
    case_pk BIGINT UNSIGNED NOT NULL,
    email VARCHAR(254) NOT NULL,
    token_hash ${HASH} NOT NULL,
    token_sealed VARCHAR(512) CHARACTER SET ascii COLLATE ascii_bin NULL,
    token_key_id VARCHAR(32) CHARACTER SET ascii COLLATE ascii_bin NULL,
    state VARCHAR(10) NOT NULL,
    attempts INT NOT NULL DEFAULT 0,
    next_attempt_at ${TS} NULL,
    lease_until ${TS} NULL,
    last_error TEXT NULL,
    transport VARCHAR(10) NULL,
    message_id VARCHAR(255) NULL,
    accepted_at ${TS} NULL,
    expires_at ${TS} NOT NULL,
    used_at ${TS} NULL,
    created_at ${TS} NOT NULL,
    UNIQUE KEY uq_invites_token (token_hash),
    KEY ix_invites_case (org_id, case_pk, id),
    KEY ix_invites_due (state, next_attempt_at),
    CONSTRAINT fk_invites_case FOREIGN KEY (case_pk) REFERENCES cases (pk)
  ) ${TABLE}`,

  // Mail kept locally when SMTP_URL is unset (a fresh machine works without a mail server).
  `CREATE TABLE mail_outbox (
    id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
    org_id ${ID} NOT NULL,
    to_address VARCHAR(254) NOT NULL,
    subject VARCHAR(500) NOT NULL,
    message_id VARCHAR(255) NOT NULL,
    raw MEDIUMTEXT NOT NULL,
    created_at ${TS} NOT NULL,
    KEY ix_mail_outbox_org (org_id, id)
  ) ${TABLE}`,

  // A customer's portal session, started by redeeming an invite; the cookie value is stored hashed.
  `CREATE TABLE portal_sessions (
    token_hash ${HASH} NOT NULL PRIMARY KEY,
    org_id ${ID} NOT NULL,
    case_pk BIGINT UNSIGNED NOT NULL,
    invite_id BIGINT UNSIGNED NOT NULL,
    created_at ${TS} NOT NULL,
    expires_at ${TS} NOT NULL,
    KEY ix_portal_sessions_case (org_id, case_pk)
  ) ${TABLE}`,
];

export class CaseIntake1763700400000 implements MigrationInterface {
  name = 'CaseIntake1763700400000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of statements) await q.query(sql);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
