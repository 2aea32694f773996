import { type TenantDb } from '../../db/index';
import { sha256Hex } from '../../security/tokens';

/**
 * The dedup locks of POST /v1/cases (createCase's hot path): one row per (tenant, value) in
 * case_dedup_locks, named by the hash of a crmRecordId or of a customer email key.
 */

/** The row of case_dedup_locks for a crmRecordId (as given: case-sensitive) or an email key (already normalized). */
export const dedupLockKey = (kind: 'crm' | 'email', value: string): string => sha256Hex(`${kind}:${value}`);

/**
 * Creates the tenant's lock rows that do not exist yet. Run before (never inside) the guarded
 * transaction, so that the transaction only ever takes plain row locks (no insert-intention deadlocks).
 */
export async function ensureDedupLockRows(db: TenantDb, lockKeys: string[], now: Date): Promise<void> {
  const orgId = db.orgId;
  if (!lockKeys.length) return;
  const found: { lock_key: string }[] = await db.query('SELECT lock_key FROM case_dedup_locks WHERE org_id = ? AND lock_key IN (?)', [orgId, lockKeys]);
  const missing = lockKeys.filter((k) => !found.some((f) => f.lock_key === k));
  if (!missing.length) return;
  await db.query(`INSERT IGNORE INTO case_dedup_locks (org_id, lock_key, created_at) VALUES ${missing.map(() => '(?, ?, ?)').join(', ')}`,
    missing.flatMap((k) => [orgId, k, now]));
}

/**
 * Locks the tenant's lock rows until the caller's transaction ends. Sorted keys, one statement: every
 * creator locks in the same order, so they queue, never deadlock.
 */
export async function lockDedupKeys(db: TenantDb, lockKeys: string[]): Promise<void> {
  const orgId = db.orgId;
  if (!lockKeys.length) return;
  await db.query('SELECT lock_key FROM case_dedup_locks WHERE org_id = ? AND lock_key IN (?) ORDER BY lock_key FOR UPDATE', [orgId, [...lockKeys].sort()]);
}
