import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only; MariaDB 10.11 and MySQL 8. Test cases get their own display references (issue 31's follow-up):
// the counter of `C-<n>` was one row per tenant, shared by live and test cases, so every test case left a gap in
// the live sequence a regulator reads. The counter is now keyed by (org_id, mode): live cases keep `C-<n>`, test
// cases are numbered `T-<n>`, a reference that cannot be mistaken for a live one.
//
// - The existing row of each tenant becomes its live counter, unchanged: live numbers already handed out (and
//   the gaps test cases left before today) stay as they are; no live reference is ever given twice.
// - Existing test cases are renumbered `T-1`, `T-2` ... in creation order per tenant (test data: nobody outside
//   the tenant was shown them), and the test counter starts after them. search_refs follows (a generated column).
const MODE = "VARCHAR(4) CHARACTER SET ascii COLLATE ascii_bin NOT NULL DEFAULT 'live'";

const statements = [
  `ALTER TABLE case_reference_counters ADD COLUMN mode ${MODE} AFTER org_id, DROP PRIMARY KEY, ADD PRIMARY KEY (org_id, mode)`,

  `UPDATE cases c JOIN (
     SELECT pk, ROW_NUMBER() OVER (PARTITION BY org_id ORDER BY pk) AS n FROM cases WHERE mode = 'test'
   ) numbered ON numbered.pk = c.pk
   SET c.reference = CONCAT('T-', numbered.n)`,

  `INSERT INTO case_reference_counters (org_id, mode, value)
   SELECT org_id, 'test', COUNT(*) FROM cases WHERE mode = 'test' GROUP BY org_id`,
];

export class CaseReferencePerMode1763704500000 implements MigrationInterface {
  name = 'CaseReferencePerMode1763704500000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of statements) await q.query(sql);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
