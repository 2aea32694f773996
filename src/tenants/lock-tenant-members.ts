import { IsNull, Not, type EntityManager } from 'typeorm';
import type { Tx } from '../db/transaction';
import { DomainError } from '../errors';
import { Member } from './member.entity';

/**
 * Locks the tenant's row until the transaction ends: the one lock that every change of a tenant's
 * members (role, removal) takes first, so that two admins demoting or removing each other at once
 * cannot leave the organisation without an admin.
 */
export async function lockTenantMembers(tx: Tx, orgId: string): Promise<void> {
  await tx.manager.query('SELECT id FROM tenants WHERE id = ? FOR UPDATE', [orgId]);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A current (not removed) member of the tenant, or not_found (another tenant's member is not found either). */
export async function getCurrentMember(tx: Tx, orgId: string, memberId: unknown): Promise<Member> {
  const member = await findCurrentMember(tx.manager, orgId, memberId);
  if (!member) throw DomainError.notFound('Member');
  return member;
}

/** A current (not removed) member of the tenant, or null. */
export async function findCurrentMember(manager: EntityManager, orgId: string, memberId: unknown): Promise<Member | null> {
  return typeof memberId === 'string' && UUID.test(memberId) ? manager.findOneBy(Member, { orgId, id: memberId, removedAt: IsNull() }) : null;
}

/** Refuses a change that would leave the tenant with no admin (the member given is an admin about to stop being one). */
export async function refuseLastAdmin(tx: Tx, member: Member, what: string): Promise<void> {
  if (member.role !== 'admin') return;
  const others = await tx.manager.countBy(Member, { orgId: member.orgId, role: 'admin', removedAt: IsNull(), id: Not(member.id) });
  if (others === 0) throw new DomainError('conflict', `${what} would leave the organisation without an admin: make another member admin first.`);
}
