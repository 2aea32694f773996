import { IsNull } from 'typeorm';
import type { Tx } from '../db/transaction';
import { revokeGrant } from './grants';
import { OAuthGrant } from './oauth-grant.entity';

/**
 * Disconnects every connected app a member consented to, in the caller's transaction: each grant and
 * its refresh tokens are revoked, and after commit every process's bearer-check cache is flushed, so
 * their access tokens fail on the next call. For a password reset, "sign out everywhere" and a
 * member's removal: whatever ends the member's sessions ends their AI assistants' access too.
 * Returns how many apps were disconnected.
 */
export async function revokeMemberGrants(tx: Tx, input: { orgId: string; memberId: string; now: Date }): Promise<number> {
  const grants = await tx.manager.find(OAuthGrant, { where: { orgId: input.orgId, memberId: input.memberId, revokedAt: IsNull() }, order: { id: 'ASC' } });
  for (const grant of grants) await revokeGrant(tx, { orgId: input.orgId, grantId: grant.id, now: input.now });
  return grants.length;
}
