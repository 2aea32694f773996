import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only; MariaDB 10.11 and MySQL 8. The case list as a work queue (issue 26), owned by src/cases:
//
// - cases.reference: a short display reference per tenant, `C-<n>` (n from case_reference_counters, one
//   counter row per tenant, taken in the creating transaction). Existing cases are numbered in creation
//   order. Additive: caseId stays the id on every wire.
// - cases.search_refs: the case's identifiers as words (caseId, crmRecordId, reference), a stored generated
//   column in the text columns' collation, so one FULLTEXT index covers company, customer, email and the
//   identifiers (a FULLTEXT index needs one collation; case_id is ascii_bin, crm_record_id utf8mb4_bin).
// - ft_cases_search: the full-text index of the case search (src/cases/case-search.ts).
// - ix_cases_org_risk_score_pk: the list's sort by risk (score, then pk as the keyset tiebreak).
// - case_tags: a case's tags (lower case, see src/cases/case-tags.ts); (org_id, tag, case_pk) serves the filter.
// - case_views: saved filters of the case list, shared in the tenant; the filter as JSON.
const ID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_bin';
const TS = 'DATETIME(3)';
const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';
const TEXT = 'CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci';

const statements = [
  `CREATE TABLE case_reference_counters (
    org_id ${ID} NOT NULL PRIMARY KEY,
    value INT UNSIGNED NOT NULL
  ) ${TABLE}`,

  `ALTER TABLE cases ADD COLUMN reference VARCHAR(20) ${TEXT} NULL AFTER case_id`,

  `UPDATE cases c JOIN (
     SELECT pk, ROW_NUMBER() OVER (PARTITION BY org_id ORDER BY pk) AS n FROM cases
   ) numbered ON numbered.pk = c.pk
   SET c.reference = CONCAT('C-', numbered.n)`,

  `INSERT INTO case_reference_counters (org_id, value)
   SELECT org_id, COUNT(*) FROM cases GROUP BY org_id`,

  `ALTER TABLE cases
     ADD COLUMN search_refs VARCHAR(400) ${TEXT}
       AS (CONCAT_WS(' ', CONVERT(case_id USING utf8mb4), CONVERT(crm_record_id USING utf8mb4), reference)) STORED,
     ADD UNIQUE KEY uq_cases_org_reference (org_id, reference),
     ADD KEY ix_cases_org_risk_score_pk (org_id, risk_score, pk)`,

  'ALTER TABLE cases ADD FULLTEXT KEY ft_cases_search (company_name, customer_name, customer_email, search_refs)',

  `CREATE TABLE case_tags (
    org_id ${ID} NOT NULL,
    case_pk BIGINT UNSIGNED NOT NULL,
    tag VARCHAR(40) ${TEXT} NOT NULL,
    PRIMARY KEY (org_id, case_pk, tag),
    KEY ix_case_tags_org_tag_case (org_id, tag, case_pk)
  ) ${TABLE}`,

  `CREATE TABLE case_views (
    id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
    org_id ${ID} NOT NULL,
    name VARCHAR(80) NOT NULL,
    filter TEXT NOT NULL,
    created_by_member_id ${ID} NULL,
    created_by VARCHAR(254) NOT NULL,
    created_at ${TS} NOT NULL,
    UNIQUE KEY uq_case_views_org_name (org_id, name),
    KEY ix_case_views_org_id (org_id, id)
  ) ${TABLE}`,
];

export class CaseListWorkQueue1763702700000 implements MigrationInterface {
  name = 'CaseListWorkQueue1763702700000';

  async up(q: QueryRunner): Promise<void> {
    for (const s of statements) await q.query(s);
  }

  async down(): Promise<void> {
    throw new Error('forward-only migration');
  }
}
