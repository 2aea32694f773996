import { type TenantDb } from '../db/index';

/**
 * Ends every live session of a member of the tenant, of every kind (console and the authorization pages),
 * inside the caller's transaction when `db` is one: from its commit on, no cookie of theirs opens anything.
 * Returns how many sessions were ended. (member_sessions has no org_id: the member row gives the tenant.)
 */
export async function endSessionsOfMember(db: TenantDb, input: { memberId: string; now: Date }): Promise<number> {
  const res = (await db.query(
    `UPDATE member_sessions s JOIN members m ON m.id = s.member_id SET s.ended_at = ?
     WHERE m.org_id = ? AND s.member_id = ? AND s.ended_at IS NULL`,
    [input.now, db.orgId, input.memberId],
  )) as { affectedRows: number };
  return res.affectedRows;
}
