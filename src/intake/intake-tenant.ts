import { crossTenant } from '../db/cross-tenant';
import { DomainError } from '../errors';
import { safeColor, safeLogoUrl } from '../invites/index';
import { consumeRateLimit, type RateLimit } from '../access/rate-limit';
import { sourceAddressKey } from '../access/source-address';
import type { Services } from '../services';
import { Tenant } from '../tenants/index';
import { SLUG_PATTERN } from '../tenants/index';
import type { IntakeTenantView } from './intake.wire';

/**
 * The public intake's limits. Every request is counted before anything is looked up, per source address
 * (IPv6 by /64), then per tenant, and for codes per email typed (in that tenant).
 */
export const INTAKE_LIMITS = {
  /** intake.tenant and GET /apply/<slug>: per minute. */
  pageAddress: { name: 'intake-page-address', limit: 60, windowMs: 60_000 },
  pageTenant: { name: 'intake-page-tenant', limit: 1200, windowMs: 60_000 },
  /** intake.start (a code is emailed): per hour. */
  startAddress: { name: 'intake-start-address', limit: 20, windowMs: 3_600_000 },
  startTenant: { name: 'intake-start-tenant', limit: 300, windowMs: 3_600_000 },
  startEmail: { name: 'intake-start-email', limit: 5, windowMs: 3_600_000 },
  /** intake.verify (a code is typed): per hour. */
  verifyAddress: { name: 'intake-verify-address', limit: 60, windowMs: 3_600_000 },
  verifyTenant: { name: 'intake-verify-tenant', limit: 1000, windowMs: 3_600_000 },
  verifyEmail: { name: 'intake-verify-email', limit: 20, windowMs: 3_600_000 },
} as const satisfies Record<string, RateLimit>;

/** The buckets of the limits: `intake:<limit name>:<key>`. */
export const intakeBucket = (rule: RateLimit, key: string): string => `${rule.name}:${key}`;
export const addressKey = (address: string | undefined): string => sourceAddressKey(address);

/**
 * Counts one request in each bucket; throws `rate_limited` (with retryAfterSeconds, the longest wait of
 * the limits that refused) when any refused. Every bucket is counted, refused or not.
 */
export async function enforceIntakeLimits(svc: Services, limits: [RateLimit, string][]): Promise<void> {
  let wait = 0;
  for (const [rule, key] of limits) {
    const state = await consumeRateLimit(svc, intakeBucket(rule, key), rule);
    if (!state.allowed) wait = Math.max(wait, state.resetSeconds);
  }
  if (wait > 0) {
    const when = wait < 120 ? `${wait} seconds` : `${Math.ceil(wait / 60)} minutes`;
    throw new DomainError('rate_limited', `Too many attempts. Try again in ${when}.`, { retryAfterSeconds: wait });
  }
}

/** The one answer for an unknown slug and a tenant whose link is off: they cannot be told apart. */
export const intakeNotFound = (): DomainError =>
  new DomainError('not_found', 'This application link is not active. Check the address, or ask the company for its current link.');

/** The tenant whose enabled public intake link has this slug (any letter case), or null. */
export async function findIntakeTenant(svc: Services, slug: unknown): Promise<Tenant | null> {
  const wanted = typeof slug === 'string' ? slug.trim().toLowerCase() : '';
  if (!SLUG_PATTERN.test(wanted)) return null;
  return crossTenant(svc.db.manager, 'tenant-slug').findOneBy(Tenant, { slug: wanted, publicIntakeEnabled: true });
}

/** The tenant of an enabled link, or not_found (unknown slug and disabled link alike). */
export async function requireIntakeTenant(svc: Services, slug: unknown): Promise<Tenant> {
  const tenant = await findIntakeTenant(svc, slug);
  if (!tenant) throw intakeNotFound();
  return tenant;
}

export const brandingOf = (t: Tenant): IntakeTenantView =>
  ({ name: t.name, brandColor: safeColor(t.brandColor), logoUrl: safeLogoUrl(t.logoUrl) });

/**
 * intake.tenant (public) and the page `/apply/<slug>`: the tenant's branding when its link is on, else
 * not_found. Limited per source address and per tenant (INTAKE_LIMITS.page*).
 */
export async function getIntakeTenant(svc: Services, input: { slug: unknown; address?: string }): Promise<IntakeTenantView> {
  await enforceIntakeLimits(svc, [[INTAKE_LIMITS.pageAddress, addressKey(input.address)]]);
  const tenant = await requireIntakeTenant(svc, input.slug);
  await enforceIntakeLimits(svc, [[INTAKE_LIMITS.pageTenant, tenant.id]]);
  return brandingOf(tenant);
}
