import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only; MariaDB 10.11 and MySQL 8. Issue 30, "Single sign-on": one OpenID Connect connection per tenant
// (its client secret sealed with SECRETS_KEY, AES-256-GCM, like webhook and TOTP secrets), the email domains that
// route to it (unique across tenants: one domain, one identity provider), and the tenant's "SSO required" switch.
const ID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_bin';
const TS = 'DATETIME(3)';
const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

const statements = [
  'ALTER TABLE tenants ADD COLUMN sso_required TINYINT NOT NULL DEFAULT 0',
  `CREATE TABLE sso_connections (
    org_id ${ID} NOT NULL PRIMARY KEY,
    issuer_url VARCHAR(500) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    client_id VARCHAR(255) NOT NULL,
    secret_key_id VARCHAR(64) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    secret_ciphertext VARCHAR(2800) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    jit_provisioning TINYINT NOT NULL DEFAULT 0,
    default_role VARCHAR(32) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    created_at ${TS} NOT NULL,
    updated_at ${TS} NOT NULL,
    CONSTRAINT fk_sso_connections_tenant FOREIGN KEY (org_id) REFERENCES tenants (id) ON DELETE CASCADE
  ) ${TABLE}`,
  `CREATE TABLE sso_domains (
    domain VARCHAR(253) CHARACTER SET ascii COLLATE ascii_general_ci NOT NULL PRIMARY KEY,
    org_id ${ID} NOT NULL,
    KEY ix_sso_domains_tenant (org_id),
    CONSTRAINT fk_sso_domains_connection FOREIGN KEY (org_id) REFERENCES sso_connections (org_id) ON DELETE CASCADE
  ) ${TABLE}`,
];

export class SsoConnections1763704430000 implements MigrationInterface {
  name = 'SsoConnections1763704430000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of statements) await q.query(sql);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
