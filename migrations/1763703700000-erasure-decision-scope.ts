import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only; MariaDB 10.11 and MySQL 8. Per-person erasure (issue 28): an erasure decision that erased now says
// what it erased: `case` (the person was the case's only subject: the whole case's personal data, as a purge) or
// `person` (only that person's data; the case and its other people stay). Null for retained and already erased
// decisions, and for those recorded before (all of which purged the whole case).
export class ErasureDecisionScope1763703700000 implements MigrationInterface {
  name = 'ErasureDecisionScope1763703700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE erasure_decisions ADD COLUMN scope VARCHAR(16) CHARACTER SET ascii COLLATE ascii_bin NULL AFTER outcome');
    await q.query("UPDATE erasure_decisions SET scope = 'case' WHERE outcome = 'erased'");
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
