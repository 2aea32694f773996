import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only; MariaDB 10.11 and MySQL 8. Issue 30, "Second factor": members' TOTP apps and passkeys, their
// recovery codes, the short-lived challenges of a sign-in that waits for its second factor, the tenant's
// "Require MFA" switch, and when a console session last proved a second factor (step-up).
const ID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_bin';
const HASH = 'CHAR(64) CHARACTER SET ascii COLLATE ascii_bin';
const TS = 'DATETIME(3)';
const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

const statements = [
  'ALTER TABLE tenants ADD COLUMN mfa_required TINYINT NOT NULL DEFAULT 0',
  // When the session last proved a second factor (sign-in, enrolment or step-up); null: never.
  `ALTER TABLE member_sessions ADD COLUMN second_factor_at ${TS} NULL`,
  // One row per factor. kind 'totp': the secret sealed with SECRETS_KEY (AES-256-GCM, like webhook secrets),
  // confirmed once a first code was typed, last_used_step the last 30-second step spent (each code once).
  // kind 'webauthn': the credential id (base64url; credential_hash its SHA-256, unique), its COSE public key
  // and signature counter.
  `CREATE TABLE second_factors (
    id ${ID} NOT NULL PRIMARY KEY,
    org_id ${ID} NOT NULL,
    member_id ${ID} NOT NULL,
    kind VARCHAR(16) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    name VARCHAR(100) NOT NULL,
    secret_key_id VARCHAR(64) CHARACTER SET ascii COLLATE ascii_bin NULL,
    secret_ciphertext VARCHAR(255) CHARACTER SET ascii COLLATE ascii_bin NULL,
    last_used_step BIGINT NULL,
    credential_hash ${HASH} NULL,
    credential_id VARCHAR(1400) CHARACTER SET ascii COLLATE ascii_bin NULL,
    public_key TEXT CHARACTER SET ascii COLLATE ascii_bin NULL,
    sign_count BIGINT NOT NULL DEFAULT 0,
    transports VARCHAR(200) CHARACTER SET ascii COLLATE ascii_bin NULL,
    confirmed_at ${TS} NULL,
    created_at ${TS} NOT NULL,
    last_used_at ${TS} NULL,
    UNIQUE KEY ux_second_factors_credential (credential_hash),
    KEY ix_second_factors_member (org_id, member_id),
    CONSTRAINT fk_second_factors_member FOREIGN KEY (member_id) REFERENCES members (id) ON DELETE CASCADE
  ) ${TABLE}`,
  // Ten per member at a time, SHA-256 of the code (60 random bits), each usable once.
  `CREATE TABLE recovery_codes (
    org_id ${ID} NOT NULL,
    member_id ${ID} NOT NULL,
    code_hash ${HASH} NOT NULL,
    created_at ${TS} NOT NULL,
    used_at ${TS} NULL,
    PRIMARY KEY (org_id, member_id, code_hash),
    CONSTRAINT fk_recovery_codes_member FOREIGN KEY (member_id) REFERENCES members (id) ON DELETE CASCADE
  ) ${TABLE}`,
  // A challenge waiting for a second factor: a sign-in whose password was right (purpose 'sign_in', its token in
  // a cookie or form, 5 minutes), a passkey registration or a passwordless passkey sign-in (keyed by the
  // SHA-256 of the WebAuthn challenge). Spent once (used_at).
  `CREATE TABLE mfa_challenges (
    token_hash ${HASH} NOT NULL PRIMARY KEY,
    purpose VARCHAR(16) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    door VARCHAR(16) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    org_id ${ID} NULL,
    member_id ${ID} NULL,
    sid VARCHAR(64) CHARACTER SET ascii COLLATE ascii_bin NULL,
    webauthn_challenge VARCHAR(128) CHARACTER SET ascii COLLATE ascii_bin NULL,
    created_at ${TS} NOT NULL,
    expires_at ${TS} NOT NULL,
    used_at ${TS} NULL,
    KEY ix_mfa_challenges_expiry (expires_at)
  ) ${TABLE}`,
];

export class SecondFactors1763704100000 implements MigrationInterface {
  name = 'SecondFactors1763704100000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of statements) await q.query(sql);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
