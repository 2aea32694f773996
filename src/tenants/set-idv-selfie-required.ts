import type { Actor } from '../access/index';
import type { Services } from '../services';
import type { OrganisationSettings } from './organisation-settings';
import { setTenantSwitch } from './set-tenant-switch';

/**
 * Makes identity verification ask each person for a selfie with their ID document, or not, for the actor's
 * tenant (compliance_admin), with an audit line naming the previous value. Setting the current value again
 * changes nothing and writes no line.
 */
export function setIdvSelfieRequired(svc: Services, actor: Actor, input: { required: boolean }): Promise<OrganisationSettings> {
  return setTenantSwitch(svc, actor, { permission: 'idv:configure', column: 'idvRequireSelfie', field: 'required', action: 'idv_selfie.set', value: input.required });
}
