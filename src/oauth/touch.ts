import { crossTenant } from '../db/cross-tenant';
import type { Services } from '../services';

/** last_used_at is kept to the minute: written at most once a minute per client or grant, not per request. */
const TOUCH_EVERY_MS = 60_000;

/** A client's last use: a tenant's API client or a connector (a row of no tenant, used by many). */
export async function touchClient(svc: Services, clientId: string, now: Date): Promise<void> {
  await crossTenant(svc.db, 'service-operator').query(
    'UPDATE oauth_clients SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at < ?)',
    [now, clientId, new Date(now.getTime() - TOUCH_EVERY_MS)],
  );
}

export async function touchGrant(svc: Services, orgId: string, grantId: string, now: Date): Promise<void> {
  await svc.db.query(
    'UPDATE oauth_grants SET last_used_at = ? WHERE org_id = ? AND id = ? AND (last_used_at IS NULL OR last_used_at < ?)',
    [now, orgId, grantId, new Date(now.getTime() - TOUCH_EVERY_MS)],
  );
}

/** Whether a stored last_used_at is old enough to be written again. */
export function isStale(lastUsedAt: Date | null, now: Date): boolean {
  return !lastUsedAt || now.getTime() - lastUsedAt.getTime() >= TOUCH_EVERY_MS;
}
