import { addressAllowed, announceRevocationAfterCommit, auditName, authorize, normaliseAllowList, requireStepUp, type Actor } from '../access/index';
import { recordAudit } from '../audit/index';
import { inTransaction } from '../db/index';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { lockTenant } from './find-tenant';
import { toOrganisationSettings, type OrganisationSettings } from './organisation-settings';
import { Tenant } from './tenant.entity';

/**
 * Sets the tenant's IP allow-list (admin, step-up, audited as `network.allow_list_set` with the list and the
 * previous one). From then on console sessions, member sign-ins (console and authorization pages) and the
 * tenant's API tokens (token endpoint, every /v1 call) from any other address are refused (`forbidden`). An
 * empty list turns it off. A list that leaves out `address` (the admin's own, as TRUST_PROXY defines it) is
 * refused as a conflict: they would lock themselves out.
 */
export async function setIpAllowList(
  svc: Services, actor: Actor, input: { cidrs: unknown; address: string | undefined },
): Promise<OrganisationSettings> {
  authorize(actor, 'network:configure');
  requireStepUp(actor);
  const cidrs = normaliseAllowList(input.cidrs);
  if (actor.kind === 'member' && !addressAllowed(cidrs, input.address)) {
    throw new DomainError('conflict', `This list would lock you out: your address ${input.address ?? '(unknown)'} is not in it. Add it, then save.`);
  }
  return inTransaction(svc, async (tx) => {
    const tenant = await lockTenant(tx.manager, actor.orgId);
    const previous = tenant.ipAllowList ?? [];
    if (JSON.stringify(previous) === JSON.stringify(cidrs)) return toOrganisationSettings(tenant);
    const now = svc.clock.now();
    const value = cidrs.length ? cidrs : null;
    await tx.manager.update(Tenant, { id: tenant.id }, { ipAllowList: value, updatedAt: now });
    // Every process's bearer checks read the list with the token's live row: they must read it again.
    announceRevocationAfterCommit(tx);
    await recordAudit(tx, { orgId: tenant.id, actor: auditName(actor), action: 'network.allow_list_set', details: { cidrs, previous }, at: now });
    return toOrganisationSettings(Object.assign(tenant, { ipAllowList: value }));
  });
}
