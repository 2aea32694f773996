import { DomainError } from '../errors';
import { authorize, type Actor } from '../access/index';
import type { Services } from '../services';
import type { OrganisationSettings } from './organisation-settings';
import { setTenantSwitch } from './set-tenant-switch';

/**
 * Requires a second factor of every member of the actor's tenant (admin, audited as `mfa.required_set`,
 * step-up). A member without one is sent to enrolment at their next request and can do nothing else until
 * enrolled. An admin who has no second factor themselves cannot turn it on (they would lock themselves
 * into enrolment): they enrol first.
 */
export function setMfaRequired(svc: Services, actor: Actor, input: { enabled: boolean }): Promise<OrganisationSettings> {
  authorize(actor, 'mfa:configure');
  if (input.enabled === true && actor.kind === 'member' && actor.secondFactor && !actor.secondFactor.enrolled) {
    throw new DomainError('conflict', 'Set up your own second factor (Security, in your profile) before requiring one of every member.');
  }
  return setTenantSwitch(svc, actor, { permission: 'mfa:configure', column: 'mfaRequired', field: 'enabled', action: 'mfa.required_set', value: input.enabled });
}
