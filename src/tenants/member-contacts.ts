import { type TenantDb } from '../db/index';

/** A member as others address them: for mentions and the emails they cause (never a password hash or role). */
export interface MemberContact {
  id: string;
  email: string;
  name: string | null;
}

/** The tenant's current members (removed ones left out), oldest first: whom a note may mention. */
export async function listMemberContacts(db: TenantDb): Promise<MemberContact[]> {
  return (await db.query(
    'SELECT id, email, name FROM members WHERE org_id = ? AND removed_at IS NULL ORDER BY created_at, id', [db.orgId],
  )) as MemberContact[];
}

/** One current member of the tenant, or null (removed, another tenant's, or no such member). */
export async function findMemberContact(db: TenantDb, memberId: string): Promise<MemberContact | null> {
  const [row] = (await db.query(
    'SELECT id, email, name FROM members WHERE org_id = ? AND id = ? AND removed_at IS NULL', [db.orgId, memberId],
  )) as MemberContact[];
  return row ?? null;
}

/** Members by id, removed ones included (a note's author stays named after leaving), in no particular order. */
export async function findMemberContacts(db: TenantDb, memberIds: readonly string[]): Promise<MemberContact[]> {
  const ids = [...new Set(memberIds)];
  if (ids.length === 0) return [];
  return (await db.query(
    `SELECT id, email, name FROM members WHERE org_id = ? AND id IN (${ids.map(() => '?').join(', ')})`, [db.orgId, ...ids],
  )) as MemberContact[];
}
