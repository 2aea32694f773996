import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only; MariaDB 10.11 and MySQL 8. Signed-in browser sessions kept server-side, so that signing
// out ends a session wherever its cookie went and a form's CSRF token can be spent once.
const ID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_bin';
const HASH = 'CHAR(64) CHARACTER SET ascii COLLATE ascii_bin';
const TS = 'DATETIME(3)';
const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

const statements = [
  // One row per signed-in session. The cookie carries a random token; only its SHA-256 is stored.
  // kind says which door opened it ('oauth': the authorization pages; a console can add its own).
  // sid binds pending authorization requests to the browser and survives sign-in and sign-out.
  // csrf_generation numbers the session's current CSRF token (derived from the token, never stored):
  // spending a token moves it on, atomically. Idle and absolute expiry are both enforced on read;
  // ended_at is set by sign-out. Rows are purged once past expires_at.
  `CREATE TABLE member_sessions (
    token_hash ${HASH} NOT NULL PRIMARY KEY,
    kind VARCHAR(16) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    member_id ${ID} NOT NULL,
    sid VARCHAR(64) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    csrf_generation INT NOT NULL DEFAULT 0,
    created_at ${TS} NOT NULL,
    last_seen_at ${TS} NOT NULL,
    idle_expires_at ${TS} NOT NULL,
    expires_at ${TS} NOT NULL,
    ended_at ${TS} NULL,
    KEY ix_member_sessions_member (member_id, kind),
    KEY ix_member_sessions_expiry (expires_at),
    CONSTRAINT fk_member_sessions_member FOREIGN KEY (member_id) REFERENCES members (id) ON DELETE CASCADE
  ) ${TABLE}`,
];

export class MemberSessions1763700610000 implements MigrationInterface {
  name = 'MemberSessions1763700610000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of statements) await q.query(sql);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
