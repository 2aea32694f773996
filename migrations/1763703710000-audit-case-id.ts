import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only; MariaDB 10.11 and MySQL 8. The case an audit entry is about, as an indexed column (issue 28): the
// evidence pack reads a case's entries by (org_id, case_id) instead of scanning every entry's JSON details.
// tenant_config_audit_log.case_id is details.caseId (a string of at most 40 characters; null otherwise), written by
// recordAudit with the entry and backfilled here. It is not part of the hash chain: the chain hashes
// [orgId, seq, actor, action, details, at, prevHash] exactly as before, so every entry, old or new, still verifies.
const CASE_ID = 'VARCHAR(40) CHARACTER SET ascii COLLATE ascii_bin';

/** Fills case_id from details.caseId where it is missing (idempotent; exported for the test of the backfill). */
export const BACKFILL_AUDIT_CASE_ID = `UPDATE tenant_config_audit_log SET case_id = JSON_VALUE(details, '$.caseId')
  WHERE case_id IS NULL AND JSON_TYPE(JSON_EXTRACT(details, '$.caseId')) = 'STRING' AND CHAR_LENGTH(JSON_VALUE(details, '$.caseId')) <= 40
    AND JSON_VALUE(details, '$.caseId') REGEXP '^[ -~]+$'`;

export class AuditCaseId1763703710000 implements MigrationInterface {
  name = 'AuditCaseId1763703710000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE tenant_config_audit_log ADD COLUMN case_id ${CASE_ID} NULL AFTER action,
      ADD KEY ix_audit_log_case (org_id, case_id, seq)`);
    await q.query(BACKFILL_AUDIT_CASE_ID);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
