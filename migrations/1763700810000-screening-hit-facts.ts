import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only; MariaDB 10.11 and MySQL 8. Screening (issue 15): what the triage of a hit compares, kept on
// the hit so that triage runs later, in its own step, without screening again: the screened subject's date
// of birth, nationality and country (ISO alpha-2), and the watchlist entity's dates of birth, countries and
// datasets (JSON arrays). And who triaged it: the engine, the model, the prompt version, when. All null on
// hits recorded before (and on vendor-monitoring hits, which have no subject).
// The dedup key a screening rerun relies on, uq_hits_case_hit (org_id, case_pk, hit_id), exists since the
// initial schema.
const statements = [
  `ALTER TABLE screening_hits
    ADD COLUMN subject_birth_date VARCHAR(10) CHARACTER SET ascii COLLATE ascii_bin NULL AFTER subject_role,
    ADD COLUMN subject_nationality VARCHAR(8) CHARACTER SET ascii COLLATE ascii_bin NULL AFTER subject_birth_date,
    ADD COLUMN subject_country VARCHAR(8) CHARACTER SET ascii COLLATE ascii_bin NULL AFTER subject_nationality,
    ADD COLUMN birth_dates JSON NULL AFTER nationality,
    ADD COLUMN countries JSON NULL AFTER birth_dates,
    ADD COLUMN datasets JSON NULL AFTER countries,
    ADD COLUMN triage_provider VARCHAR(64) NULL AFTER triage_reason,
    ADD COLUMN triage_model VARCHAR(128) NULL AFTER triage_provider,
    ADD COLUMN triage_prompt_version VARCHAR(16) NULL AFTER triage_model,
    ADD COLUMN triaged_at DATETIME(3) NULL AFTER triage_prompt_version`,
];

export class ScreeningHitFacts1763700810000 implements MigrationInterface {
  name = 'ScreeningHitFacts1763700810000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of statements) await q.query(sql);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
