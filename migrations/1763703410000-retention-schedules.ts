import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only; MariaDB 10.11 and MySQL 8. Retention schedules, legal holds and deletion certificates (issue 28),
// owned by src/retention.
//
// - retention_policies: one row per tenant that set a schedule (none: off). Each period is null (that kind of case
//   is never purged by the schedule) or a whole number: years after closure for approved cases, days after the
//   decline, days after the withdrawal. version grows with every change; a certificate names the version it ran under.
// - legal_holds: a hold on a case blocks every purge (retention, zero retention, erasure) while released_at is null.
// - deletion_certificates: one per purged case, the signed JSON (compact JWS, the service key) kept beside the
//   skeleton, with its document in clear for reading.
const ID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_bin';
const CASE_ID = 'VARCHAR(40) CHARACTER SET ascii COLLATE ascii_bin';
const CODE = 'VARCHAR(32) CHARACTER SET ascii COLLATE ascii_bin';
const TS = 'DATETIME(3)';
const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

const statements = [
  `CREATE TABLE retention_policies (
    org_id ${ID} NOT NULL PRIMARY KEY,
    version INT UNSIGNED NOT NULL,
    years_after_closure INT UNSIGNED NULL,
    declined_days INT UNSIGNED NULL,
    withdrawn_days INT UNSIGNED NULL,
    updated_by VARCHAR(254) NOT NULL,
    updated_at ${TS} NOT NULL
  ) ${TABLE}`,

  `CREATE TABLE legal_holds (
    id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
    org_id ${ID} NOT NULL,
    case_pk BIGINT UNSIGNED NOT NULL,
    reason VARCHAR(2000) NOT NULL,
    placed_by VARCHAR(254) NOT NULL,
    placed_at ${TS} NOT NULL,
    released_by VARCHAR(254) NULL,
    released_at ${TS} NULL,
    KEY ix_legal_holds_case (org_id, case_pk, released_at)
  ) ${TABLE}`,

  `CREATE TABLE deletion_certificates (
    id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
    org_id ${ID} NOT NULL,
    case_pk BIGINT UNSIGNED NOT NULL,
    case_id ${CASE_ID} NOT NULL,
    basis ${CODE} NOT NULL,
    policy_version INT UNSIGNED NULL,
    document JSON NOT NULL,
    jws MEDIUMTEXT CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    issued_at ${TS} NOT NULL,
    UNIQUE KEY uq_deletion_certificates_case (org_id, case_pk),
    KEY ix_deletion_certificates_issued (org_id, issued_at)
  ) ${TABLE}`,
];

export class RetentionSchedules1763703410000 implements MigrationInterface {
  name = 'RetentionSchedules1763703410000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of statements) await q.query(sql);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
