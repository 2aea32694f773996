import type { Tx } from '../db/transaction';

/** Public case ids: a UUID v4 (POST /v1/cases) or `CS-<year>-<sequence>`, sequence zero-padded to 5. */
export const CASE_ID_PATTERN = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|CS-\d{4}-\d{5,})$/;

export function isCaseId(value: string): boolean {
  return CASE_ID_PATTERN.test(value);
}

/**
 * The next `CS-<year>-<00000>` of a tenant, per tenant and year. The counter row is locked by the
 * upsert until the caller's transaction ends, so concurrent creators get consecutive numbers.
 */
export async function nextCaseNumber(tx: Tx, orgId: string, year: number): Promise<string> {
  await tx.manager.query(
    'INSERT INTO case_number_counters (org_id, year, value) VALUES (?, ?, 1) ON DUPLICATE KEY UPDATE value = value + 1',
    [orgId, year],
  );
  const [row]: { value: number }[] = await tx.manager.query('SELECT value FROM case_number_counters WHERE org_id = ? AND year = ?', [orgId, year]);
  return `CS-${year}-${String(Number(row!.value)).padStart(5, '0')}`;
}
