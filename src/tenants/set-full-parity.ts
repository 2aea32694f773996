import { auditName, authorize, type Actor } from '../access/index';
import { inTransaction } from '../db/transaction';
import { recordAudit } from '../audit/record-audit';
import type { Services } from '../services';
import { getTenant } from './find-tenant';
import { Tenant } from './tenant.entity';

/**
 * Sets the operator entitlement and/or the tenant's toggle for full-parity egress, with an audit line.
 * Full parity is effective only when both are on. The entitlement is the operator's alone
 * (full_parity:entitle); the toggle needs compliance_admin (full_parity:toggle). An absent field is unchanged.
 */
export async function setFullParity(
  svc: Services,
  actor: Actor,
  input: { entitled?: boolean; enabled?: boolean },
): Promise<{ orgId: string; fullParityEntitled: boolean; fullParityEnabled: boolean }> {
  if (input.entitled !== undefined) authorize(actor, 'full_parity:entitle');
  if (input.enabled !== undefined) authorize(actor, 'full_parity:toggle');
  const tenant = await getTenant(svc, actor.orgId);
  const entitled = input.entitled ?? tenant.fullParityEntitled;
  const enabled = input.enabled ?? tenant.fullParityEnabled;
  const now = svc.clock.now();
  await inTransaction(svc, async (tx) => {
    await tx.manager.update(Tenant, { id: actor.orgId }, { fullParityEntitled: entitled, fullParityEnabled: enabled, updatedAt: now });
    await recordAudit(tx, { orgId: actor.orgId, actor: auditName(actor), action: 'full_parity.set', details: { entitled, enabled }, at: now });
  });
  return { orgId: actor.orgId, fullParityEntitled: entitled, fullParityEnabled: enabled };
}
