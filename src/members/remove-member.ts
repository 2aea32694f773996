import { auditName, authorize, requireStepUp, type Actor } from '../access/index';
import { recordAudit } from '../audit/record-audit';
import { clearOwnerOfRemovedMember } from '../cases/index';
import { inTransaction } from '../db/transaction';
import { DomainError } from '../errors';
import { queueRemovedMemberCredentialsMail, revokeMemberGrants } from '../oauth/index';
import type { Services } from '../services';
import { endSessionsOfMember } from '../sessions/index';
import { getCurrentMember, lockTenantMembers, refuseLastAdmin } from '../tenants/index';
import { markMemberRemoved } from '../tenants/index';

export interface RemovedMember {
  memberId: string;
  sessionsEnded: number;
  appsDisconnected: number;
  casesUnassigned: number;
}

/**
 * Removes a member from the organisation, all in one transaction: marks them removed (they can no
 * longer sign in; their email stays taken), ends every session of theirs, revokes every connected
 * app they consented to with its refresh tokens (their access tokens fail on the next call: every
 * process's bearer-check cache is flushed after commit), spends their open emailed links, and clears
 * their case ownerships, each with `owner.changed` (reason `member_removed`, changedBy the remover).
 * The pull-API credentials they created keep working; the admins are emailed the list (and the console marks them).
 * Removing oneself or the last admin is a conflict. Admins only (members:manage); audited.
 */
export async function removeMember(svc: Services, actor: Actor, input: { memberId: unknown }): Promise<RemovedMember> {
  authorize(actor, 'members:manage');
  requireStepUp(actor);
  if (actor.kind === 'member' && input.memberId === actor.memberId) {
    throw new DomainError('conflict', 'You cannot remove yourself: ask another admin.');
  }
  return inTransaction(svc, async (tx) => {
    await lockTenantMembers(tx, actor.orgId);
    const member = await getCurrentMember(tx, actor.orgId, input.memberId);
    await refuseLastAdmin(tx, member, 'Removing the last admin');
    const now = svc.clock.now();
    const orgId = actor.orgId;
    await markMemberRemoved(tx, orgId, member.id, now);
    const sessionsEnded = await endSessionsOfMember(tx, actor, { memberId: member.id, now });
    const appsDisconnected = await revokeMemberGrants(tx, { orgId, memberId: member.id, now });
    // Their API credentials keep working (integrations must not stop): the admins are emailed the list.
    const apiClientsLeft = await queueRemovedMemberCredentialsMail(tx, { orgId, memberId: member.id });
    await tx.manager.query(
      'UPDATE member_tokens SET used_at = ?, token_sealed = NULL, token_key_id = NULL WHERE org_id = ? AND member_id = ? AND used_at IS NULL',
      [now, orgId, member.id],
    );
    const casesUnassigned = await clearOwnerOfRemovedMember(tx, { orgId, member: { id: member.id, name: member.name, email: member.email }, changedBy: auditName(actor) });
    await recordAudit(tx, {
      orgId, actor: auditName(actor), action: 'member.removed',
      details: { memberId: member.id, email: member.email, role: member.role, sessionsEnded, appsDisconnected, casesUnassigned, ...(apiClientsLeft ? { apiClientsLeft } : {}) }, at: now,
    });
    return { memberId: member.id, sessionsEnded, appsDisconnected, casesUnassigned };
  });
}
