import { createHash } from 'node:crypto';
import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only; MariaDB 10.11 and MySQL 8. The tamper-evident audit log (issue 28), owned by src/audit
// (the chain) and src/audit-seal (the signed heads).
//
// - tenant_config_audit_log gains seq (1, 2, 3 … per tenant), prev_hash and hash: each entry is a link of its
//   tenant's hash chain, hash = SHA-256 of [orgId, seq, actor, action, details (keys sorted), at (ISO 8601), prev_hash]
//   (src/audit/audit-chain.ts; the copy below is frozen with this migration). The entries already there are
//   chained here, per tenant in id order, then the columns become NOT NULL: a row inserted around recordAudit
//   cannot join the chain silently.
// - audit_chain_heads: one row per tenant, the last link (seq, hash), locked by every append (FOR UPDATE) so two
//   transactions never fork the chain.
// - audit_signed_heads: the chain head signed with the service key (JWS), daily by the worker and on demand.
const ID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_bin';
const HASH = 'CHAR(64) CHARACTER SET ascii COLLATE ascii_bin';
const TS = 'DATETIME(3)';
const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';
const GENESIS = '0'.repeat(64);
const BATCH = 1000;

function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(',')}]`;
  const obj = value as Record<string, unknown>;
  return `{${Object.keys(obj).filter((k) => obj[k] !== undefined).sort().map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(',')}}`;
}

export class AuditChain1763703400000 implements MigrationInterface {
  name = 'AuditChain1763703400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE tenant_config_audit_log
      ADD COLUMN seq BIGINT UNSIGNED NULL, ADD COLUMN prev_hash ${HASH} NULL, ADD COLUMN hash ${HASH} NULL`);
    await q.query(`CREATE TABLE audit_chain_heads (
      org_id ${ID} NOT NULL PRIMARY KEY,
      seq BIGINT UNSIGNED NOT NULL,
      hash ${HASH} NOT NULL,
      updated_at ${TS} NOT NULL
    ) ${TABLE}`);
    await q.query(`CREATE TABLE audit_signed_heads (
      id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
      org_id ${ID} NOT NULL,
      seq BIGINT UNSIGNED NOT NULL,
      hash ${HASH} NOT NULL,
      jws TEXT CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
      signed_by VARCHAR(254) NOT NULL,
      signed_at ${TS} NOT NULL,
      KEY ix_audit_signed_heads_org (org_id, id)
    ) ${TABLE}`);

    const orgs: { org_id: string }[] = await q.query('SELECT DISTINCT org_id FROM tenant_config_audit_log');
    for (const { org_id: orgId } of orgs) {
      let seq = 0;
      let prev = GENESIS;
      let lastId = 0;
      let lastAt = new Date();
      for (;;) {
        const rows: { id: number; actor: string; action: string; details: unknown; created_at: Date }[] = await q.query(
          `SELECT id, actor, action, details, created_at FROM tenant_config_audit_log WHERE org_id = ? AND id > ? ORDER BY id LIMIT ${BATCH}`,
          [orgId, lastId],
        );
        if (!rows.length) break;
        for (const r of rows) {
          seq++;
          const details = typeof r.details === 'string' ? JSON.parse(r.details) as unknown : r.details;
          const at = new Date(r.created_at);
          const hash = createHash('sha256').update(canonicalJson([orgId, seq, r.actor, r.action, details ?? {}, at.toISOString(), prev]), 'utf8').digest('hex');
          await q.query('UPDATE tenant_config_audit_log SET seq = ?, prev_hash = ?, hash = ? WHERE org_id = ? AND id = ?', [seq, prev, hash, orgId, r.id]);
          prev = hash;
          lastId = Number(r.id);
          lastAt = at;
        }
      }
      await q.query('INSERT INTO audit_chain_heads (org_id, seq, hash, updated_at) VALUES (?, ?, ?, ?)', [orgId, seq, prev, lastAt]);
    }

    await q.query(`ALTER TABLE tenant_config_audit_log
      MODIFY seq BIGINT UNSIGNED NOT NULL, MODIFY prev_hash ${HASH} NOT NULL, MODIFY hash ${HASH} NOT NULL,
      ADD UNIQUE KEY uq_audit_org_seq (org_id, seq)`);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
