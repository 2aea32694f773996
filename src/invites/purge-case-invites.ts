import { type TenantDb } from '../db/index';

/** Zero retention: a case's invites lose the customer's address and their sealed tokens (a link still unsent can no longer be sent). */
export async function purgeCaseInvites(db: TenantDb, casePk: number): Promise<void> {
  const orgId = db.orgId;
  await db.query(`UPDATE invites SET email = '', token_sealed = NULL, token_key_id = NULL WHERE org_id = ? AND case_pk = ?`, [orgId, casePk]);
}
