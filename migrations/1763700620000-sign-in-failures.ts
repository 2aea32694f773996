import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only; MariaDB 10.11 and MySQL 8. The per-account sign-in back-off of the authorization pages.
const HASH = 'CHAR(64) CHARACTER SET ascii COLLATE ascii_bin';
const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

const statements = [
  // Failed sign-ins per account (SHA-256 of the normalised email, whether or not a member has it):
  // the count since the last success and when the last attempt was admitted (epoch ms). Rows left
  // alone long enough to be forgotten are purged.
  `CREATE TABLE sign_in_failures (
    account_key ${HASH} NOT NULL PRIMARY KEY,
    failures INT NOT NULL,
    last_attempt_at BIGINT NOT NULL,
    KEY ix_sign_in_failures_last (last_attempt_at)
  ) ${TABLE}`,
];

export class SignInFailures1763700620000 implements MigrationInterface {
  name = 'SignInFailures1763700620000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of statements) await q.query(sql);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
