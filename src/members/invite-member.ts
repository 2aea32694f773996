import { randomUUID } from 'node:crypto';
import { auditName, authorize, type Actor } from '../access/index';
import { recordAudit } from '../audit/record-audit';
import { inTransaction } from '../db/transaction';
import { DomainError, type ValidationDetail } from '../errors';
import { NO_PASSWORD_HASH } from '../security/passwords';
import type { Services } from '../services';
import { isEmail, requireText, throwIfAny } from '../validation';
import { getTenant, insertMember } from '../tenants/index';
import { MEMBER_ROLES, Member, type MemberRole } from '../tenants/index';
import { createMemberToken } from './member-tokens';
import { toMemberView } from '../tenants/index';
import type { MemberView } from '../tenants/index';

export interface InviteMemberInput {
  email: unknown;
  name: unknown;
  role: unknown;
}

/**
 * Adds a member who has no password yet and emails them an invitation with a single-use link to set
 * one (`{APP_URL}/console/accept-invitation?token=…`, 7 days), sent by a worker job after commit.
 * Until they set it nobody can sign in as them. Admins only (members:manage); audited. An email that
 * already belongs to a member (of any tenant: one sign-in, one tenant) is a conflict.
 */
export async function inviteMember(svc: Services, actor: Actor, input: InviteMemberInput): Promise<MemberView> {
  authorize(actor, 'members:manage');
  const details: ValidationDetail[] = [];
  if (!isEmail(input.email)) details.push({ path: 'email', message: 'must be a valid email address' });
  const name = requireText(details, 'name', input.name, 200);
  if (!MEMBER_ROLES.includes(input.role as MemberRole)) details.push({ path: 'role', message: `must be one of ${MEMBER_ROLES.join(', ')}` });
  throwIfAny(details);
  await getTenant(svc, actor.orgId);
  const now = svc.clock.now();
  const member = Object.assign(new Member(), {
    id: randomUUID(), orgId: actor.orgId, email: (input.email as string).toLowerCase(), name,
    passwordHash: NO_PASSWORD_HASH, role: input.role as MemberRole, createdAt: now, removedAt: null,
  });
  try {
    await inTransaction(svc, async (tx) => {
      await insertMember(tx, member.orgId, member);
      const { expiresAt } = await createMemberToken(tx, { orgId: actor.orgId, memberId: member.id, purpose: 'invitation' });
      await recordAudit(tx, {
        orgId: actor.orgId, actor: auditName(actor), action: 'member.invited',
        details: { memberId: member.id, email: member.email, role: member.role, invitationExpiresAt: expiresAt.toISOString() }, at: now,
      });
    });
  } catch (err) {
    if ((err as { code?: string }).code === 'ER_DUP_ENTRY') throw new DomainError('conflict', 'A member with this email already exists.');
    throw err;
  }
  return toMemberView(member);
}
