import { auditName, authorize, type Actor } from '../access/index';
import { recordAudit } from '../audit/record-audit';
import { inTransaction } from '../db/transaction';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { lockTenant } from './find-tenant';
import { MEMBER_ROLES } from './member.entity';
import { toOrganisationSettings, type OrganisationSettings } from './organisation-settings';
import { Tenant } from './tenant.entity';

/** Roles that may take monitoring-review hand-offs: mlro and above. */
export const MLRO_ROLES = MEMBER_ROLES.slice(MEMBER_ROLES.indexOf('mlro'));

/**
 * Nominates the tenant's default MLRO (compliance_admin): the member monitoring-review hand-offs are
 * assigned to, who must be a current member with the mlro role or above; null clears it (hand-offs
 * then wait in the senior queue). Audited (`default_mlro.set`, with the previous member); setting the
 * current value again changes nothing and writes no line.
 */
export async function setDefaultMlro(svc: Services, actor: Actor, input: { memberId: string | null }): Promise<OrganisationSettings> {
  authorize(actor, 'default_mlro:set');
  const memberId = input.memberId;
  if (memberId !== null && (typeof memberId !== 'string' || !/^[0-9a-f-]{36}$/.test(memberId))) {
    throw DomainError.validation([{ path: 'memberId', message: 'must be a member id or null' }]);
  }
  return inTransaction(svc, async (tx) => {
    const tenant = await lockTenant(tx.manager, actor.orgId);
    if (memberId !== null) {
      const [m]: { role: string }[] = await tx.manager.query(
        'SELECT role FROM members WHERE org_id = ? AND id = ? AND removed_at IS NULL', [tenant.id, memberId],
      );
      if (!m) throw DomainError.validation([{ path: 'memberId', message: 'is not a current member of this organisation' }]);
      if (!(MLRO_ROLES as readonly string[]).includes(m.role)) {
        throw DomainError.validation([{ path: 'memberId', message: `must have the mlro role or above; this member is ${m.role}` }]);
      }
    }
    if (tenant.defaultMlroMemberId === memberId) return toOrganisationSettings(tenant);
    const now = svc.clock.now();
    await tx.manager.update(Tenant, { id: tenant.id }, { defaultMlroMemberId: memberId, updatedAt: now });
    await recordAudit(tx, {
      orgId: tenant.id, actor: auditName(actor), action: 'default_mlro.set', details: { memberId, previous: tenant.defaultMlroMemberId }, at: now,
    });
    return toOrganisationSettings(Object.assign(tenant, { defaultMlroMemberId: memberId }));
  });
}
