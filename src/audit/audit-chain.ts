import { createHash } from 'node:crypto';
import type { TenantDb } from '../db/index';

/** The prev_hash of a tenant's first audit entry (seq 1). */
export const GENESIS_HASH = '0'.repeat(64);

/** What one audit entry's hash covers, in this order (docs/evidence-and-retention.md "The audit chain"). */
export interface ChainedFields {
  orgId: string;
  seq: number;
  actor: string;
  action: string;
  details: unknown;
  at: Date;
  prevHash: string;
}

/** JSON with every object's keys sorted (arrays keep their order): the same value gives the same text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(',')}]`;
  const obj = value as Record<string, unknown>;
  return `{${Object.keys(obj).filter((k) => obj[k] !== undefined).sort().map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(',')}}`;
}

/** The details as the JSON column stores and gives them back (Dates as ISO strings, undefined dropped). */
export function storedDetails(details: unknown): Record<string, unknown> {
  return JSON.parse(JSON.stringify(details ?? {})) as Record<string, unknown>;
}

/**
 * The canonical serialisation an entry's hash is taken over: a JSON array
 * `[orgId, seq, actor, action, details (keys sorted), at (ISO 8601, ms, UTC), prevHash]`.
 */
export function chainPreimage(e: ChainedFields): string {
  return canonicalJson([e.orgId, e.seq, e.actor, e.action, storedDetails(e.details), e.at.toISOString(), e.prevHash]);
}

/** SHA-256 (hex) of the entry's canonical serialisation. */
export function chainHash(e: ChainedFields): string {
  return createHash('sha256').update(chainPreimage(e), 'utf8').digest('hex');
}

/** The tenant's chain head, locked until the caller's transaction ends (created at seq 0 on first use). */
export async function lockChainHead(db: TenantDb): Promise<{ seq: number; hash: string }> {
  const orgId = db.orgId;
  // An upsert takes the row's exclusive lock whether it inserts or finds it, so two first appends
  // never both read seq 0 (a plain SELECT ... FOR UPDATE of a missing row locks nothing to wait on).
  await db.query(
    'INSERT INTO audit_chain_heads (org_id, seq, hash, updated_at) VALUES (?, 0, ?, UTC_TIMESTAMP(3)) ON DUPLICATE KEY UPDATE org_id = org_id',
    [orgId, GENESIS_HASH],
  );
  const [row]: { seq: number; hash: string }[] = await db.query('SELECT seq, hash FROM audit_chain_heads WHERE org_id = ? FOR UPDATE', [orgId]);
  return { seq: Number(row!.seq), hash: row!.hash };
}

/** Moves the tenant's (locked) chain head to the entry just appended. */
export async function advanceChainHead(db: TenantDb, seq: number, hash: string, at: Date): Promise<void> {
  const orgId = db.orgId;
  await db.query('UPDATE audit_chain_heads SET seq = ?, hash = ?, updated_at = ? WHERE org_id = ?', [seq, hash, at, orgId]);
}

/** The tenant's chain head as it stands (no lock); seq 0 when nothing was ever audited. */
export async function readChainHead(db: TenantDb): Promise<{ seq: number; hash: string; updatedAt: Date | null }> {
  const orgId = db.orgId;
  const [row]: { seq: number; hash: string; updated_at: Date }[] = await db.query('SELECT seq, hash, updated_at FROM audit_chain_heads WHERE org_id = ?', [orgId]);
  return row ? { seq: Number(row.seq), hash: row.hash, updatedAt: new Date(row.updated_at) } : { seq: 0, hash: GENESIS_HASH, updatedAt: null };
}
