import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only; MariaDB 10.11 and MySQL 8. Console case work: the tenant-first indexes of the console's
// case list filters, and the escalations table (senior review).
const ID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_bin';
const TS = 'DATETIME(3)';
const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

const statements = [
  // Each equality filter of the console's list reads (org_id, <filter>, pk): a backward range scan that
  // is already in keyset order, so a page costs the same at any depth. company_name serves the prefix
  // search (`search` also reads uq_cases_org_case_id, ix_cases_org_crm and ix_cases_org_email_key).
  `ALTER TABLE cases
    ADD KEY ix_cases_org_source_pk (org_id, source, pk),
    ADD KEY ix_cases_org_crm_source_pk (org_id, crm_source, pk),
    ADD KEY ix_cases_org_owner_pk (org_id, owner_member_id, pk),
    ADD KEY ix_cases_org_risk_pk (org_id, risk_band, pk),
    ADD KEY ix_cases_org_company (org_id, company_name)`,

  // One row per escalation of a case to senior review; the response (recommendation, note, who, when)
  // is filled in when the MLRO answers. The open escalation of a case is its latest without a response.
  `CREATE TABLE escalations (
    id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
    org_id ${ID} NOT NULL,
    case_pk BIGINT UNSIGNED NOT NULL,
    note TEXT NOT NULL,
    raised_by VARCHAR(254) NOT NULL,
    raised_at ${TS} NOT NULL,
    recommendation VARCHAR(16) NULL,
    response_note TEXT NULL,
    responded_by VARCHAR(254) NULL,
    responded_at ${TS} NULL,
    KEY ix_escalations_case (org_id, case_pk, id),
    CONSTRAINT fk_escalations_case FOREIGN KEY (case_pk) REFERENCES cases (pk)
  ) ${TABLE}`,
];

export class ConsoleCaseWork1763700720000 implements MigrationInterface {
  name = 'ConsoleCaseWork1763700720000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of statements) await q.query(sql);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
