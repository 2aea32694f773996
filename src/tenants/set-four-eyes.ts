import { auditName, authorize, type Actor } from '../access/index';
import { inTransaction } from '../db/transaction';
import { recordAudit } from '../audit/record-audit';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { lockTenant } from './find-tenant';
import { toOrganisationSettings, type OrganisationSettings } from './organisation-settings';
import { Tenant } from './tenant.entity';

/**
 * Switches four-eyes approval of monitoring-review verdicts on or off for the actor's tenant
 * (compliance_admin), with an audit line naming the previous value. Setting the current value again
 * changes nothing and writes no line.
 */
export async function setFourEyes(svc: Services, actor: Actor, input: { enabled: boolean }): Promise<OrganisationSettings> {
  authorize(actor, 'four_eyes:toggle');
  if (typeof input.enabled !== 'boolean') throw DomainError.validation([{ path: 'enabled', message: 'must be true or false' }]);
  return inTransaction(svc, async (tx) => {
    const tenant = await lockTenant(tx.manager, actor.orgId);
    if (tenant.fourEyes === input.enabled) return toOrganisationSettings(tenant);
    const now = svc.clock.now();
    await tx.manager.update(Tenant, { id: tenant.id }, { fourEyes: input.enabled, updatedAt: now });
    await recordAudit(tx, {
      orgId: tenant.id, actor: auditName(actor), action: 'four_eyes.set', details: { enabled: input.enabled, previous: tenant.fourEyes }, at: now,
    });
    return toOrganisationSettings(Object.assign(tenant, { fourEyes: input.enabled }));
  });
}
