import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only; MariaDB 10.11 and MySQL 8. Identity verification by a document on file (issue 24):
// - tenants.idv_accept_document_on_file: a compliance admin's explicit, audited choice that a valid,
//   accepted passport or ID card on file may stand in for a verification link even when the tenant requires
//   a selfie or verifies through a hosted vendor (off by default).
// - identity_verifications.document_on_file: what the verify step found for the person, as shown on the case
//   page: {satisfied, documentId, reasons: [{code, text}]}.
export class IdvDocumentOnFile1763701800000 implements MigrationInterface {
  name = 'IdvDocumentOnFile1763701800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE tenants ADD COLUMN idv_accept_document_on_file TINYINT(1) NOT NULL DEFAULT 0 AFTER idv_require_selfie');
    await q.query('ALTER TABLE identity_verifications ADD COLUMN document_on_file JSON NULL');
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
