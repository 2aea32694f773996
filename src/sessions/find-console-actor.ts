import { memberActor, type MemberActor } from '../access/index';
import type { Services } from '../services';
import { findMemberSessionWithMember } from './find-member-session';
import type { MemberSession } from './member-session';

/**
 * The member a console session cookie's token signs in, as an Actor with their current role, or null
 * when the token opens no live console session or the member has been removed since (one statement).
 */
export async function findConsoleActor(svc: Services, token: unknown): Promise<{ actor: MemberActor; session: MemberSession } | null> {
  const found = await findMemberSessionWithMember(svc, 'console', token);
  return found ? { actor: memberActor(found.member), session: found.session } : null;
}
