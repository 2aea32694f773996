import type { TenantDb } from '../db/index';

/** One link of a tenant's audit chain, as stored. */
export interface ChainEntry {
  seq: number;
  actor: string;
  action: string;
  details: Record<string, unknown>;
  at: Date;
  prevHash: string;
  hash: string;
}

interface ChainRow { seq: number; actor: string; action: string; details: unknown; created_at: Date; prev_hash: string; hash: string }

function toChainEntry(r: ChainRow): ChainEntry {
  const details = typeof r.details === 'string' ? JSON.parse(r.details) as Record<string, unknown> : (r.details as Record<string, unknown>);
  return { seq: Number(r.seq), actor: r.actor, action: r.action, details: details ?? {}, at: new Date(r.created_at), prevHash: r.prev_hash, hash: r.hash };
}

const COLUMNS = 'seq, actor, action, details, created_at, prev_hash, hash';

/** Up to `limit` links after `afterSeq`, in chain order; optionally only those recorded in [from, to). */
export async function readChainPage(
  db: TenantDb, afterSeq: number, limit: number, range: { from?: Date | null; to?: Date | null } = {},
): Promise<ChainEntry[]> {
  const orgId = db.orgId;
  const where = ['org_id = ?', 'seq > ?'];
  const params: unknown[] = [orgId, afterSeq];
  if (range.from) { where.push('created_at >= ?'); params.push(range.from); }
  if (range.to) { where.push('created_at < ?'); params.push(range.to); }
  const rows: ChainRow[] = await db.query(
    `SELECT ${COLUMNS} FROM tenant_config_audit_log WHERE ${where.join(' AND ')} ORDER BY seq LIMIT ${Math.floor(limit)}`, params,
  );
  return rows.map(toChainEntry);
}

/** The link at `seq`, or null. */
export async function findChainEntry(db: TenantDb, seq: number): Promise<ChainEntry | null> {
  const orgId = db.orgId;
  const [row]: ChainRow[] = await db.query(`SELECT ${COLUMNS} FROM tenant_config_audit_log WHERE org_id = ? AND seq = ?`, [orgId, seq]);
  return row ? toChainEntry(row) : null;
}

/** The links whose details name the case (`details.caseId`, kept in the indexed case_id column), in chain order. */
export async function readCaseChainEntries(db: TenantDb, caseId: string): Promise<ChainEntry[]> {
  const orgId = db.orgId;
  const rows: ChainRow[] = await db.query(
    `SELECT ${COLUMNS} FROM tenant_config_audit_log WHERE org_id = ? AND case_id = ? ORDER BY seq`, [orgId, caseId],
  );
  return rows.map(toChainEntry);
}
