import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only; MariaDB 10.11 and MySQL 8. Issue 31, "Test mode" (Stripe's model): every tenant has a live and a
// test mode. Pull-API credentials, cases (and so their events), webhook endpoints and console sessions each
// carry theirs; everything that exists today is live. Test cases are few beside live ones: the (org_id, mode, pk)
// and (org_id, mode, feed_position) indexes let a test listing and the test feed read them without scanning the
// tenant's live rows.
const MODE = "VARCHAR(4) CHARACTER SET ascii COLLATE ascii_bin NOT NULL DEFAULT 'live'";

const statements = [
  `ALTER TABLE oauth_clients ADD COLUMN mode ${MODE}`,
  `ALTER TABLE cases ADD COLUMN mode ${MODE}, ADD KEY ix_cases_org_mode_pk (org_id, mode, pk)`,
  `ALTER TABLE events ADD COLUMN mode ${MODE}, ADD KEY ix_events_org_mode_feed (org_id, mode, feed_position)`,
  `ALTER TABLE webhook_endpoints ADD COLUMN mode ${MODE}`,
  `ALTER TABLE member_sessions ADD COLUMN mode ${MODE}`,
  // An email about a test case is never sent, whatever SMTP_URL says: it is kept in mail_outbox, marked test.
  `ALTER TABLE outgoing_mails ADD COLUMN mode ${MODE}`,
  `ALTER TABLE mail_outbox ADD COLUMN mode ${MODE}, ADD KEY ix_mail_outbox_org_mode (org_id, mode, id)`,
];

export class TestMode1763704440000 implements MigrationInterface {
  name = 'TestMode1763704440000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of statements) await q.query(sql);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
