import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only; MariaDB 10.11 and MySQL 8. The customer portal (issue 13): portal sessions get an idle
// expiry (2 hours unused) beside their absolute one, and the application records what the customer
// declared and confirmed.
const TS = 'DATETIME(3)';

const statements = [
  // idle_expires_at moves on with use (at most once a minute, never past expires_at); last_seen_at is
  // when it last moved. Sessions opened before this migration keep their absolute expiry as idle expiry.
  `ALTER TABLE portal_sessions ADD COLUMN last_seen_at ${TS} NULL, ADD COLUMN idle_expires_at ${TS} NULL`,
  `UPDATE portal_sessions SET last_seen_at = created_at, idle_expires_at = expires_at`,
  `ALTER TABLE portal_sessions MODIFY last_seen_at ${TS} NOT NULL, MODIFY idle_expires_at ${TS} NOT NULL`,
  // has_ubos: the customer's answer to "does any person own or control 25 % or more?" (null: not yet
  // answered); review_confirmed_at: when the customer confirmed the review of extracted data.
  `ALTER TABLE company_profiles ADD COLUMN has_ubos TINYINT(1) NULL, ADD COLUMN review_confirmed_at ${TS} NULL`,
];

export class PortalSessionsIdle1763700730000 implements MigrationInterface {
  name = 'PortalSessionsIdle1763700730000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of statements) await q.query(sql);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
