import type { Actor } from '../access/index';
import type { Services } from '../services';
import type { OrganisationSettings } from './organisation-settings';
import { setTenantSwitch } from './set-tenant-switch';

/**
 * Switches four-eyes approval of monitoring-review verdicts on or off for the actor's tenant
 * (compliance_admin), with an audit line naming the previous value. Setting the current value again
 * changes nothing and writes no line.
 */
export function setFourEyes(svc: Services, actor: Actor, input: { enabled: boolean }): Promise<OrganisationSettings> {
  return setTenantSwitch(svc, actor, { permission: 'four_eyes:toggle', column: 'fourEyes', field: 'enabled', action: 'four_eyes.set', value: input.enabled });
}
