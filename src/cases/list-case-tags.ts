import { authorize, type Actor } from '../access/index';
import { forTenant } from '../db/index';
import type { Services } from '../services';
import { listTenantTags } from './case-tags.repository';

/** At most this many tags are offered. */
const MAX_LISTED_TAGS = 200;

/** The tags in use on the tenant's cases, alphabetically (at most 200): the choices of the list's tag filter. */
export async function listCaseTags(svc: Services, actor: Actor): Promise<string[]> {
  authorize(actor, 'cases:read');
  return listTenantTags(forTenant(svc.db, actor), MAX_LISTED_TAGS);
}
