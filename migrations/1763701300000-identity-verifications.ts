import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only; MariaDB 10.11 and MySQL 8. Identity verification (issue 16): one row per human of a case
// (person_key, shared across a person's roles). state: link_sent (emailed), in_progress (they started),
// completed (outcome pass, fail or manual_review), satisfied (an accepted ID on file), no_email (cannot be
// sent a link). The link's token is stored hashed (a resend replaces it, which invalidates the old one).
// idv_vendor_events makes a vendor's callback idempotent on the vendor's event id. tenants gain the
// setting that asks for a selfie.
const ID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_bin';
const TS = 'DATETIME(3)';
const ASCII = 'CHARACTER SET ascii COLLATE ascii_bin';
const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

const statements = [
  `CREATE TABLE identity_verifications (
    id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
    org_id ${ID} NOT NULL,
    case_pk BIGINT UNSIGNED NOT NULL,
    person_key ${ID} NOT NULL,
    state VARCHAR(16) ${ASCII} NOT NULL,
    outcome VARCHAR(16) ${ASCII} NULL,
    token_hash CHAR(64) ${ASCII} NULL,
    token_expires_at ${TS} NULL,
    dispatched_by VARCHAR(320) NULL,
    dispatched_at ${TS} NULL,
    vendor_name VARCHAR(64) ${ASCII} NULL,
    vendor_session_id VARCHAR(191) ${ASCII} NULL,
    document_id BIGINT UNSIGNED NULL,
    selfie_document_id BIGINT UNSIGNED NULL,
    satisfied_by_doc_id BIGINT UNSIGNED NULL,
    checks JSON NULL,
    started_at ${TS} NULL,
    completed_at ${TS} NULL,
    created_at ${TS} NOT NULL,
    updated_at ${TS} NOT NULL,
    UNIQUE KEY uq_identity_verifications_person (org_id, case_pk, person_key),
    UNIQUE KEY uq_identity_verifications_token (token_hash),
    UNIQUE KEY uq_identity_verifications_vendor (vendor_name, vendor_session_id),
    CONSTRAINT fk_identity_verifications_case FOREIGN KEY (case_pk) REFERENCES cases (pk)
  ) ${TABLE}`,
  `CREATE TABLE idv_vendor_events (
    vendor_name VARCHAR(64) ${ASCII} NOT NULL,
    event_id VARCHAR(191) ${ASCII} NOT NULL,
    org_id ${ID} NOT NULL,
    verification_id BIGINT UNSIGNED NOT NULL,
    received_at ${TS} NOT NULL,
    PRIMARY KEY (vendor_name, event_id)
  ) ${TABLE}`,
  `ALTER TABLE tenants ADD COLUMN idv_require_selfie TINYINT(1) NOT NULL DEFAULT 0`,
];

export class IdentityVerifications1763701300000 implements MigrationInterface {
  name = 'IdentityVerifications1763701300000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of statements) await q.query(sql);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
