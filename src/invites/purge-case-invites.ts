import type { Queryable } from '../db/queryable';

/** Zero retention: a case's invites lose the customer's address and their sealed tokens (a link still unsent can no longer be sent). */
export async function purgeCaseInvites(db: Queryable, orgId: string, casePk: number): Promise<void> {
  await db.query(`UPDATE invites SET email = '', token_sealed = NULL, token_key_id = NULL WHERE org_id = ? AND case_pk = ?`, [orgId, casePk]);
}
