import type { TenantDb } from '../db/index';
import { crossTenant } from '../db/cross-tenant';
import type { Queryable } from '../db/queryable';

/** A signed chain head: the tenant's audit chain at `seq` ended in `hash`, signed at `signedAt` (JWS over that). */
export interface SignedHead {
  seq: number;
  hash: string;
  jws: string;
  signedBy: string;
  signedAt: Date;
}

interface SignedHeadRow { seq: number; hash: string; jws: string; signed_by: string; signed_at: Date }
const toSignedHead = (r: SignedHeadRow): SignedHead => ({ seq: Number(r.seq), hash: r.hash, jws: r.jws, signedBy: r.signed_by, signedAt: new Date(r.signed_at) });

export async function insertSignedHead(db: TenantDb, head: SignedHead): Promise<void> {
  const orgId = db.orgId;
  await db.query(
    'INSERT INTO audit_signed_heads (org_id, seq, hash, jws, signed_by, signed_at) VALUES (?, ?, ?, ?, ?, ?)',
    [orgId, head.seq, head.hash, head.jws, head.signedBy, head.signedAt],
  );
}

/** The tenant's latest signed head, or null when none was signed yet. */
export async function latestSignedHead(db: TenantDb): Promise<SignedHead | null> {
  const orgId = db.orgId;
  const [row]: SignedHeadRow[] = await db.query(
    'SELECT seq, hash, jws, signed_by, signed_at FROM audit_signed_heads WHERE org_id = ? ORDER BY id DESC LIMIT 1', [orgId],
  );
  return row ? toSignedHead(row) : null;
}

/** Tenants (across the service) whose chain head moved past their latest signed head: the daily signing's work. */
export async function listUnsignedHeads(db: Queryable, limit: number): Promise<string[]> {
  const rows: { org_id: string }[] = await crossTenant(db, 'sweep').query(
    `SELECT h.org_id FROM audit_chain_heads h
     WHERE h.seq > 0 AND h.seq > COALESCE((SELECT MAX(s.seq) FROM audit_signed_heads s WHERE s.org_id = h.org_id), 0)
     ORDER BY h.org_id LIMIT ${Math.floor(limit)}`,
  );
  return rows.map((r) => r.org_id);
}
