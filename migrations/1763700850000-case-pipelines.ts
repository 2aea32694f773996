import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only; MariaDB 10.11 and MySQL 8. The decisioning pipeline (issue 15): one row per case that
// names the step it is at (screen, triage, risk, review, route, done). Each step's transaction checks and
// moves it, so a duplicate or swept job finds its step done and writes nothing. run_no counts runs
// (a case submitted again after a return starts a new run).
const ID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_bin';
const TS = 'DATETIME(3)';
const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

export class CasePipelines1763700850000 implements MigrationInterface {
  name = 'CasePipelines1763700850000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE case_pipelines (
      org_id ${ID} NOT NULL,
      case_pk BIGINT UNSIGNED NOT NULL,
      run_no INT UNSIGNED NOT NULL,
      step VARCHAR(16) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
      triggered_by VARCHAR(400) NOT NULL,
      started_at ${TS} NOT NULL,
      updated_at ${TS} NOT NULL,
      finished_at ${TS} NULL,
      PRIMARY KEY (org_id, case_pk),
      KEY ix_case_pipelines_unfinished (step, updated_at)
    ) ${TABLE}`);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
