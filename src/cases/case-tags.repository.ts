import { type TenantDb } from '../db/index';

/** The SQL of case tags (table case_tags, owned by src/cases). */

/** Replaces a case's tags with `tags` (normalised, distinct). */
export async function replaceCaseTags(db: TenantDb, casePk: number, tags: readonly string[]): Promise<void> {
  await db.query('DELETE FROM case_tags WHERE org_id = ? AND case_pk = ?', [db.orgId, casePk]);
  if (!tags.length) return;
  await db.query(
    `INSERT INTO case_tags (org_id, case_pk, tag) VALUES ${tags.map(() => '(?, ?, ?)').join(', ')}`,
    tags.flatMap((tag) => [db.orgId, casePk, tag]),
  );
}

/** The tenant's distinct tags in use, alphabetically (at most `limit`), for the list's tag filter. */
export async function listTenantTags(db: TenantDb, limit: number): Promise<string[]> {
  const rows: { tag: string }[] = await db.query(
    `SELECT DISTINCT tag FROM case_tags WHERE org_id = ? ORDER BY tag LIMIT ${Math.floor(limit)}`, [db.orgId],
  );
  return rows.map((r) => r.tag);
}

/** One case's tags, in order. */
export async function tagsOfCase(db: TenantDb, casePk: number): Promise<string[]> {
  const rows: { tag: string }[] = await db.query('SELECT tag FROM case_tags WHERE org_id = ? AND case_pk = ? ORDER BY tag', [db.orgId, casePk]);
  return rows.map((r) => r.tag);
}
