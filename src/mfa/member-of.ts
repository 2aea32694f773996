import { type Actor, type MemberActor } from '../access/index';
import { DomainError } from '../errors';

/** Second factors belong to members: any other caller (a token, the operator) gets not_found. */
export function memberOf(actor: Actor): MemberActor {
  if (actor.kind !== 'member') throw DomainError.notFound('Member');
  return actor;
}
