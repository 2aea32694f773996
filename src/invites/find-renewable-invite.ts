import { crossTenant } from '../db/cross-tenant';
import type { Queryable } from '../db/queryable';
import { CLOSED_STATUSES } from '../cases/index';

/**
 * The invite a magic-link token names, with its case, when that case is still open (a closed case
 * gets no new link): what portal.requestNewLink renews. Looked up by the token's hash only.
 */
export async function findRenewableInvite(
  db: Queryable, tokenHash: string,
): Promise<{ orgId: string; casePk: number; email: string } | null> {
  const [row]: { org_id: string; case_pk: number | string; email: string }[] = await crossTenant(db, 'token-lookup').query(
    `SELECT i.org_id, i.case_pk, i.email FROM invites i JOIN cases c ON c.pk = i.case_pk AND c.org_id = i.org_id
     WHERE i.token_hash = ? AND c.status NOT IN (?)`,
    [tokenHash, CLOSED_STATUSES],
  );
  return row ? { orgId: row.org_id, casePk: Number(row.case_pk), email: row.email } : null;
}
