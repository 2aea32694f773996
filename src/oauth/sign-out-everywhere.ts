import { authorize, type Actor } from '../access/index';
import { inTransaction } from '../db/transaction';
import type { Services } from '../services';
import { endSessionsOfMember } from '../sessions/index';
import { revokeMemberGrants } from './revoke-member-grants';

/**
 * Ends every session of the calling member (every console session and every authorization-page
 * sign-in) and disconnects every AI assistant they connected (connected apps). Returns how many sessions.
 */
export async function signOutEverywhere(svc: Services, actor: Actor): Promise<number> {
  authorize(actor, 'sessions:own');
  if (actor.kind !== 'member') return 0;
  return inTransaction(svc, async (tx) => {
    const now = svc.clock.now();
    const ended = await endSessionsOfMember(tx, actor, { memberId: actor.memberId, now });
    await revokeMemberGrants(tx, { orgId: actor.orgId, memberId: actor.memberId, now });
    return ended;
  });
}
