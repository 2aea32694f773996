import { randomUUID } from 'node:crypto';
import type { Tx } from '../db/index';
import { SERVICE_MEMBER_HASH } from '../security/index';
import { lockTenant } from './find-tenant';
import { Member, type MemberRole } from './member.entity';
import { insertMember } from './members.repository';

/**
 * A member of the tenant that the service itself acts as (the test helpers' Test analyst), created the first
 * time it is asked for, in the caller's transaction: found by its email (unique across the service), else
 * inserted with SERVICE_MEMBER_HASH, so that nobody ever signs in as it. Its name and role say what it is in the
 * members list and in every event and audit line it appears in. A removed one is returned as it is (the caller
 * refuses to act as it).
 */
export async function ensureServiceMember(tx: Tx, orgId: string, input: { email: string; name: string; role: MemberRole }): Promise<Member> {
  const email = input.email.toLowerCase();
  const found = await tx.manager.findOneBy(Member, { orgId, email });
  if (found) return found;
  const member = Object.assign(new Member(), {
    id: randomUUID(), orgId, email, name: input.name, passwordHash: SERVICE_MEMBER_HASH, role: input.role, createdAt: tx.services.clock.now(), removedAt: null,
  });
  // Two first calls at once: the tenant's row serialises them; the second finds the first's member.
  await lockTenant(tx.manager, orgId);
  const again = await tx.manager.findOneBy(Member, { orgId, email });
  if (again) return again;
  await insertMember(tx, orgId, member);
  return member;
}
