import type { Tx } from '../db/transaction';
import { Member, type MemberRole } from './member.entity';

/**
 * The writes to member rows: src/tenants owns the `members` table (the Member entity and its lookups are
 * here), so adding a member, changing a role, marking a removal and setting a password are named
 * functions that src/members calls in its own transaction. Each takes the transaction first and the
 * tenant with the member; none checks permissions or rules (its caller does).
 */

/** Inserts a new member row of the tenant (a duplicate email fails with ER_DUP_ENTRY: emails are unique service-wide). */
export async function insertMember(tx: Tx, orgId: string, member: Member): Promise<void> {
  await tx.manager.insert(Member, { ...member, orgId });
}

export async function setMemberRole(tx: Tx, orgId: string, memberId: string, role: MemberRole): Promise<void> {
  await tx.manager.update(Member, { orgId, id: memberId }, { role });
}

/** Marks a member removed: they can no longer sign in, and their email stays taken. */
export async function markMemberRemoved(tx: Tx, orgId: string, memberId: string, at: Date): Promise<void> {
  await tx.manager.update(Member, { orgId, id: memberId }, { removedAt: at });
}

export async function setMemberPasswordHash(tx: Tx, orgId: string, memberId: string, passwordHash: string): Promise<void> {
  await tx.manager.query('UPDATE members SET password_hash = ? WHERE id = ? AND org_id = ?', [passwordHash, memberId, orgId]);
}
