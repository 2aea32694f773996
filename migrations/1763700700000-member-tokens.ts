import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only; MariaDB 10.11 and MySQL 8. The console's emailed single-use links: password resets
// and member invitations (set-password links).
const ID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_bin';
const HASH = 'CHAR(64) CHARACTER SET ascii COLLATE ascii_bin';
const TS = 'DATETIME(3)';
const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

const statements = [
  // One row per link. The token is stored hashed (lookup by token_hash); while its email is unsent it
  // is also kept sealed (AES-GCM, token_sealed) so that the send job and its retries can put the same
  // link in the message, and erased once the mail system accepted it or the last retry failed. A job
  // payload carries the row id only. used_at spends the link (once, atomically); expires_at bounds it
  // (1 hour for a reset, 7 days for an invitation).
  `CREATE TABLE member_tokens (
    id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
    org_id ${ID} NOT NULL,
    member_id ${ID} NOT NULL,
    purpose VARCHAR(20) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    token_hash ${HASH} NOT NULL,
    token_sealed VARCHAR(512) CHARACTER SET ascii COLLATE ascii_bin NULL,
    token_key_id VARCHAR(32) CHARACTER SET ascii COLLATE ascii_bin NULL,
    mail_state VARCHAR(10) NOT NULL,
    attempts INT NOT NULL DEFAULT 0,
    next_attempt_at ${TS} NULL,
    lease_until ${TS} NULL,
    last_error TEXT NULL,
    accepted_at ${TS} NULL,
    expires_at ${TS} NOT NULL,
    used_at ${TS} NULL,
    created_at ${TS} NOT NULL,
    UNIQUE KEY uq_member_tokens_hash (token_hash),
    KEY ix_member_tokens_member (org_id, member_id, purpose),
    KEY ix_member_tokens_due (mail_state, next_attempt_at),
    CONSTRAINT fk_member_tokens_member FOREIGN KEY (member_id) REFERENCES members (id) ON DELETE CASCADE
  ) ${TABLE}`,
];

export class MemberTokens1763700700000 implements MigrationInterface {
  name = 'MemberTokens1763700700000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of statements) await q.query(sql);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
