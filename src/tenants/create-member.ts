import { authorize, type Actor } from '../access/index';
import { randomUUID } from 'node:crypto';
import { DomainError, type ValidationDetail } from '../errors';
import { inTransaction } from '../db/transaction';
import { hashPassword } from '../security/passwords';
import type { Services } from '../services';
import { isEmail, requireText, throwIfAny } from '../validation';
import { getTenant } from './find-tenant';
import { MEMBER_ROLES, Member, type MemberRole } from './member.entity';
import { insertMember } from './members.repository';
import { checkNewPassword } from './password-rule';

export interface CreateMemberInput {
  email: string;
  password: string;
  role: string;
  name?: string | null;
}

/** Adds a member to a tenant. Emails are unique across the service (one sign-in, one tenant). */
export async function createMember(svc: Services, actor: Actor, input: CreateMemberInput): Promise<Member> {
  authorize(actor, 'members:manage');
  const details: ValidationDetail[] = [];
  if (!isEmail(input.email)) details.push({ path: 'email', message: 'must be a valid email address' });
  checkNewPassword(details, 'password', input.password);
  if (!MEMBER_ROLES.includes(input.role as MemberRole)) details.push({ path: 'role', message: `must be one of ${MEMBER_ROLES.join(', ')}` });
  if (input.name != null) requireText(details, 'name', input.name, 200);
  throwIfAny(details);
  await getTenant(svc, actor.orgId);
  const member = Object.assign(new Member(), {
    id: randomUUID(), orgId: actor.orgId, email: input.email.toLowerCase(), name: input.name ?? null,
    passwordHash: await hashPassword(input.password, svc.config.passwordHashCost), role: input.role as MemberRole, createdAt: svc.clock.now(), removedAt: null,
  });
  try {
    await inTransaction(svc, (tx) => insertMember(tx, member.orgId, member));
  } catch (err) {
    if ((err as { code?: string }).code === 'ER_DUP_ENTRY') throw new DomainError('conflict', 'A member with this email already exists.');
    throw err;
  }
  return member;
}
