import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only; MariaDB 10.11 and MySQL 8. Pull-API credentials (issue 24 section 5): an optional expiry,
// a second (previous) secret for rotation without downtime, and the member who created them, so that
// removing that member can tell the admins which credentials they left behind.
const ID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_bin';
const TS = 'DATETIME(3)';

const statements = [
  `ALTER TABLE oauth_clients
     ADD COLUMN expires_at ${TS} NULL AFTER revoked_at,
     ADD COLUMN previous_secret_hash VARCHAR(255) CHARACTER SET ascii COLLATE ascii_bin NULL AFTER secret_hash,
     ADD COLUMN previous_secret_expires_at ${TS} NULL AFTER previous_secret_hash,
     ADD COLUMN secret_rotated_at ${TS} NULL AFTER previous_secret_expires_at,
     ADD COLUMN created_by_member_id ${ID} NULL AFTER created_at,
     ADD KEY ix_clients_creator (org_id, created_by_member_id)`,
];

export class OAuthCredentialLifecycle1763702000000 implements MigrationInterface {
  name = 'OAuthCredentialLifecycle1763702000000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of statements) await q.query(sql);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
