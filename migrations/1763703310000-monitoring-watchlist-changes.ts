import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only; MariaDB 10.11 and MySQL 8. Delta rescreening (issue 27, "Lists that change"), owned by
// src/monitoring: one row per watchlist change (a row of screening's watchlist_reloads) that monitoring
// rescreens its monitored cases against. The tick hands out a job for each change not handled yet; the job
// leases the row (claimed_by, lease_until: a duplicate job waits its turn, a job that died is taken over
// once the lease is over), and when done writes how many entities changed, how many subjects it compared,
// how many cases it ran and the alerts they raised.
const TS = 'DATETIME(3)';
const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

const statements = [
  `CREATE TABLE monitoring_watchlist_changes (
    reload_id BIGINT UNSIGNED NOT NULL,
    claimed_by CHAR(36) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    lease_until ${TS} NOT NULL,
    changed_entities INT UNSIGNED NULL,
    subjects_compared INT UNSIGNED NULL,
    cases_rescreened INT UNSIGNED NULL,
    alerts_generated INT UNSIGNED NULL,
    outcome VARCHAR(300) NULL,
    handled_at ${TS} NULL,
    PRIMARY KEY (reload_id),
    KEY ix_monitoring_watchlist_changes_open (handled_at, reload_id)
  ) ${TABLE}`,
];

export class MonitoringWatchlistChanges1763703310000 implements MigrationInterface {
  name = 'MonitoringWatchlistChanges1763703310000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of statements) await q.query(sql);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
