import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only; MariaDB 10.11 and MySQL 8. The person registry (issue 16): a tenant's persons (the same
// human across cases), the links of case parties (by their personKey) to them, soft-deleted on unlink, and
// the accepted passports and ID cards attached to a person for reuse within the tenant's window.
const ID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_bin';
const TS = 'DATETIME(3)';
const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

export class PersonRegistry1763701500000 implements MigrationInterface {
  name = 'PersonRegistry1763701500000';

  async up(q: QueryRunner): Promise<void> {
    // Days an attached ID document stays reusable on later cases (default 365).
    await q.query('ALTER TABLE tenants ADD COLUMN person_reuse_days INT UNSIGNED NOT NULL DEFAULT 365');
    await q.query(`CREATE TABLE persons (
      id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
      org_id ${ID} NOT NULL,
      display_name VARCHAR(200) NOT NULL,
      normalized_name VARCHAR(200) NOT NULL,
      date_of_birth DATE NULL,
      nationality VARCHAR(100) NULL,
      emails JSON NOT NULL,
      id_number VARCHAR(64) NULL,
      id_country VARCHAR(100) NULL,
      created_from_case_pk BIGINT UNSIGNED NULL,
      created_by VARCHAR(400) NOT NULL,
      created_at ${TS} NOT NULL,
      updated_at ${TS} NOT NULL,
      KEY ix_persons_org_name (org_id, normalized_name),
      KEY ix_persons_org_dob (org_id, date_of_birth),
      CONSTRAINT fk_persons_org FOREIGN KEY (org_id) REFERENCES tenants (id)
    ) ${TABLE}`);
    // active is 1 while the link is active and NULL once unlinked, so the unique key allows at most one
    // active link per (case, personKey) and any number of unlinked ones.
    await q.query(`CREATE TABLE person_links (
      id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
      org_id ${ID} NOT NULL,
      case_pk BIGINT UNSIGNED NOT NULL,
      person_key ${ID} NOT NULL,
      person_id BIGINT UNSIGNED NOT NULL,
      linked_by VARCHAR(400) NOT NULL,
      linked_at ${TS} NOT NULL,
      unlinked_by VARCHAR(400) NULL,
      unlinked_at ${TS} NULL,
      unlink_reason VARCHAR(500) NULL,
      active TINYINT AS (IF(unlinked_at IS NULL, 1, NULL)) STORED,
      UNIQUE KEY uq_person_links_active (org_id, case_pk, person_key, active),
      KEY ix_person_links_person (org_id, person_id),
      CONSTRAINT fk_person_links_case FOREIGN KEY (case_pk) REFERENCES cases (pk),
      CONSTRAINT fk_person_links_person FOREIGN KEY (person_id) REFERENCES persons (id)
    ) ${TABLE}`);
    await q.query(`CREATE TABLE person_documents (
      id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
      org_id ${ID} NOT NULL,
      person_id BIGINT UNSIGNED NOT NULL,
      document_id BIGINT UNSIGNED NOT NULL,
      attached_by VARCHAR(400) NOT NULL,
      attached_at ${TS} NOT NULL,
      valid_until DATE NULL,
      UNIQUE KEY uq_person_documents (org_id, person_id, document_id),
      CONSTRAINT fk_person_documents_person FOREIGN KEY (person_id) REFERENCES persons (id),
      CONSTRAINT fk_person_documents_document FOREIGN KEY (document_id) REFERENCES documents (id)
    ) ${TABLE}`);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
