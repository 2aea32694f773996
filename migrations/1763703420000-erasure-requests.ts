import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only; MariaDB 10.11 and MySQL 8. Data-subject erasure requests (issue 28), owned by src/retention.
//
// - erasure_requests: one row per request (the person, why, who, when).
// - erasure_decisions: one row per case of the person: erased at once, already erased, or retained until a date
//   (null: while the relationship is active or a legal hold stands) on a legal basis; the retention schedule sweep
//   erases a retained case once retain_until has passed (and no legal hold stands), setting erased_at.
const ID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_bin';
const CASE_ID = 'VARCHAR(40) CHARACTER SET ascii COLLATE ascii_bin';
const CODE = 'VARCHAR(32) CHARACTER SET ascii COLLATE ascii_bin';
const TS = 'DATETIME(3)';
const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

const statements = [
  `CREATE TABLE erasure_requests (
    id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
    org_id ${ID} NOT NULL,
    person_id BIGINT UNSIGNED NOT NULL,
    reason VARCHAR(2000) NOT NULL,
    requested_by VARCHAR(254) NOT NULL,
    requested_at ${TS} NOT NULL,
    KEY ix_erasure_requests_person (org_id, person_id)
  ) ${TABLE}`,

  `CREATE TABLE erasure_decisions (
    id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
    org_id ${ID} NOT NULL,
    request_id BIGINT UNSIGNED NOT NULL,
    case_pk BIGINT UNSIGNED NOT NULL,
    case_id ${CASE_ID} NOT NULL,
    outcome ${CODE} NOT NULL,
    retain_until ${TS} NULL,
    legal_basis VARCHAR(500) NULL,
    erased_at ${TS} NULL,
    KEY ix_erasure_decisions_request (org_id, request_id),
    KEY ix_erasure_decisions_due (outcome, erased_at, retain_until)
  ) ${TABLE}`,
];

export class ErasureRequests1763703420000 implements MigrationInterface {
  name = 'ErasureRequests1763703420000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of statements) await q.query(sql);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
