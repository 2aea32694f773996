import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only; MariaDB 10.11 and MySQL 8. Issue 31, test mode: test cases get SLA clocks too, on the tenant's test
// clock. Each case_slas row carries its case's mode (a case never changes mode), so the live readers (the
// dashboard's and the work queues' breach counts, the at-risk email scan, the queue digests) keep to
// `mode = 'live'` on case_slas alone, without a join on cases; the two scan indexes lead with it, so a live
// scan reads the same index range it read before and test rows are not in it. Existing rows are live.
const MODE = "VARCHAR(4) CHARACTER SET ascii COLLATE ascii_bin NOT NULL DEFAULT 'live'";

const statements = [
  `ALTER TABLE case_slas ADD COLUMN mode ${MODE},
    DROP KEY ix_case_slas_due, ADD KEY ix_case_slas_due (org_id, mode, due_at),
    DROP KEY ix_case_slas_at_risk, ADD KEY ix_case_slas_at_risk (org_id, mode, at_risk_mailed, at_risk_at)`,
];

export class TestCaseSlas1763704490000 implements MigrationInterface {
  name = 'TestCaseSlas1763704490000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of statements) await q.query(sql);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
