import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only; MariaDB 10.11 and MySQL 8. Issue 31, "Test helpers": each tenant's test clock, as far ahead of the
// service's clock as POST /v1/test_helpers/clock/advance has moved it (reminders, SLA emails and retention of the
// tenant's test cases run at that time). No row: the test clock reads the service's time.
const ID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_bin';
const TS = 'DATETIME(3)';
const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

const statements = [
  `CREATE TABLE test_clocks (
    org_id ${ID} NOT NULL PRIMARY KEY,
    offset_ms BIGINT UNSIGNED NOT NULL,
    updated_at ${TS} NOT NULL,
    CONSTRAINT fk_test_clocks_tenant FOREIGN KEY (org_id) REFERENCES tenants (id) ON DELETE CASCADE
  ) ${TABLE}`,
];

export class TestClocks1763704450000 implements MigrationInterface {
  name = 'TestClocks1763704450000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of statements) await q.query(sql);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
