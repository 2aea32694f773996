import { IsNull, Not } from 'typeorm';
import { recordAudit } from '../audit/index';
import type { Tx } from '../db/index';
import { revokeMemberGrants } from '../oauth/index';
import { endSessionsOfMember } from '../sessions/index';
import { markMemberSuspended, Member } from '../tenants/index';

/** The refusal of a suspended member's sign-in. */
export const SUSPENDED_MESSAGE = 'Your account is suspended because it was not used for a while. Ask an admin of your organisation to reactivate it.';

/**
 * Suspends a member for inactivity in the caller's transaction: marks them suspended, ends every session of
 * theirs and disconnects their connected apps (grants and refresh tokens; access tokens fail on the next
 * call), audited as `member.suspended` by `actor`. The organisation's last admin who is not suspended is
 * never suspended (nobody could reactivate anyone). Returns whether they were suspended now.
 */
export async function suspendMemberInTx(
  tx: Tx, input: { orgId: string; memberId: string; days: number; now: Date; actor: string },
): Promise<boolean> {
  const { orgId, memberId, now } = input;
  const member = await tx.manager.findOneBy(Member, { orgId, id: memberId, removedAt: IsNull(), suspendedAt: IsNull() });
  if (!member) return false;
  if (member.role === 'admin') {
    const others = await tx.manager.countBy(Member, { orgId, role: 'admin', removedAt: IsNull(), suspendedAt: IsNull(), id: Not(memberId) });
    if (others === 0) return false;
  }
  if (!(await markMemberSuspended(tx, orgId, memberId, now))) return false;
  const sessionsEnded = await endSessionsOfMember(tx, orgId, { memberId, now });
  const appsDisconnected = await revokeMemberGrants(tx, { orgId, memberId, now });
  await recordAudit(tx, {
    orgId, actor: input.actor, action: 'member.suspended',
    details: { memberId, email: member.email, reason: 'inactive', inactivityLimitDays: input.days, sessionsEnded, appsDisconnected }, at: now,
  });
  return true;
}
