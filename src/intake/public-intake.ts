import { auditName, authorize, type Actor } from '../access/index';
import { recordAudit } from '../audit/record-audit';
import { inTransaction } from '../db/transaction';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { getTenant, lockTenant, writePublicIntake } from '../tenants/index';
import { Tenant } from '../tenants/index';
import { isDuplicateSlug, SLUG_PATTERN, SLUG_RULE } from '../tenants/index';
import type { PublicIntakeView } from './intake.wire';

/** `{APP_URL}/apply/<slug>`: the tenant's public intake link. */
export function intakeUrl(appUrl: string, slug: string): string {
  return `${appUrl}/apply/${slug}`;
}

const viewOf = (svc: Services, t: Pick<Tenant, 'slug' | 'publicIntakeEnabled'>): PublicIntakeView =>
  ({ enabled: t.publicIntakeEnabled, slug: t.slug, url: intakeUrl(svc.config.appUrl, t.slug) });

/** The tenant's public intake link and whether it is on (any member). */
export async function getPublicIntake(svc: Services, actor: Actor): Promise<PublicIntakeView> {
  authorize(actor, 'intake:read');
  return viewOf(svc, await getTenant(svc, actor.orgId));
}

const slugTaken = () => DomainError.validation([{ path: 'slug', message: 'is already used by another organisation' }]);

/**
 * Switches the public intake link on or off (compliance_admin), and renames it when `slug` is given
 * (trimmed, lower-cased; SLUG_RULE; unique across tenants: another tenant's is `validation_failed` on
 * `slug`). The old link stops answering at once. One audit line `public_intake.set` with the new and the
 * previous values; a call that changes nothing writes none.
 */
export async function setPublicIntake(svc: Services, actor: Actor, input: { enabled: boolean; slug?: string | null }): Promise<PublicIntakeView> {
  authorize(actor, 'intake:configure');
  if (typeof input.enabled !== 'boolean') throw DomainError.validation([{ path: 'enabled', message: 'must be true or false' }]);
  let slug: string | null = null;
  if (input.slug !== undefined && input.slug !== null) {
    slug = typeof input.slug === 'string' ? input.slug.trim().toLowerCase() : '';
    if (!SLUG_PATTERN.test(slug)) throw DomainError.validation([{ path: 'slug', message: SLUG_RULE }]);
  }
  try {
    return await inTransaction(svc, async (tx) => {
      const tenant = await lockTenant(tx.manager, actor.orgId);
      const next = { publicIntakeEnabled: input.enabled, slug: slug ?? tenant.slug };
      if (next.publicIntakeEnabled === tenant.publicIntakeEnabled && next.slug === tenant.slug) return viewOf(svc, tenant);
      const now = svc.clock.now();
      if (!await writePublicIntake(tx.manager, tenant.id, { ...next, previousSlug: tenant.slug }, now)) throw slugTaken();
      await recordAudit(tx, {
        orgId: tenant.id, actor: auditName(actor), action: 'public_intake.set',
        details: { enabled: next.publicIntakeEnabled, slug: next.slug, previous: { enabled: tenant.publicIntakeEnabled, slug: tenant.slug } },
        at: now,
      });
      return viewOf(svc, next);
    });
  } catch (err) {
    // Two tenants taking the same free slug at once: the unique key refuses the second.
    if (isDuplicateSlug(err)) throw slugTaken();
    throw err;
  }
}
