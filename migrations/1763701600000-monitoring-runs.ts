import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only; MariaDB 10.11 and MySQL 8. Perpetual monitoring, runs and alerts (issue 17):
// - monitoring_settings: a tenant's schedule (off, daily, weekly, monthly); no row means daily.
// - monitored_cases: one row per approved case under monitoring: when it is next due (spread over the
//   period by spread_ppm, a hash of the case), the lease of the run that holds it, its last run. A NULL
//   next_due_at waits to be planned (new schedule) or is off.
// - monitoring_runs: one row per run (scheduled or ad hoc) with what each check did.
// - monitoring_alerts: one row per alert a run raised, with its fact's identity (fact_key) and content
//   hash (fingerprint).
// - monitoring_facts: per case, the facts the checks currently see (present) or saw before (not present):
//   an alert is raised only for a new fact, a changed fingerprint, or a fact that came back.
const ID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_bin';
const TS = 'DATETIME(3)';
const KEYCOL = 'VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin';
const HASH = 'CHAR(64) CHARACTER SET ascii COLLATE ascii_bin';
const CODE = 'CHARACTER SET ascii COLLATE ascii_bin';
const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

export class MonitoringRuns1763701600000 implements MigrationInterface {
  name = 'MonitoringRuns1763701600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE monitoring_settings (
      org_id ${ID} NOT NULL,
      schedule VARCHAR(16) ${CODE} NOT NULL,
      updated_at ${TS} NOT NULL,
      PRIMARY KEY (org_id),
      CONSTRAINT fk_monitoring_settings_org FOREIGN KEY (org_id) REFERENCES tenants (id)
    ) ${TABLE}`);
    await q.query(`CREATE TABLE monitored_cases (
      org_id ${ID} NOT NULL,
      case_pk BIGINT UNSIGNED NOT NULL,
      spread_ppm INT UNSIGNED NOT NULL,
      next_due_at ${TS} NULL,
      lease_until ${TS} NULL,
      last_run_at ${TS} NULL,
      PRIMARY KEY (org_id, case_pk),
      KEY ix_monitored_cases_due (next_due_at),
      CONSTRAINT fk_monitored_cases_case FOREIGN KEY (case_pk) REFERENCES cases (pk)
    ) ${TABLE}`);
    await q.query(`CREATE TABLE monitoring_runs (
      id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
      org_id ${ID} NOT NULL,
      case_pk BIGINT UNSIGNED NOT NULL,
      source VARCHAR(16) ${CODE} NOT NULL,
      triggered_by VARCHAR(400) NOT NULL,
      watchlist_version VARCHAR(200) NULL,
      alerts_generated INT UNSIGNED NOT NULL,
      checks_run JSON NOT NULL,
      started_at ${TS} NOT NULL,
      completed_at ${TS} NOT NULL,
      PRIMARY KEY (id),
      KEY ix_monitoring_runs_case (org_id, case_pk, id),
      CONSTRAINT fk_monitoring_runs_case FOREIGN KEY (case_pk) REFERENCES cases (pk)
    ) ${TABLE}`);
    await q.query(`CREATE TABLE monitoring_alerts (
      id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
      org_id ${ID} NOT NULL,
      case_pk BIGINT UNSIGNED NOT NULL,
      run_id BIGINT UNSIGNED NOT NULL,
      alert_type VARCHAR(32) ${CODE} NOT NULL,
      severity VARCHAR(8) ${CODE} NOT NULL,
      title VARCHAR(300) NOT NULL,
      detail TEXT NOT NULL,
      fact_key ${KEYCOL} NOT NULL,
      fingerprint ${HASH} NOT NULL,
      subject_role VARCHAR(16) ${CODE} NULL,
      subject_ref VARCHAR(32) ${CODE} NULL,
      created_at ${TS} NOT NULL,
      PRIMARY KEY (id),
      KEY ix_monitoring_alerts_case (org_id, case_pk, id),
      CONSTRAINT fk_monitoring_alerts_run FOREIGN KEY (run_id) REFERENCES monitoring_runs (id)
    ) ${TABLE}`);
    await q.query(`CREATE TABLE monitoring_facts (
      org_id ${ID} NOT NULL,
      case_pk BIGINT UNSIGNED NOT NULL,
      fact_key ${KEYCOL} NOT NULL,
      fingerprint ${HASH} NOT NULL,
      present TINYINT(1) NOT NULL,
      first_seen_at ${TS} NOT NULL,
      last_seen_at ${TS} NOT NULL,
      PRIMARY KEY (org_id, case_pk, fact_key),
      CONSTRAINT fk_monitoring_facts_case FOREIGN KEY (case_pk) REFERENCES cases (pk)
    ) ${TABLE}`);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
