import { type TenantDb } from '../../db/index';

/** A case owned by a member, as the owner-clearing step of a member removal reads it. */
export interface OwnedCase {
  pk: number;
  ownerName: string | null;
  ownerEmail: string | null;
}

/** Locks and returns the tenant's cases owned by `memberId`, in pk order (one lock order for every caller). */
export async function lockCasesOwnedBy(db: TenantDb, memberId: string): Promise<OwnedCase[]> {
  const rows: { pk: number; owner_name: string | null; owner_email: string | null }[] = await db.query(
    'SELECT pk, owner_name, owner_email FROM cases WHERE org_id = ? AND owner_member_id = ? ORDER BY pk FOR UPDATE', [db.orgId, memberId],
  );
  return rows.map((r) => ({ pk: r.pk, ownerName: r.owner_name, ownerEmail: r.owner_email }));
}

/** Clears the owner of one case (still owned by `memberId`). */
export async function clearCaseOwner(db: TenantDb, casePk: number, memberId: string, now: Date): Promise<void> {
  const orgId = db.orgId;
  await db.query(
    'UPDATE cases SET owner_member_id = NULL, owner_name = NULL, owner_email = NULL, updated_at = ? WHERE org_id = ? AND pk = ? AND owner_member_id = ?',
    [now, orgId, casePk, memberId],
  );
}
