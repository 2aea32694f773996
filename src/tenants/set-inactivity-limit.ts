import { auditName, authorize, requireStepUp, type Actor } from '../access/index';
import { recordAudit } from '../audit/index';
import { inTransaction } from '../db/index';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { lockTenant } from './find-tenant';
import { toOrganisationSettings, type OrganisationSettings } from './organisation-settings';
import { Tenant } from './tenant.entity';

/** The inactivity limit's bounds, in days. */
export const INACTIVITY_DAYS_MIN = 7;
export const INACTIVITY_DAYS_MAX = 730;

/**
 * Sets after how many days without a sign-in a member of the tenant is suspended (admin, step-up, audited as
 * `members.inactivity_limit_set`); null turns it off. The daily job (src/members) and every sign-in apply it.
 */
export async function setInactivityLimit(svc: Services, actor: Actor, input: { days: number | null }): Promise<OrganisationSettings> {
  authorize(actor, 'network:configure');
  requireStepUp(actor);
  const { days } = input;
  if (days !== null && (!Number.isInteger(days) || days < INACTIVITY_DAYS_MIN || days > INACTIVITY_DAYS_MAX)) {
    throw DomainError.validation([{ path: 'days', message: `must be a whole number of days from ${INACTIVITY_DAYS_MIN} to ${INACTIVITY_DAYS_MAX}, or empty (off)` }]);
  }
  return inTransaction(svc, async (tx) => {
    const tenant = await lockTenant(tx.manager, actor.orgId);
    if (tenant.inactivityLimitDays === days) return toOrganisationSettings(tenant);
    const now = svc.clock.now();
    await tx.manager.update(Tenant, { id: tenant.id }, { inactivityLimitDays: days, updatedAt: now });
    await recordAudit(tx, {
      orgId: tenant.id, actor: auditName(actor), action: 'members.inactivity_limit_set', details: { days, previous: tenant.inactivityLimitDays }, at: now,
    });
    return toOrganisationSettings(Object.assign(tenant, { inactivityLimitDays: days }));
  });
}
