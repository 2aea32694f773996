import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only; MariaDB 10.11 and MySQL 8. Zero retention (issue 15, step 7): a tenant switch, and the
// bookkeeping of the purge of a case's personal data once its full-parity data package was delivered.
// - tenants.zero_retention_since: when the switch was last turned on (null while off). Only data packages
//   recorded since then count, so that turning it on never purges cases decided before.
// - cases.purged_at / documents.purged_at: when the personal data went. A purged document keeps its
//   blob_key until the blob is deleted (after commit), so that a crash in between is finished by the sweep.
const statements = [
  `ALTER TABLE tenants
    ADD COLUMN zero_retention TINYINT(1) NOT NULL DEFAULT 0 AFTER full_parity_enabled,
    ADD COLUMN zero_retention_since DATETIME(3) NULL AFTER zero_retention`,
  `ALTER TABLE cases ADD COLUMN purged_at DATETIME(3) NULL AFTER closed_at`,
  `ALTER TABLE documents
    ADD COLUMN purged_at DATETIME(3) NULL AFTER updated_at,
    ADD KEY ix_documents_purged_blob (purged_at, blob_key)`,
];

export class ZeroRetention1763700840000 implements MigrationInterface {
  name = 'ZeroRetention1763700840000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of statements) await q.query(sql);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
