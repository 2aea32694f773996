import { addressAllowed, addressNotAllowed } from '../access/index';
import type { TenantDb } from '../db/index';

/**
 * Throws `forbidden` ("Address not allowed…") when the tenant has an IP allow-list and `address` (the client's,
 * as TRUST_PROXY defines it) is outside it. One primary-key read, on every door that acts for the tenant.
 */
export async function refuseAddressNotAllowed(db: TenantDb, address: string | undefined): Promise<void> {
  const [row] = (await db.query('SELECT ip_allow_list FROM tenants WHERE id = ?', [db.orgId])) as { ip_allow_list: string | null }[];
  const list = row?.ip_allow_list ? (JSON.parse(row.ip_allow_list) as string[]) : null;
  if (!addressAllowed(list, address)) throw addressNotAllowed();
}
