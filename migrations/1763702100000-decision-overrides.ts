import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only; MariaDB 10.11 and MySQL 8. Deliberate approvals over open checks (issue 24 §6): when the
// decision policy last routed a case (backfilled from the routings kept so far), the override reason and
// the blockers it overrode on a decision, and an override approval waiting for a second member (four-eyes).
const ID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_bin';
const TS = 'DATETIME(3)';
const CODE = 'VARCHAR(32) CHARACTER SET ascii COLLATE ascii_bin';
const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

const statements = [
  `ALTER TABLE cases ADD COLUMN routed_at ${TS} NULL`,
  `UPDATE cases c JOIN (SELECT org_id, case_pk, MAX(evaluated_at) AS at FROM routing_evaluations GROUP BY org_id, case_pk) r
     ON r.org_id = c.org_id AND r.case_pk = c.pk
   SET c.routed_at = r.at`,

  // Null on a decision made with no open blocker. override_approved_by: the second member (four-eyes).
  `ALTER TABLE decisions
     ADD COLUMN override_reason TEXT NULL,
     ADD COLUMN override_blockers JSON NULL,
     ADD COLUMN override_approved_by VARCHAR(254) NULL`,

  // An approval over open blockers asked while four-eyes is on. state: pending, approved, rejected,
  // superseded (the case was declined or escalated meanwhile). open_case_pk is case_pk while pending and
  // NULL otherwise, so at most one pending override per case.
  `CREATE TABLE decision_overrides (
    id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
    org_id ${ID} NOT NULL,
    case_pk BIGINT UNSIGNED NOT NULL,
    open_case_pk BIGINT UNSIGNED NULL,
    outcome ${CODE} NOT NULL,
    notes TEXT NOT NULL,
    reason TEXT NOT NULL,
    blockers JSON NOT NULL,
    requested_by VARCHAR(254) NOT NULL,
    requested_at ${TS} NOT NULL,
    state ${CODE} NOT NULL,
    resolved_by VARCHAR(254) NULL,
    resolved_at ${TS} NULL,
    KEY ix_decision_overrides_case (org_id, case_pk, id),
    UNIQUE KEY uq_decision_overrides_open (org_id, open_case_pk),
    CONSTRAINT fk_decision_overrides_case FOREIGN KEY (case_pk) REFERENCES cases (pk)
  ) ${TABLE}`,
];

export class DecisionOverrides1763702100000 implements MigrationInterface {
  name = 'DecisionOverrides1763702100000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of statements) await q.query(sql);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
