import { auditName, authorize, type Actor } from '../access/index';
import { inTransaction } from '../db/transaction';
import { recordAudit } from '../audit/record-audit';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { lockTenant } from './find-tenant';
import { toOrganisationSettings, type OrganisationSettings } from './organisation-settings';
import { Tenant } from './tenant.entity';

/**
 * Lets a valid, accepted passport or ID card already on file stand in for a verification link even when the
 * tenant requires a selfie or verifies through a hosted vendor, or not (compliance_admin), with an audit line
 * naming the previous value. Without it such a tenant always sends the link. Setting the current value again
 * changes nothing and writes no line.
 */
export async function setIdvAcceptDocumentOnFile(svc: Services, actor: Actor, input: { accept: boolean }): Promise<OrganisationSettings> {
  authorize(actor, 'idv:configure');
  if (typeof input.accept !== 'boolean') throw DomainError.validation([{ path: 'accept', message: 'must be true or false' }]);
  return inTransaction(svc, async (tx) => {
    const tenant = await lockTenant(tx.manager, actor.orgId);
    if (tenant.idvAcceptDocumentOnFile === input.accept) return toOrganisationSettings(tenant);
    const now = svc.clock.now();
    await tx.manager.update(Tenant, { id: tenant.id }, { idvAcceptDocumentOnFile: input.accept, updatedAt: now });
    await recordAudit(tx, {
      orgId: tenant.id, actor: auditName(actor), action: 'idv_document_on_file.set', details: { accept: input.accept, previous: tenant.idvAcceptDocumentOnFile }, at: now,
    });
    return toOrganisationSettings(Object.assign(tenant, { idvAcceptDocumentOnFile: input.accept }));
  });
}
