import { inTransaction } from '../db/transaction';
import { recordAudit } from '../audit/record-audit';
import type { Services } from '../services';
import { getTenant } from './find-tenant';
import { Tenant } from './tenant.entity';

/**
 * Sets the operator entitlement and the tenant toggle for full-parity egress, with an audit line.
 * Full parity is effective only when both are on.
 */
export async function setFullParity(
  svc: Services,
  input: { orgId: string; entitled: boolean; enabled: boolean; actor: string },
): Promise<{ orgId: string; fullParityEntitled: boolean; fullParityEnabled: boolean }> {
  await getTenant(svc, input.orgId);
  const now = svc.clock.now();
  await inTransaction(svc, async (tx) => {
    await tx.manager.update(Tenant, { id: input.orgId }, { fullParityEntitled: input.entitled, fullParityEnabled: input.enabled, updatedAt: now });
    await recordAudit(tx, { orgId: input.orgId, actor: input.actor, action: 'full_parity.set', details: { entitled: input.entitled, enabled: input.enabled }, at: now });
  });
  return { orgId: input.orgId, fullParityEntitled: input.entitled, fullParityEnabled: input.enabled };
}
