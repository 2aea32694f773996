import type { Actor } from '../access/index';
import type { Services } from '../services';
import type { OrganisationSettings } from './organisation-settings';
import { setTenantSwitch } from './set-tenant-switch';

/**
 * Lets a valid, accepted passport or ID card already on file stand in for a verification link even when the
 * tenant requires a selfie or verifies through a hosted vendor, or not (compliance_admin), with an audit line
 * naming the previous value. Without it such a tenant always sends the link. Setting the current value again
 * changes nothing and writes no line.
 */
export function setIdvAcceptDocumentOnFile(svc: Services, actor: Actor, input: { accept: boolean }): Promise<OrganisationSettings> {
  return setTenantSwitch(svc, actor, { permission: 'idv:configure', column: 'idvAcceptDocumentOnFile', field: 'accept', action: 'idv_document_on_file.set', value: input.accept });
}
