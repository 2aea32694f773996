import type { Actor, MemberActor } from '../access/index';
import { DomainError } from '../errors';

/** The member writing a note: a note carries its author, so only a signed-in member writes one (not the operator, the system or a token). */
export function noteAuthor(actor: Actor): MemberActor {
  if (actor.kind !== 'member') throw new DomainError('unauthenticated', 'Notes are written by a signed-in member of the console.');
  return actor;
}
