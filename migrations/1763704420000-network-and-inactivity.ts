import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only; MariaDB 10.11 and MySQL 8. Issue 30, "Network and lifecycle controls": a tenant's IP allow-list
// and inactivity limit, when each member last signed in, was suspended or reactivated, and the device and address
// of each member session.
const TS = 'DATETIME(3)';

const statements = [
  // The allow-list as a JSON array of CIDR strings (null: no list, every address may come in).
  'ALTER TABLE tenants ADD COLUMN ip_allow_list TEXT NULL',
  // Days without a sign-in after which a member is suspended (null: never).
  'ALTER TABLE tenants ADD COLUMN inactivity_limit_days INT NULL',
  `ALTER TABLE members ADD COLUMN last_sign_in_at ${TS} NULL, ADD COLUMN suspended_at ${TS} NULL, ADD COLUMN reactivated_at ${TS} NULL`,
  // Members who signed in before this column existed: their latest session counts as their last sign-in.
  `UPDATE members m SET m.last_sign_in_at = (SELECT MAX(s.created_at) FROM member_sessions s WHERE s.member_id = m.id)`,
  // The browser's User-Agent (cut at 512 characters) and the client address, as TRUST_PROXY defines it.
  'ALTER TABLE member_sessions ADD COLUMN user_agent VARCHAR(512) NULL, ADD COLUMN address VARCHAR(64) CHARACTER SET ascii COLLATE ascii_bin NULL',
];

export class NetworkAndInactivity1763704420000 implements MigrationInterface {
  name = 'NetworkAndInactivity1763704420000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of statements) await q.query(sql);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
