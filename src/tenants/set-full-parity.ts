import { auditName, authorize, requireStepUp, type Actor } from '../access/index';
import { inTransaction } from '../db/transaction';
import { recordAudit } from '../audit/record-audit';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { lockTenant } from './find-tenant';
import { toOrganisationSettings, type OrganisationSettings } from './organisation-settings';
import { Tenant } from './tenant.entity';

/** Why a compliance admin cannot switch full-parity egress on yet. */
export const FULL_PARITY_NOT_ENTITLED_MESSAGE =
  'Full-parity egress is not unlocked for this organisation. The service operator must grant the entitlement before it can be switched on.';

/**
 * Sets the operator entitlement and/or the tenant's toggle for full-parity egress, with an audit line.
 * Full parity is effective only when both are on. The entitlement is the operator's alone
 * (full_parity:entitle, the CLI's org:full-parity); the toggle needs compliance_admin (full_parity:toggle,
 * the console's setFullParityEgress). An absent field is unchanged; a call that changes nothing writes no audit line. Switching on without the entitlement
 * is forbidden (switching off never is); withdrawing the entitlement also switches the toggle off, so a
 * later re-entitlement never restarts egress of full case data without a compliance admin's fresh choice.
 * Zero retention needs full parity: whatever turns full parity off (the toggle or the entitlement) also
 * turns zero retention off, in the same audit line (`zeroRetention`), so no purge waits on packages that
 * are no longer sent; turning full parity on again leaves it off until a compliance admin chooses again.
 */
export async function setFullParity(
  svc: Services,
  actor: Actor,
  input: { entitled?: boolean; enabled?: boolean },
): Promise<OrganisationSettings> {
  if (input.entitled !== undefined) authorize(actor, 'full_parity:entitle');
  if (input.enabled !== undefined) authorize(actor, 'full_parity:toggle');
  requireStepUp(actor);
  return inTransaction(svc, async (tx) => {
    const locked = await lockTenant(tx.manager, actor.orgId);
    const entitled = input.entitled ?? locked.fullParityEntitled;
    if (input.enabled === true && !entitled) throw new DomainError('forbidden', FULL_PARITY_NOT_ENTITLED_MESSAGE, { requiredEntitlement: 'full_parity' });
    const enabled = entitled ? (input.enabled ?? locked.fullParityEnabled) : false;
    if (entitled === locked.fullParityEntitled && enabled === locked.fullParityEnabled) return toOrganisationSettings(locked);
    const now = svc.clock.now();
    const zeroRetention = locked.zeroRetention && enabled;
    const zeroRetentionSince = zeroRetention ? locked.zeroRetentionSince : null;
    await tx.manager.update(Tenant, { id: actor.orgId }, { fullParityEntitled: entitled, fullParityEnabled: enabled, zeroRetention, zeroRetentionSince, updatedAt: now });
    await recordAudit(tx, {
      orgId: actor.orgId, actor: auditName(actor), action: 'full_parity.set',
      details: {
        entitled, enabled, ...(locked.zeroRetention ? { zeroRetention } : {}),
        previous: { entitled: locked.fullParityEntitled, enabled: locked.fullParityEnabled, ...(locked.zeroRetention ? { zeroRetention: true } : {}) },
      },
      at: now,
    });
    return toOrganisationSettings(Object.assign(locked, { fullParityEntitled: entitled, fullParityEnabled: enabled, zeroRetention, zeroRetentionSince }));
  });
}
