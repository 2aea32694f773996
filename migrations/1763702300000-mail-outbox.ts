import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only; MariaDB 10.11 and MySQL 8. One outbox for outgoing mail (issue 25): the state of every
// email the service sends moves from the six copies of one leased-mail state machine (columns of invites,
// member_tokens, intake_codes, customer_emails and webhook_alert_mails, and graphile's own retries for the
// removed-member credentials email) into outgoing_mails, owned by src/mail.
//
// - outgoing_mails: one row per email. `kind` and `reference` name the owning feature's row (an invite, a
//   member link, an intake code, a customer email, a webhook alert, a removed-member credentials notice),
//   which keeps what the email says and its secret (a link token or code, sealed as before, erased once sent
//   or given up). The row keeps the sending only: state (pending, sent, failed), attempts, the lease of the
//   run sending it, the next attempt's time, send_before (past it the email is not worth sending: a link or
//   a code that expires), the last error, and once accepted the time, message id and transport. No address
//   and no body, so purging a case's personal data needs nothing here.
// - removed_member_credential_mails: the owning row of the removed-member credentials email (who was
//   removed, which admin is told), written in the removal's transaction with its outbox row; that email was
//   enqueued after commit with no row before, so a crash between the two lost it.
// - Every email of the old columns moves, whatever its state: pending and in-flight ones are sent by the new
//   worker (a lease held by an old worker runs out within a minute and the mail sweep hands the email off
//   again), sent and failed ones stay the history the case's invite status and customer email list show.
//   Invites created without an email (state not_sent) have no row: their status reads not_sent again.
// - The old mail-state columns and their due indexes are dropped. customer_emails.sent_at is the outbox's
//   accepted_at; webhook_alert_mails.send_error its last_error (webhook_alert_mails.last_error, the webhook's
//   own last failure, stays).
const ID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_bin';
const CODE = 'VARCHAR(32) CHARACTER SET ascii COLLATE ascii_bin';
const TS = 'DATETIME(3)';
const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

const INTO = `INSERT INTO outgoing_mails
  (org_id, kind, reference, state, attempts, next_attempt_at, lease_until, send_before, last_error, message_id, transport, accepted_at, created_at)`;

const statements = [
  `CREATE TABLE outgoing_mails (
    id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
    org_id ${ID} NOT NULL,
    kind ${CODE} NOT NULL,
    reference BIGINT UNSIGNED NOT NULL,
    state ${CODE} NOT NULL,
    attempts INT UNSIGNED NOT NULL DEFAULT 0,
    next_attempt_at ${TS} NULL,
    lease_until ${TS} NULL,
    send_before ${TS} NULL,
    last_error TEXT NULL,
    message_id VARCHAR(255) NULL,
    transport ${CODE} NULL,
    accepted_at ${TS} NULL,
    created_at ${TS} NOT NULL,
    UNIQUE KEY uq_outgoing_mails_reference (kind, reference),
    KEY ix_outgoing_mails_due (state, next_attempt_at)
  ) ${TABLE}`,

  `CREATE TABLE removed_member_credential_mails (
    id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
    org_id ${ID} NOT NULL,
    member_id ${ID} NOT NULL,
    recipient_id ${ID} NOT NULL,
    created_at ${TS} NOT NULL,
    KEY ix_removed_member_credential_mails_org (org_id, id)
  ) ${TABLE}`,

  `${INTO} SELECT org_id, 'invite', id, state, attempts, next_attempt_at, lease_until, expires_at, last_error, message_id, transport, accepted_at, created_at
   FROM invites WHERE state <> 'not_sent'`,
  `${INTO} SELECT org_id, 'member_link', id, mail_state, attempts, next_attempt_at, lease_until, expires_at, last_error, NULL, NULL, accepted_at, created_at
   FROM member_tokens`,
  `${INTO} SELECT org_id, 'intake_code', id, mail_state, mail_attempts, next_attempt_at, lease_until, expires_at, last_error, NULL, NULL, accepted_at, created_at
   FROM intake_codes`,
  `${INTO} SELECT org_id, 'customer_email', id, state, attempts, next_attempt_at, lease_until, NULL, last_error, message_id, transport, sent_at, created_at
   FROM customer_emails`,
  `${INTO} SELECT org_id, 'webhook_alert', id, mail_state, attempts, next_attempt_at, lease_until, NULL, send_error, NULL, NULL, accepted_at, created_at
   FROM webhook_alert_mails`,

  `ALTER TABLE invites DROP INDEX ix_invites_due, DROP COLUMN state, DROP COLUMN attempts, DROP COLUMN next_attempt_at, DROP COLUMN lease_until,
    DROP COLUMN last_error, DROP COLUMN transport, DROP COLUMN message_id, DROP COLUMN accepted_at`,
  `ALTER TABLE member_tokens DROP INDEX ix_member_tokens_due, DROP COLUMN mail_state, DROP COLUMN attempts, DROP COLUMN next_attempt_at,
    DROP COLUMN lease_until, DROP COLUMN last_error, DROP COLUMN accepted_at`,
  `ALTER TABLE intake_codes DROP INDEX ix_intake_codes_due, DROP COLUMN mail_state, DROP COLUMN mail_attempts, DROP COLUMN next_attempt_at,
    DROP COLUMN lease_until, DROP COLUMN last_error, DROP COLUMN accepted_at`,
  `ALTER TABLE customer_emails DROP INDEX ix_customer_emails_due, DROP COLUMN state, DROP COLUMN attempts, DROP COLUMN next_attempt_at,
    DROP COLUMN lease_until, DROP COLUMN last_error, DROP COLUMN message_id, DROP COLUMN transport, DROP COLUMN sent_at`,
  `ALTER TABLE webhook_alert_mails DROP INDEX ix_alert_mails_due, DROP COLUMN mail_state, DROP COLUMN attempts, DROP COLUMN next_attempt_at,
    DROP COLUMN lease_until, DROP COLUMN send_error, DROP COLUMN accepted_at`,
];

export class MailOutbox1763702300000 implements MigrationInterface {
  name = 'MailOutbox1763702300000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of statements) await q.query(sql);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
