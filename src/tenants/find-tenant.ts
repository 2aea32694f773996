import { DomainError } from '../errors';
import type { Services } from '../services';
import { Tenant } from './tenant.entity';

/** The tenant, or not_found. */
export async function getTenant(svc: Services, orgId: string): Promise<Tenant> {
  const tenant = /^[0-9a-f-]{36}$/.test(orgId) ? await svc.db.manager.findOneBy(Tenant, { id: orgId }) : null;
  if (!tenant) throw DomainError.notFound('Organisation');
  return tenant;
}
