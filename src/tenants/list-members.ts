import { IsNull } from 'typeorm';
import { authorize, type Actor } from '../access/index';
import type { Services } from '../services';
import { Member } from './member.entity';
import type { MemberView } from './member.wire';
import { toMemberView } from './member-views';

/** The actor's tenant's current members (removed ones left out), oldest first. */
export async function listMembers(svc: Services, actor: Actor): Promise<MemberView[]> {
  authorize(actor, 'members:read');
  const rows = await svc.db.manager.find(Member, { where: { orgId: actor.orgId, removedAt: IsNull() }, order: { createdAt: 'ASC', id: 'ASC' } });
  return rows.map(toMemberView);
}
