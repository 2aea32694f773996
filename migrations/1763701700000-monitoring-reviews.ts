import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only; MariaDB 10.11 and MySQL 8. Monitoring reviews (issue 17): one row per review of a
// monitoring fact on a case, the alerts attached to it, its history, the hand-offs to the MLRO, the
// per-tenant reference counter (MR-<year>-<00000>) and the tenant's default MLRO.
const ID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_bin';
const TS = 'DATETIME(3)';
const CODE = 'VARCHAR(32) CHARACTER SET ascii COLLATE ascii_bin';
const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

const statements = [
  // Null while no default MLRO is nominated (hand-offs then wait in the senior queue).
  `ALTER TABLE tenants ADD COLUMN default_mlro_member_id ${ID} NULL AFTER four_eyes`,

  `CREATE TABLE monitoring_review_counters (
    org_id ${ID} NOT NULL,
    year SMALLINT NOT NULL,
    value INT NOT NULL,
    PRIMARY KEY (org_id, year)
  ) ${TABLE}`,

  // state: open, pending_approval, with_mlro, closed, reopened. open_fact_key is fact_key while the
  // review is not closed and NULL once closed, so at most one unclosed review per fact and case.
  // risk_input is what the review's standing verdict feeds the risk engine (sanctioned, pep or NULL);
  // band_checked marks closed reviews whose close the all-false-positive band re-check has covered.
  `CREATE TABLE monitoring_reviews (
    id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
    org_id ${ID} NOT NULL,
    case_pk BIGINT UNSIGNED NOT NULL,
    review_case_id ${ID} NOT NULL,
    review_ref VARCHAR(32) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    fact_key VARCHAR(255) NOT NULL,
    open_fact_key VARCHAR(255) NULL,
    fingerprint VARCHAR(128) NOT NULL,
    alert_type VARCHAR(64) NOT NULL,
    severity ${CODE} NULL,
    subject_role VARCHAR(64) NULL,
    subject_ref VARCHAR(64) NULL,
    person_id BIGINT UNSIGNED NULL,
    source ${CODE} NULL,
    state ${CODE} NOT NULL,
    occurrence_no INT UNSIGNED NOT NULL,
    prior_disposition ${CODE} NULL,
    disposition ${CODE} NULL,
    disposition_by VARCHAR(254) NULL,
    disposition_note TEXT NULL,
    dispositioned_at ${TS} NULL,
    approved_by VARCHAR(254) NULL,
    approved_at ${TS} NULL,
    risk_input ${CODE} NULL,
    band_before ${CODE} NULL,
    band_after ${CODE} NULL,
    band_checked TINYINT(1) NOT NULL DEFAULT 0,
    opened_at ${TS} NOT NULL,
    updated_at ${TS} NOT NULL,
    closed_at ${TS} NULL,
    UNIQUE KEY uq_monitoring_reviews_uuid (review_case_id),
    UNIQUE KEY uq_monitoring_reviews_ref (org_id, review_ref),
    UNIQUE KEY uq_monitoring_reviews_open_fact (org_id, case_pk, open_fact_key),
    KEY ix_monitoring_reviews_fact (org_id, case_pk, fact_key, id),
    KEY ix_monitoring_reviews_state (org_id, state, id),
    KEY ix_monitoring_reviews_case (org_id, case_pk, id),
    CONSTRAINT fk_monitoring_reviews_case FOREIGN KEY (case_pk) REFERENCES cases (pk)
  ) ${TABLE}`,

  `CREATE TABLE monitoring_review_alerts (
    review_id BIGINT UNSIGNED NOT NULL,
    alert_id BIGINT UNSIGNED NOT NULL,
    org_id ${ID} NOT NULL,
    run_id BIGINT UNSIGNED NOT NULL,
    alert_type VARCHAR(64) NOT NULL,
    severity ${CODE} NOT NULL,
    fingerprint VARCHAR(128) NOT NULL,
    source ${CODE} NOT NULL,
    attached_at ${TS} NOT NULL,
    PRIMARY KEY (review_id, alert_id),
    CONSTRAINT fk_monitoring_review_alerts_review FOREIGN KEY (review_id) REFERENCES monitoring_reviews (id)
  ) ${TABLE}`,

  // What happened to a review, oldest first: opened, alert_attached, dispositioned, approved, closed,
  // escalated, resolved, reopened; with who, the note or reason, and a few details.
  `CREATE TABLE monitoring_review_history (
    id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
    org_id ${ID} NOT NULL,
    review_id BIGINT UNSIGNED NOT NULL,
    action ${CODE} NOT NULL,
    actor VARCHAR(254) NULL,
    note TEXT NULL,
    details JSON NULL,
    at ${TS} NOT NULL,
    KEY ix_monitoring_review_history (review_id, id),
    CONSTRAINT fk_monitoring_review_history_review FOREIGN KEY (review_id) REFERENCES monitoring_reviews (id)
  ) ${TABLE}`,

  // A hand-off of a review to the MLRO (escalationId of monitoring.review.escalated).
  `CREATE TABLE monitoring_review_escalations (
    id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
    org_id ${ID} NOT NULL,
    review_id BIGINT UNSIGNED NOT NULL,
    reason ${CODE} NOT NULL,
    assigned_to VARCHAR(254) NULL,
    band_before ${CODE} NULL,
    band_after ${CODE} NULL,
    raised_by VARCHAR(254) NOT NULL,
    raised_at ${TS} NOT NULL,
    KEY ix_monitoring_review_escalations (org_id, review_id, id),
    CONSTRAINT fk_monitoring_review_escalations_review FOREIGN KEY (review_id) REFERENCES monitoring_reviews (id)
  ) ${TABLE}`,
];

export class MonitoringReviews1763701700000 implements MigrationInterface {
  name = 'MonitoringReviews1763701700000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of statements) await q.query(sql);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
