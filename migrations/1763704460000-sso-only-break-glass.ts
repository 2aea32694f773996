import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only; MariaDB 10.11 and MySQL 8. Issue 30, "Single sign-on", in the issue's own words: the tenant's
// "SSO only" switch (was sso_required) with the one break-glass admin who keeps password sign-in, the connection's
// `issuer` (was issuer_url), first sign-in always creating the member (the just-in-time switch goes), and the
// first factor of a sign-in that waits for its second one ('password' or 'sso'), so that the audit line says
// which came first.
const ID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_bin';

const statements = [
  'ALTER TABLE tenants RENAME COLUMN sso_required TO sso_only',
  `ALTER TABLE tenants ADD COLUMN sso_break_glass_member_id ${ID} NULL`,
  'ALTER TABLE sso_connections RENAME COLUMN issuer_url TO issuer',
  'ALTER TABLE sso_connections DROP COLUMN jit_provisioning',
  "ALTER TABLE mfa_challenges ADD COLUMN first_factor VARCHAR(16) CHARACTER SET ascii COLLATE ascii_bin NOT NULL DEFAULT 'password'",
];

export class SsoOnlyBreakGlass1763704460000 implements MigrationInterface {
  name = 'SsoOnlyBreakGlass1763704460000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of statements) await q.query(sql);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
