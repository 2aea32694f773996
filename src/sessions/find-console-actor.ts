import { IsNull } from 'typeorm';
import { memberActor, type MemberActor } from '../access/index';
import type { Services } from '../services';
import { Member } from '../tenants/member.entity';
import { findMemberSession } from './find-member-session';
import type { MemberSession } from './member-session';

/**
 * The member a console session cookie's token signs in, as an Actor with their current role, or null
 * when the token opens no live console session or the member has been removed since.
 */
export async function findConsoleActor(svc: Services, token: unknown): Promise<{ actor: MemberActor; session: MemberSession } | null> {
  const session = await findMemberSession(svc, 'console', token);
  if (!session) return null;
  const member = await svc.db.manager.findOneBy(Member, { id: session.memberId, removedAt: IsNull() });
  return member ? { actor: memberActor(member), session } : null;
}
