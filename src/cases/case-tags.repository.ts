import { type TenantDb } from '../db/index';

/** The SQL of case tags (table case_tags, owned by src/cases). */

/**
 * Replaces a case's tags with `tags` (normalised, distinct): the rows of case_tags (the filter's and the tag list's)
 * and the copy on the case's row (cases.tags, which the list and the case page read), in the caller's transaction.
 * The copy is written from case_tags itself, so its order is the one GROUP_CONCAT gave before it existed.
 */
export async function replaceCaseTags(db: TenantDb, casePk: number, tags: readonly string[]): Promise<void> {
  await db.query('DELETE FROM case_tags WHERE org_id = ? AND case_pk = ?', [db.orgId, casePk]);
  if (tags.length) {
    await db.query(
      `INSERT INTO case_tags (org_id, case_pk, tag) VALUES ${tags.map(() => '(?, ?, ?)').join(', ')}`,
      tags.flatMap((tag) => [db.orgId, casePk, tag]),
    );
  }
  await db.query(
    `UPDATE cases c SET c.tags = (SELECT GROUP_CONCAT(t.tag ORDER BY t.tag SEPARATOR '\\n') FROM case_tags t WHERE t.org_id = c.org_id AND t.case_pk = c.pk)
     WHERE c.org_id = ? AND c.pk = ?`,
    [db.orgId, casePk],
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
