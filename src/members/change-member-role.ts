import { auditName, authorize, requireStepUp, type Actor } from '../access/index';
import { recordAudit } from '../audit/record-audit';
import { inTransaction } from '../db/transaction';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { endSessionsOfMember } from '../sessions/index';
import { getCurrentMember, lockTenantMembers, refuseLastAdmin } from '../tenants/index';
import { MEMBER_ROLES, setMemberRole, type MemberRole } from '../tenants/index';
import { toMemberView } from '../tenants/index';
import type { MemberView } from '../tenants/index';

/**
 * Gives a member another role. Every session of theirs (console and authorization pages) ends at
 * once, so they sign in again under the new role. Demoting the last admin is a conflict. Admins only
 * (members:manage); audited. Another tenant's member id is not_found. The same role again changes nothing.
 */
export async function changeMemberRole(svc: Services, actor: Actor, input: { memberId: unknown; role: unknown }): Promise<MemberView> {
  authorize(actor, 'members:manage');
  requireStepUp(actor);
  if (!MEMBER_ROLES.includes(input.role as MemberRole)) {
    throw DomainError.validation([{ path: 'role', message: `must be one of ${MEMBER_ROLES.join(', ')}` }]);
  }
  const role = input.role as MemberRole;
  return inTransaction(svc, async (tx) => {
    await lockTenantMembers(tx, actor.orgId);
    const member = await getCurrentMember(tx, actor.orgId, input.memberId);
    if (member.role === role) return toMemberView(member);
    if (role !== 'admin') await refuseLastAdmin(tx, member, 'Changing the role of the last admin');
    const now = svc.clock.now();
    const previousRole = member.role;
    await setMemberRole(tx, actor.orgId, member.id, role);
    const sessionsEnded = await endSessionsOfMember(tx, actor, { memberId: member.id, now });
    await recordAudit(tx, {
      orgId: actor.orgId, actor: auditName(actor), action: 'member.role_changed',
      details: { memberId: member.id, email: member.email, previousRole, role, sessionsEnded }, at: now,
    });
    return toMemberView(Object.assign(member, { role }));
  });
}
