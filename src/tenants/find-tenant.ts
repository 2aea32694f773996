import type { EntityManager } from 'typeorm';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { Tenant } from './tenant.entity';

const UUID_SHAPE = /^[0-9a-f-]{36}$/;

/** The tenant, or not_found. */
export async function getTenant(svc: Services, orgId: string): Promise<Tenant> {
  const tenant = UUID_SHAPE.test(orgId) ? await svc.db.manager.findOneBy(Tenant, { id: orgId }) : null;
  if (!tenant) throw DomainError.notFound('Organisation');
  return tenant;
}

/** The tenant locked for update inside the caller's transaction (settings changes), or not_found. */
export async function lockTenant(manager: EntityManager, orgId: string): Promise<Tenant> {
  const tenant = UUID_SHAPE.test(orgId) ? await manager.findOne(Tenant, { where: { id: orgId }, lock: { mode: 'pessimistic_write' } }) : null;
  if (!tenant) throw DomainError.notFound('Organisation');
  return tenant;
}
