import type { Queryable } from '../db/queryable';

/**
 * Ends every live session of a member, of every kind (console and the authorization pages), inside
 * the caller's transaction when `db` is one: from its commit on, no cookie of theirs opens anything.
 * Returns how many sessions were ended.
 */
export async function endSessionsOfMember(db: Queryable, input: { memberId: string; now: Date }): Promise<number> {
  const res = (await db.query('UPDATE member_sessions SET ended_at = ? WHERE member_id = ? AND ended_at IS NULL', [input.now, input.memberId])) as { affectedRows: number };
  return Number(res.affectedRows);
}
