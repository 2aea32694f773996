import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only; MariaDB 10.11 and MySQL 8. The person registry knows test data from live (issue 31's follow-up):
// a person is of the mode of the case it was registered from (markPersonNew), and is proposed to, linked to and
// listed for that mode's cases and views only, so a person known only from test cases never appears in the live
// view, and a test case's documents never become a live person's reusable ID. Existing persons take their
// creating case's mode (everything before test mode is live). (org_id, mode, id) serves the people list of
// either mode newest first without reading the other mode's rows.
const MODE = "VARCHAR(4) CHARACTER SET ascii COLLATE ascii_bin NOT NULL DEFAULT 'live'";

const statements = [
  `ALTER TABLE persons ADD COLUMN mode ${MODE} AFTER org_id, ADD KEY ix_persons_org_mode_id (org_id, mode, id)`,
  `UPDATE persons p JOIN cases c ON c.pk = p.created_from_case_pk AND c.org_id = p.org_id SET p.mode = c.mode WHERE c.mode = 'test'`,
];

export class PersonsMode1763704501000 implements MigrationInterface {
  name = 'PersonsMode1763704501000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of statements) await q.query(sql);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
