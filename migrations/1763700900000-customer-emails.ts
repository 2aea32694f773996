import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only; MariaDB 10.11 and MySQL 8. The customer email outbox: every customer-facing email other
// than the invite (identity-verification links, EDD requests, document requests, reminders) is a row
// written in the transaction of the work that asks for it, sent by a worker job, and marked sent (with
// its events recorded) once the mail system accepted it. The action link may carry a token: it is kept
// sealed (AES-GCM) until sent, then erased. `events` holds the events to record on sending.
const ID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_bin';
const TS = 'DATETIME(3)';
const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

export class CustomerEmails1763700900000 implements MigrationInterface {
  name = 'CustomerEmails1763700900000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE customer_emails (
      id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
      org_id ${ID} NOT NULL,
      case_pk BIGINT UNSIGNED NOT NULL,
      kind VARCHAR(64) NOT NULL,
      recipient_email VARCHAR(254) NOT NULL,
      recipient_name VARCHAR(200) NULL,
      subject VARCHAR(500) NOT NULL,
      body JSON NOT NULL,
      action_sealed TEXT CHARACTER SET ascii COLLATE ascii_bin NULL,
      action_key_id VARCHAR(64) CHARACTER SET ascii COLLATE ascii_bin NULL,
      unsubscribe_url VARCHAR(1000) NULL,
      events JSON NOT NULL,
      state VARCHAR(16) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
      attempts INT UNSIGNED NOT NULL DEFAULT 0,
      next_attempt_at ${TS} NULL,
      lease_until ${TS} NULL,
      last_error TEXT NULL,
      message_id VARCHAR(255) NULL,
      transport VARCHAR(16) NULL,
      sent_at ${TS} NULL,
      created_at ${TS} NOT NULL,
      PRIMARY KEY (id),
      KEY ix_customer_emails_case (org_id, case_pk, id),
      KEY ix_customer_emails_due (state, next_attempt_at)
    ) ${TABLE}`);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
