import { announceRevocationAfterCommit } from '../access/index';
import { forTenant, type TenantScope, type Tx } from '../db/index';

/**
 * Ends every live session of a member of the tenant, of every kind (console and the authorization pages),
 * in the caller's transaction: from its commit on, no cookie of theirs opens anything, on any process (the
 * end is announced after the commit, flushing every process's cached session checks).
 * Returns how many sessions were ended. (member_sessions has no org_id: the member row gives the tenant.)
 */
export async function endSessionsOfMember(tx: Tx, scope: string | TenantScope, input: { memberId: string; now: Date }): Promise<number> {
  const db = forTenant(tx.manager, scope);
  const res = (await db.query(
    `UPDATE member_sessions s JOIN members m ON m.id = s.member_id SET s.ended_at = ?
     WHERE m.org_id = ? AND s.member_id = ? AND s.ended_at IS NULL`,
    [input.now, db.orgId, input.memberId],
  )) as { affectedRows: number };
  announceRevocationAfterCommit(tx);
  return res.affectedRows;
}
