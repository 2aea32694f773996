import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only; MariaDB 10.11 and MySQL 8. Webhook failure alerts (issue 19, part 3):
// - tenants.webhook_alert_after_minutes: how long an endpoint's attempts may fail with no success
//   before the tenant's compliance admins and admins are emailed (default 60).
// - webhook_endpoint_health: per endpoint, what the periodic health check learnt from the attempt log
//   (last success, the current failing streak, the open incident). Kept beside the endpoint row, so that
//   the check never locks the rows the delivery path and the console use.
// - webhook_health_scan: the check's position in webhook_attempts (its primary key), one row; it starts
//   at the attempts already recorded, so alerts begin with the attempts made after this migration.
// - webhook_alert_mails: the durable outbox of alert and recovery emails, one row per recipient.
const ID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_bin';
const TS = 'DATETIME(3)';
const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

const statements = [
  `ALTER TABLE tenants ADD COLUMN webhook_alert_after_minutes INT UNSIGNED NOT NULL DEFAULT 60`,
  `CREATE TABLE webhook_endpoint_health (
    endpoint_id ${ID} NOT NULL PRIMARY KEY,
    org_id ${ID} NOT NULL,
    last_success_at ${TS} NULL,
    last_failure_at ${TS} NULL,
    last_http_status INT NULL,
    last_error TEXT NULL,
    failing_since ${TS} NULL,
    incident_since ${TS} NULL,
    recovered_at ${TS} NULL,
    updated_at ${TS} NOT NULL,
    KEY ix_health_org (org_id),
    KEY ix_health_failing (failing_since),
    CONSTRAINT fk_health_endpoint FOREIGN KEY (endpoint_id) REFERENCES webhook_endpoints (id)
  ) ${TABLE}`,
  `CREATE TABLE webhook_health_scan (
    id TINYINT UNSIGNED NOT NULL PRIMARY KEY,
    last_attempt_id BIGINT UNSIGNED NOT NULL,
    checked_at ${TS} NULL
  ) ${TABLE}`,
  `INSERT INTO webhook_health_scan (id, last_attempt_id, checked_at) SELECT 1, COALESCE(MAX(id), 0), NULL FROM webhook_attempts`,
  `CREATE TABLE webhook_alert_mails (
    id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
    org_id ${ID} NOT NULL,
    endpoint_id ${ID} NOT NULL,
    member_id ${ID} NOT NULL,
    kind VARCHAR(16) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    incident_since ${TS} NOT NULL,
    happened_at ${TS} NOT NULL,
    last_error TEXT NULL,
    mail_state VARCHAR(16) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    attempts INT NOT NULL DEFAULT 0,
    next_attempt_at ${TS} NULL,
    lease_until ${TS} NULL,
    send_error TEXT NULL,
    accepted_at ${TS} NULL,
    created_at ${TS} NOT NULL,
    KEY ix_alert_mails_due (mail_state, next_attempt_at),
    KEY ix_alert_mails_org (org_id, id)
  ) ${TABLE}`,
];

export class WebhookFailureAlerts1763701100000 implements MigrationInterface {
  name = 'WebhookFailureAlerts1763701100000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of statements) await q.query(sql);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
