import { auditName, authorize, requireStepUp, type Actor } from '../access/index';
import { recordAudit } from '../audit/index';
import { inTransaction } from '../db/index';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { getCurrentMember, markMemberReactivated, toMemberView, type MemberView } from '../tenants/index';

/**
 * Lifts a member's suspension (admin, step-up, audited as `member.reactivated`): they can sign in again, and
 * inactivity counts from now. Conflict when they are not suspended; not_found for another tenant's member.
 */
export async function reactivateMember(svc: Services, actor: Actor, input: { memberId: unknown }): Promise<MemberView> {
  authorize(actor, 'members:manage');
  requireStepUp(actor);
  return inTransaction(svc, async (tx) => {
    const member = await getCurrentMember(tx, actor.orgId, input.memberId);
    const now = svc.clock.now();
    if (!(await markMemberReactivated(tx, actor.orgId, member.id, now))) throw new DomainError('conflict', 'This member is not suspended.');
    await recordAudit(tx, { orgId: actor.orgId, actor: auditName(actor), action: 'member.reactivated', details: { memberId: member.id, email: member.email }, at: now });
    return toMemberView(Object.assign(member, { suspendedAt: null, reactivatedAt: now }));
  });
}
