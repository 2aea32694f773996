import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only; MariaDB 10.11 and MySQL 8. The AI-assistant connector (issue 18).
// - RFC 8707 resource indicators: the resources (audiences) an authorization code and a connected app
//   (grant) were issued for; NULL on rows from before, which meant the pull API alone.
// - Client ID Metadata Documents: a connector whose client_id is an https URL gets an oauth_clients row
//   (its id derived from the URL) holding the URL and when its document was last fetched.
// - Every MCP tool call on the record: assistant_reads (who, which connector, which tool, its arguments)
//   and assistant_read_cases (the cases each call read, for the case timeline).
const ID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_bin';
const TS = 'DATETIME(3)';
const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

export class McpConnector1763701000000 implements MigrationInterface {
  name = 'McpConnector1763701000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE oauth_codes ADD COLUMN resources JSON NULL');
    await q.query('ALTER TABLE oauth_grants ADD COLUMN resources JSON NULL');
    await q.query(`ALTER TABLE oauth_clients
      ADD COLUMN metadata_url VARCHAR(2048) CHARACTER SET ascii COLLATE ascii_bin NULL,
      ADD COLUMN metadata_fetched_at ${TS} NULL`);
    await q.query(`CREATE TABLE assistant_reads (
      id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
      org_id ${ID} NOT NULL,
      grant_id ${ID} NOT NULL,
      client_id VARCHAR(64) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
      member_id ${ID} NOT NULL,
      tool VARCHAR(64) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
      arguments JSON NOT NULL,
      case_ids JSON NOT NULL,
      outcome VARCHAR(32) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
      called_at ${TS} NOT NULL,
      KEY ix_assistant_reads_grant (org_id, grant_id, called_at),
      KEY ix_assistant_reads_time (org_id, called_at)
    ) ${TABLE}`);
    await q.query(`CREATE TABLE assistant_read_cases (
      org_id ${ID} NOT NULL,
      case_pk BIGINT UNSIGNED NOT NULL,
      read_id BIGINT UNSIGNED NOT NULL,
      PRIMARY KEY (org_id, case_pk, read_id)
    ) ${TABLE}`);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
