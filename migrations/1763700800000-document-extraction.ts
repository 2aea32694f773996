import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only; MariaDB 10.11 and MySQL 8. Document extraction (issue 15, step 1): the expected fields an
// extraction did not find (`missing_fields`, a JSON array of names; '[]' for rows from before), and when
// the extraction sweep last handed a stuck document's job off again (`extraction_requeued_at`), so that
// it does so at most once per EXTRACTION_SWEEP_AFTER. The sweep looks across tenants for documents
// still `processing`: the (status, updated_at) index serves it.
const statements = [
  `ALTER TABLE documents
    ADD COLUMN missing_fields JSON NOT NULL DEFAULT ('[]') AFTER warnings,
    ADD COLUMN extraction_requeued_at DATETIME(3) NULL AFTER updated_at,
    ADD KEY ix_documents_status_updated (status, updated_at)`,
];

export class DocumentExtraction1763700800000 implements MigrationInterface {
  name = 'DocumentExtraction1763700800000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of statements) await q.query(sql);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
