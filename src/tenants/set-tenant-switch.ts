import { announceRevocationAfterCommit, auditName, authorize, requireStepUp, type Actor, type Permission } from '../access/index';
import { inTransaction } from '../db/transaction';
import { recordAudit } from '../audit/record-audit';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { lockTenant } from './find-tenant';
import { toOrganisationSettings, type OrganisationSettings } from './organisation-settings';
import { Tenant } from './tenant.entity';

type BooleanColumn = 'fourEyes' | 'idvRequireSelfie' | 'idvAcceptDocumentOnFile' | 'mfaRequired';

/**
 * One compliance switch of the actor's tenant turned on or off: `permission` checked, the input field
 * `field` must be a boolean, the tenant row locked, and an audit line `action` with `{[field]: value,
 * previous}`. Setting the current value again changes nothing and writes no line. Every switch is a
 * compliance or security switch: a member with a second factor must have proved it in the last 10 minutes.
 */
export async function setTenantSwitch(
  svc: Services, actor: Actor,
  s: { permission: Permission; column: BooleanColumn; field: string; action: string; value: unknown },
): Promise<OrganisationSettings> {
  authorize(actor, s.permission);
  requireStepUp(actor);
  if (typeof s.value !== 'boolean') throw DomainError.validation([{ path: s.field, message: 'must be true or false' }]);
  const value = s.value;
  return inTransaction(svc, async (tx) => {
    const tenant = await lockTenant(tx.manager, actor.orgId);
    if (tenant[s.column] === value) return toOrganisationSettings(tenant);
    const now = svc.clock.now();
    await tx.manager.update(Tenant, { id: tenant.id }, { [s.column]: value, updatedAt: now });
    // The console session check reads the MFA rule with the session (and caches it): flush it everywhere.
    if (s.column === 'mfaRequired') announceRevocationAfterCommit(tx);
    await recordAudit(tx, {
      orgId: tenant.id, actor: auditName(actor), action: s.action, details: { [s.field]: value, previous: tenant[s.column] }, at: now,
    });
    return toOrganisationSettings(Object.assign(tenant, { [s.column]: value }));
  });
}
