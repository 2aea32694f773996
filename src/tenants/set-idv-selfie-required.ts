import { auditName, authorize, type Actor } from '../access/index';
import { inTransaction } from '../db/transaction';
import { recordAudit } from '../audit/record-audit';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { lockTenant } from './find-tenant';
import { toOrganisationSettings, type OrganisationSettings } from './organisation-settings';
import { Tenant } from './tenant.entity';

/**
 * Makes identity verification ask each person for a selfie with their ID document, or not, for the actor's
 * tenant (compliance_admin), with an audit line naming the previous value. Setting the current value again
 * changes nothing and writes no line.
 */
export async function setIdvSelfieRequired(svc: Services, actor: Actor, input: { required: boolean }): Promise<OrganisationSettings> {
  authorize(actor, 'idv:configure');
  if (typeof input.required !== 'boolean') throw DomainError.validation([{ path: 'required', message: 'must be true or false' }]);
  return inTransaction(svc, async (tx) => {
    const tenant = await lockTenant(tx.manager, actor.orgId);
    if (tenant.idvRequireSelfie === input.required) return toOrganisationSettings(tenant);
    const now = svc.clock.now();
    await tx.manager.update(Tenant, { id: tenant.id }, { idvRequireSelfie: input.required, updatedAt: now });
    await recordAudit(tx, {
      orgId: tenant.id, actor: auditName(actor), action: 'idv_selfie.set', details: { required: input.required, previous: tenant.idvRequireSelfie }, at: now,
    });
    return toOrganisationSettings(Object.assign(tenant, { idvRequireSelfie: input.required }));
  });
}
