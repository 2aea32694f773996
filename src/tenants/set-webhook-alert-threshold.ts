import { auditName, authorize, type Actor } from '../access/index';
import { recordAudit } from '../audit/record-audit';
import { inTransaction } from '../db/transaction';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { lockTenant } from './find-tenant';
import { toOrganisationSettings, type OrganisationSettings } from './organisation-settings';
import { Tenant } from './tenant.entity';

/** The threshold's bounds, in minutes: five minutes to seven days. */
export const WEBHOOK_ALERT_MINUTES_MIN = 5;
export const WEBHOOK_ALERT_MINUTES_MAX = 7 * 24 * 60;

/**
 * Sets how long an endpoint's webhook attempts may fail with no success before the tenant's compliance
 * admins and admins are emailed (compliance_admin), with an audit line naming the previous value. The
 * same value again changes nothing and writes no line. Applies from the health check's next run.
 */
export async function setWebhookAlertThreshold(svc: Services, actor: Actor, input: { minutes: number }): Promise<OrganisationSettings> {
  authorize(actor, 'webhook_alerts:configure');
  const { minutes } = input;
  if (!Number.isInteger(minutes) || minutes < WEBHOOK_ALERT_MINUTES_MIN || minutes > WEBHOOK_ALERT_MINUTES_MAX) {
    throw DomainError.validation([{ path: 'minutes', message: `must be a whole number of minutes from ${WEBHOOK_ALERT_MINUTES_MIN} to ${WEBHOOK_ALERT_MINUTES_MAX} (7 days)` }]);
  }
  return inTransaction(svc, async (tx) => {
    const tenant = await lockTenant(tx.manager, actor.orgId);
    if (tenant.webhookAlertAfterMinutes === minutes) return toOrganisationSettings(tenant);
    const now = svc.clock.now();
    await tx.manager.update(Tenant, { id: tenant.id }, { webhookAlertAfterMinutes: minutes, updatedAt: now });
    await recordAudit(tx, {
      orgId: tenant.id, actor: auditName(actor), action: 'webhook_alert_threshold.set', details: { minutes, previous: tenant.webhookAlertAfterMinutes }, at: now,
    });
    return toOrganisationSettings(Object.assign(tenant, { webhookAlertAfterMinutes: minutes }));
  });
}
