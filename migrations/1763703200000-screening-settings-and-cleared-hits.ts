import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only; MariaDB 10.11 and MySQL 8. Tenant screening settings and cleared hits (issue 27), owned by
// src/screening.
//
// - screening_settings: each tenant's versioned screening settings (the newest version is active; the
//   default, with the configured SCREENING_MATCH_THRESHOLD, is stored as version 1 on first use), as the
//   risk model is versioned: matchThreshold, topics, datasets, birthDateTolerance, weakAliases.
// - screening_cleared_pairs: a subject and a watchlist entity a member dispositioned false_positive. The
//   subject is the person registry's person (`person:<id>`) when the case party is linked to one, else
//   `subject:<digest of schema, name, birth date, nationality (a company: country)>`; subject_digest is that
//   digest always, so an unlinked party of a later case with the same data finds a pair stored under a
//   person. Both sides are fingerprinted (SHA-256 of their canonical snapshot; the snapshots are kept to
//   name what changed). One row per (tenant, subject, entity): clearing again replaces it. A pair raised
//   again (a fingerprint changed) or revoked stops suppressing; reraised_at / revoked_at say which.
// - screening_hits gains entity_snapshot (the entity's names, aliases, dates of birth, nationalities,
//   topics, programmes and datasets when the hit was raised: what a clearing fingerprints) and changes
//   (what changed since the subject's pair was cleared, when the hit was raised again because of it).
const ID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_bin';
const DIGEST = 'CHAR(64) CHARACTER SET ascii COLLATE ascii_bin';
const TS = 'DATETIME(3)';
const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

const statements = [
  `CREATE TABLE screening_settings (
    id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
    org_id ${ID} NOT NULL,
    version INT UNSIGNED NOT NULL,
    settings JSON NOT NULL,
    created_by VARCHAR(254) NOT NULL,
    created_at ${TS} NOT NULL,
    UNIQUE KEY uq_screening_settings_org_version (org_id, version),
    CONSTRAINT fk_screening_settings_org FOREIGN KEY (org_id) REFERENCES tenants (id)
  ) ${TABLE}`,

  `CREATE TABLE screening_cleared_pairs (
    id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
    org_id ${ID} NOT NULL,
    subject_key VARCHAR(80) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    subject_digest ${DIGEST} NOT NULL,
    entity_id VARCHAR(191) NOT NULL,
    subject_name VARCHAR(200) NULL,
    caption VARCHAR(500) NULL,
    subject_fingerprint ${DIGEST} NOT NULL,
    entity_fingerprint ${DIGEST} NOT NULL,
    subject_snapshot JSON NOT NULL,
    entity_snapshot JSON NOT NULL,
    case_pk BIGINT UNSIGNED NOT NULL,
    hit_id VARCHAR(191) NOT NULL,
    cleared_by VARCHAR(254) NOT NULL,
    cleared_at ${TS} NOT NULL,
    reraised_at ${TS} NULL,
    reraised_case_pk BIGINT UNSIGNED NULL,
    revoked_by VARCHAR(254) NULL,
    revoked_at ${TS} NULL,
    UNIQUE KEY uq_cleared_pairs_subject_entity (org_id, subject_key, entity_id),
    KEY ix_cleared_pairs_digest (org_id, subject_digest, entity_id),
    KEY ix_cleared_pairs_case_hit (org_id, case_pk, hit_id),
    CONSTRAINT fk_cleared_pairs_case FOREIGN KEY (case_pk) REFERENCES cases (pk)
  ) ${TABLE}`,

  `ALTER TABLE screening_hits ADD COLUMN entity_snapshot JSON NULL AFTER datasets, ADD COLUMN changes JSON NULL AFTER entity_snapshot`,
];

export class ScreeningSettingsAndClearedHits1763703200000 implements MigrationInterface {
  name = 'ScreeningSettingsAndClearedHits1763703200000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of statements) await q.query(sql);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
