import { authorize, type Actor } from '../access/index';
import { inTransaction } from '../db/transaction';
import type { Services } from '../services';
import { endSessionsOfMember } from './end-sessions-of-member';

/** Ends every session of the calling member: every console session and every authorization-page sign-in. Returns how many. */
export async function signOutEverywhere(svc: Services, actor: Actor): Promise<number> {
  authorize(actor, 'sessions:own');
  if (actor.kind !== 'member') return 0;
  return inTransaction(svc, (tx) => endSessionsOfMember(tx.manager, { memberId: actor.memberId, now: svc.clock.now() }));
}
