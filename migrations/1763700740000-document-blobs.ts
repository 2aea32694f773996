import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only; MariaDB 10.11 and MySQL 8. Documents uploaded through the customer portal keep their
// bytes in the BlobStore (a local directory or an S3-compatible bucket): the row holds the blob's key
// (random, never user input) and the SHA-256 of the bytes as stored. Both are null on rows that came
// before uploads existed. The key index serves the check, after a COMMIT whose outcome is unknown,
// whether a batch's rows exist before its blobs are deleted.
const statements = [
  `ALTER TABLE documents
    ADD COLUMN blob_key VARCHAR(128) CHARACTER SET ascii COLLATE ascii_bin NULL AFTER size_bytes,
    ADD COLUMN sha256 CHAR(64) CHARACTER SET ascii COLLATE ascii_bin NULL AFTER blob_key,
    ADD KEY ix_documents_org_blob_key (org_id, blob_key)`,
];

export class DocumentBlobs1763700740000 implements MigrationInterface {
  name = 'DocumentBlobs1763700740000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of statements) await q.query(sql);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
