import { announceRevocationAfterCommit } from '../access/index';
import type { Tx } from '../db/index';
import type { Queryable } from '../db/index';
import { crossTenant } from '../db/cross-tenant';
import { Member, type MemberRole } from './member.entity';

/**
 * The writes to member rows: src/tenants owns the `members` table (the Member entity and its lookups are
 * here), so adding a member, changing a role, marking a removal and setting a password are named
 * functions that src/members calls in its own transaction. Each takes the transaction first and the
 * tenant with the member; none checks permissions or rules (its caller does). A change that a cached console
 * session check reads (role, removal, suspension) is announced after the commit (announceRevocationAfterCommit).
 */

/** Inserts a new member row of the tenant (a duplicate email fails with ER_DUP_ENTRY: emails are unique service-wide). */
export async function insertMember(tx: Tx, orgId: string, member: Member): Promise<void> {
  await tx.manager.insert(Member, { ...member, orgId });
}

export async function setMemberRole(tx: Tx, orgId: string, memberId: string, role: MemberRole): Promise<void> {
  await tx.manager.update(Member, { orgId, id: memberId }, { role });
  announceRevocationAfterCommit(tx);
}

/** Marks a member removed: they can no longer sign in, and their email stays taken. */
export async function markMemberRemoved(tx: Tx, orgId: string, memberId: string, at: Date): Promise<void> {
  await tx.manager.update(Member, { orgId, id: memberId }, { removedAt: at });
  announceRevocationAfterCommit(tx);
}

export async function setMemberPasswordHash(tx: Tx, orgId: string, memberId: string, passwordHash: string): Promise<void> {
  await tx.manager.query('UPDATE members SET password_hash = ? WHERE id = ? AND org_id = ?', [passwordHash, memberId, orgId]);
}

/** Marks a member suspended (the inactivity limit): they cannot sign in until reactivated. */
export async function markMemberSuspended(tx: Tx, orgId: string, memberId: string, at: Date): Promise<boolean> {
  const res = (await tx.manager.query(
    'UPDATE members SET suspended_at = ? WHERE id = ? AND org_id = ? AND suspended_at IS NULL AND removed_at IS NULL', [at, memberId, orgId],
  )) as { affectedRows: number };
  announceRevocationAfterCommit(tx);
  return res.affectedRows === 1;
}

/** Lifts a suspension; inactivity counts again from `at`. False when the member was not suspended. */
export async function markMemberReactivated(tx: Tx, orgId: string, memberId: string, at: Date): Promise<boolean> {
  const res = (await tx.manager.query(
    'UPDATE members SET suspended_at = NULL, reactivated_at = ? WHERE id = ? AND org_id = ? AND suspended_at IS NOT NULL AND removed_at IS NULL', [at, memberId, orgId],
  )) as { affectedRows: number };
  return res.affectedRows === 1;
}

/** Records a successful sign-in (the inactivity limit counts from the latest). */
export async function markMemberSignedIn(tx: Tx, orgId: string, memberId: string, at: Date): Promise<void> {
  await tx.manager.query('UPDATE members SET last_sign_in_at = ? WHERE id = ? AND org_id = ?', [at, memberId, orgId]);
}

/**
 * When a member's inactivity started: their last sign-in, or their reactivation or creation when later
 * (a member who never signed in counts from when they were added).
 */
export function inactiveSince(m: Pick<Member, 'lastSignInAt' | 'reactivatedAt' | 'createdAt'>): Date {
  return new Date(Math.max(m.createdAt.getTime(), m.lastSignInAt?.getTime() ?? 0, m.reactivatedAt?.getTime() ?? 0));
}

/** Tenants with an inactivity limit, and the ids of their members (not removed, not suspended) inactive since before it. */
export async function listInactiveMembers(db: Queryable, now: Date): Promise<{ orgId: string; memberId: string; days: number }[]> {
  const rows = (await crossTenant(db, 'sweep').query(
    `SELECT m.org_id, m.id, t.inactivity_limit_days FROM tenants t JOIN members m ON m.org_id = t.id
     WHERE t.inactivity_limit_days IS NOT NULL AND m.removed_at IS NULL AND m.suspended_at IS NULL
       AND GREATEST(m.created_at, COALESCE(m.last_sign_in_at, m.created_at), COALESCE(m.reactivated_at, m.created_at))
           < DATE_SUB(?, INTERVAL t.inactivity_limit_days DAY)
     ORDER BY m.org_id, m.id LIMIT 1000`,
    [now],
  )) as { org_id: string; id: string; inactivity_limit_days: number }[];
  return rows.map((r) => ({ orgId: r.org_id, memberId: r.id, days: Number(r.inactivity_limit_days) }));
}
