import { Not, type EntityManager } from 'typeorm';
import { crossTenant } from '../db/cross-tenant';
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

/**
 * Writes the public intake link's settings of a tenant locked by the caller (src/intake decides them).
 * Answers false, writing nothing, when the slug changes to one another tenant holds already (an
 * unchanged slug is the tenant's own: no lookup).
 */
export async function writePublicIntake(
  manager: EntityManager, orgId: string, next: { publicIntakeEnabled: boolean; slug: string; previousSlug: string }, now: Date,
): Promise<boolean> {
  const { previousSlug, ...columns } = next;
  if (next.slug !== previousSlug && await crossTenant(manager, 'tenant-slug').existsBy(Tenant, { slug: next.slug, id: Not(orgId) })) return false;
  await manager.update(Tenant, { id: orgId }, { ...columns, updatedAt: now });
  return true;
}

/** Writes how long a verified person may be reused across a tenant's cases (src/persons decides it). */
export async function writePersonReuseDays(manager: EntityManager, orgId: string, days: number, now: Date): Promise<void> {
  await manager.query('UPDATE tenants SET person_reuse_days = ?, updated_at = ? WHERE id = ?', [days, now, orgId]);
}

/** Writes the tenant's "SSO only" switch and its break-glass admin inside the caller's transaction (src/sso decides them). */
export async function writeSsoOnly(manager: EntityManager, orgId: string, setting: { ssoOnly: boolean; breakGlassMemberId: string | null }, now: Date): Promise<void> {
  await manager.query('UPDATE tenants SET sso_only = ?, sso_break_glass_member_id = ?, updated_at = ? WHERE id = ?', [setting.ssoOnly ? 1 : 0, setting.breakGlassMemberId, now, orgId]);
}
