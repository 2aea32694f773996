import type { Actor, MemberActor } from '../access/index';
import { DomainError } from '../errors';

/** Notifications belong to one member: only a signed-in member has any. */
export function notifiedMember(actor: Actor): MemberActor {
  if (actor.kind !== 'member') throw new DomainError('unauthenticated', 'Notifications belong to a signed-in member of the console.');
  return actor;
}
