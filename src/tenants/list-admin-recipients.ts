import { type TenantDb } from '../db/index';

/** Who receives the tenant's administrative emails (webhook failure alerts, a removed member's credentials):
 * its compliance admins and admins (admins hold every compliance-admin permission, and a tenant may have no
 * compliance admin at all), members not removed, oldest first. */
export const ADMIN_RECIPIENT_ROLES = ['compliance_admin', 'admin'] as const;

/** The ids of the tenant's admin recipients, in the caller's transaction when given one. */
export async function listAdminRecipients(db: TenantDb): Promise<string[]> {
  const orgId = db.orgId;
  const rows = (await db.query(
    `SELECT id FROM members WHERE org_id = ? AND role IN (${ADMIN_RECIPIENT_ROLES.map(() => '?').join(', ')}) AND removed_at IS NULL ORDER BY created_at, id`,
    [orgId, ...ADMIN_RECIPIENT_ROLES],
  )) as { id: string }[];
  return rows.map((r) => r.id);
}
