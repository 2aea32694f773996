import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only; MariaDB 10.11 and MySQL 8. The risk engine and the decision policy (issue 15, steps 5
// and 6): each tenant's versioned risk model (the newest version is active; its id is risk.assessed's
// configId), each assessment's factor breakdown, each tenant's versioned decision policy (its id is
// routing.evaluated's policyId), one row per policy evaluation of a case, and the review level the
// latest evaluation routed a case to (so the console can filter and show it).
const ID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_bin';
const TS = 'DATETIME(3)';
const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

const statements = [
  // INT ids: the contract's configId and policyId are integers (risk_assessments.config_id is INT).
  `CREATE TABLE risk_models (
    id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
    org_id ${ID} NOT NULL,
    version INT UNSIGNED NOT NULL,
    definition JSON NOT NULL,
    created_by VARCHAR(254) NOT NULL,
    created_at ${TS} NOT NULL,
    UNIQUE KEY uq_risk_models_org_version (org_id, version),
    CONSTRAINT fk_risk_models_org FOREIGN KEY (org_id) REFERENCES tenants (id)
  ) ${TABLE}`,

  // The factor breakdown of an assessment: [{factor, label, weight, score, points, detail}]; null on
  // rows written before the risk engine existed (seeded).
  `ALTER TABLE risk_assessments ADD COLUMN factors JSON NULL AFTER band_label`,

  `CREATE TABLE decision_policies (
    id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
    org_id ${ID} NOT NULL,
    name VARCHAR(200) NOT NULL,
    version INT UNSIGNED NOT NULL,
    rules JSON NOT NULL,
    default_outcome VARCHAR(20) NOT NULL,
    minimum_age INT UNSIGNED NOT NULL,
    individual_entity_types JSON NOT NULL,
    created_by VARCHAR(254) NOT NULL,
    created_at ${TS} NOT NULL,
    UNIQUE KEY uq_decision_policies_org_version (org_id, version),
    CONSTRAINT fk_decision_policies_org FOREIGN KEY (org_id) REFERENCES tenants (id)
  ) ${TABLE}`,

  // gate: 'age_gate' when the age gate decided before the rules; matched_rule_index null with no gate
  // is the default branch. facts: what the rules saw (for the console and audits).
  `CREATE TABLE routing_evaluations (
    id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
    org_id ${ID} NOT NULL,
    case_pk BIGINT UNSIGNED NOT NULL,
    policy_id INT UNSIGNED NOT NULL,
    policy_name VARCHAR(200) NOT NULL,
    policy_version INT UNSIGNED NOT NULL,
    matched_rule_index INT NULL,
    gate VARCHAR(20) NULL,
    outcome VARCHAR(20) NOT NULL,
    decided TINYINT(1) NOT NULL,
    facts JSON NOT NULL,
    evaluated_at ${TS} NOT NULL,
    KEY ix_routing_case (org_id, case_pk, id),
    CONSTRAINT fk_routing_case FOREIGN KEY (case_pk) REFERENCES cases (pk)
  ) ${TABLE}`,

  `ALTER TABLE cases ADD COLUMN review_level VARCHAR(20) NULL AFTER risk_score, ADD KEY ix_cases_org_review_level_pk (org_id, review_level, pk)`,
];

export class RiskAndPolicy1763700820000 implements MigrationInterface {
  name = 'RiskAndPolicy1763700820000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of statements) await q.query(sql);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
