import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only; MariaDB 10.11 and MySQL 8. Lists that change (issue 27), owned by src/screening.
//
// - screening_runs: one row per onboarding screening run of a case (screenCase), with the watchlist version it
//   screened against (the OpenSanctions dataset version, else the file's SHA-256; yente's indexed version),
//   the provider, the subjects screened and the hits it found new. Decision provenance reads it.
// - watchlist_reloads: the operator's (and the file watcher's) requests to take a new list without a
//   restart: `full` (read WATCHLIST_PATH again) or `delta` (apply an OpenSanctions delta file in place), for
//   the list at `list_path` (the processes' WATCHLIST_PATH; `path` is the file to read). No tenant: every API
//   and worker process polls it (by id) and applies what it has not applied yet, in order; `dedupe_key`
//   keeps one row per watched file state when several processes notice the same change.
const ID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_bin';
const TS = 'DATETIME(3)';
const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

const statements = [
  `CREATE TABLE screening_runs (
    org_id ${ID} NOT NULL,
    id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
    case_pk BIGINT UNSIGNED NOT NULL,
    provider VARCHAR(20) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    watchlist_version VARCHAR(191) CHARACTER SET ascii COLLATE ascii_bin NULL,
    screened INT UNSIGNED NOT NULL,
    new_hits INT UNSIGNED NOT NULL,
    completed_at ${TS} NOT NULL,
    PRIMARY KEY (id),
    KEY ix_screening_runs_case (org_id, case_pk, id)
  ) ${TABLE}`,

  `CREATE TABLE watchlist_reloads (
    id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
    kind ENUM('full', 'delta') NOT NULL,
    list_path VARCHAR(1000) NOT NULL,
    path VARCHAR(1000) NOT NULL,
    digest CHAR(64) CHARACTER SET ascii COLLATE ascii_bin NULL,
    requested_by VARCHAR(40) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    dedupe_key VARCHAR(100) CHARACTER SET ascii COLLATE ascii_bin NULL,
    requested_at ${TS} NOT NULL,
    PRIMARY KEY (id),
    UNIQUE KEY uq_watchlist_reloads_dedupe (dedupe_key)
  ) ${TABLE}`,
];

export class WatchlistVersions1763703300000 implements MigrationInterface {
  name = 'WatchlistVersions1763703300000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of statements) await q.query(sql);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
