import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only; MariaDB 10.11 and MySQL 8. A case's tags are also kept on its row (cases.tags: newline-separated in
// tag order, NULL without tags; src/cases/case-tags.repository.ts writes it with case_tags, in one transaction), so the
// console's list and case page read them with the row instead of a subquery a row: MariaDB spent about 70 µs more on a
// page of 50 cases for that subquery (docs/benchmarks.md). case_tags stays the source of the tag filter and of the
// tenant's tag list. At most 20 tags of 40 characters and their 19 separators: 819 characters.
export const CASE_TAGS_BACKFILL = `UPDATE cases c
  JOIN (SELECT org_id, case_pk, GROUP_CONCAT(tag ORDER BY tag SEPARATOR '\\n') AS tags FROM case_tags GROUP BY org_id, case_pk) t
    ON t.org_id = c.org_id AND t.case_pk = c.pk
  SET c.tags = t.tags`;

const statements = [
  'ALTER TABLE cases ADD COLUMN tags VARCHAR(820) NULL AFTER risk_score',
  CASE_TAGS_BACKFILL,
];

export class CaseTagsOnCase1763704530000 implements MigrationInterface {
  name = 'CaseTagsOnCase1763704530000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of statements) await q.query(sql);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
