import { type TenantDb } from '../db/index';

/** Whether the tenant's four-eyes setting is on: a second member must approve what one member signed off. */
export async function fourEyesOn(db: TenantDb): Promise<boolean> {
  const orgId = db.orgId;
  const [row]: { four_eyes: number | string }[] = await db.query('SELECT four_eyes FROM tenants WHERE id = ?', [orgId]);
  return Number(row?.four_eyes ?? 1) === 1;
}
