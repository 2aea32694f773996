import { forTenant } from '../db/index';
import { authorize, type Actor } from '../access/index';
import type { Services } from '../services';
import { findReuseWindowDays } from './persons.repository';

/** Default of the tenant's reuse window: an attached ID document is reusable for 365 days after it was attached. */
export const DEFAULT_REUSE_WINDOW_DAYS = 365;

/** The tenant's reuse window: days an ID document attached to a person stays reusable on later cases. */
export async function getPersonReuseWindow(svc: Services, actor: Actor): Promise<{ reuseWindowDays: number }> {
  authorize(actor, 'persons:read');
  return { reuseWindowDays: await findReuseWindowDays(forTenant(svc.db, actor)) };
}
