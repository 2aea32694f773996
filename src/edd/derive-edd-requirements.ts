import { forTenant } from '../db/index';
import type { Tx } from '../db/transaction';
import { activeDecisionPolicy } from '../policy/index';
import { changeEddRequirementInTx } from './change-edd-requirement';
import { listEddRequirements } from './edd.repository';

/**
 * The case's EDD requirements for its band, from the active decision policy's EDD items, inside the
 * risk assessment's transaction (the case row locked): each item the case does not have yet is added
 * `outstanding` by `system` (edd.requirements.changed with previousStatus null). Nothing is removed or
 * reopened: a band lowered later leaves the items for an analyst to waive, and an item already received
 * or waived stays so.
 */
export async function deriveEddRequirementsInTx(tx: Tx, orgId: string, casePk: number, band: string): Promise<number> {
  const db = forTenant(tx.manager, orgId);
  const policy = await activeDecisionPolicy(db, tx.services.clock.now());
  const items = policy.definition.eddItems[band as keyof typeof policy.definition.eddItems] ?? [];
  if (!items.length) return 0;
  const have = new Set((await listEddRequirements(db, casePk)).map((r) => r.reqKey));
  let added = 0;
  for (const item of items) {
    if (have.has(item.key)) continue;
    await changeEddRequirementInTx(tx, { orgId, casePk, reqKey: item.key, label: item.label, source: 'policy', status: 'outstanding', note: '', updatedBy: 'system' });
    added++;
  }
  return added;
}
