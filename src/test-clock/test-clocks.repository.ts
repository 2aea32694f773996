import type { TenantDb } from '../db/index';

/** The tenant's test clock offset in ms (0 without a row), locked when `lock`. */
export async function findTestClockOffset(db: TenantDb, lock = false): Promise<number> {
  const orgId = db.orgId;
  const [row]: { offset_ms: number | string }[] = await db.query(`SELECT offset_ms FROM test_clocks WHERE org_id = ?${lock ? ' FOR UPDATE' : ''}`, [orgId]);
  return row ? Number(row.offset_ms) : 0;
}

/** Moves the tenant's test clock on by `ms`; returns the new offset. Call in a transaction (the row is locked first). */
export async function advanceTestClockOffset(db: TenantDb, ms: number, now: Date): Promise<number> {
  const orgId = db.orgId;
  const offset = (await findTestClockOffset(db, true)) + ms;
  await db.query(
    'INSERT INTO test_clocks (org_id, offset_ms, updated_at) VALUES (?, ?, ?) ON DUPLICATE KEY UPDATE offset_ms = VALUES(offset_ms), updated_at = VALUES(updated_at)',
    [orgId, offset, now],
  );
  return offset;
}
