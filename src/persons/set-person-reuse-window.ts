import { forTenant } from '../db/index';
import { auditName, authorize, type Actor } from '../access/index';
import { recordAudit } from '../audit/record-audit';
import { inTransaction } from '../db/transaction';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { writePersonReuseDays } from '../tenants/index';
import { findReuseWindowDays } from './persons.repository';

/** The longest reuse window: about five years. */
export const MAX_REUSE_WINDOW_DAYS = 1825;

/**
 * Sets the tenant's reuse window (compliance_admin), 1 to 1825 days, with an audit line naming the
 * previous value. Setting the current value again changes nothing and writes no line.
 */
export async function setPersonReuseWindow(svc: Services, actor: Actor, input: { days: number }): Promise<{ reuseWindowDays: number }> {
  authorize(actor, 'persons:configure');
  if (!Number.isInteger(input.days) || input.days < 1 || input.days > MAX_REUSE_WINDOW_DAYS) {
    throw DomainError.validation([{ path: 'days', message: `must be a whole number of days from 1 to ${MAX_REUSE_WINDOW_DAYS}` }]);
  }
  return inTransaction(svc, async (tx) => {
    const previous = await findReuseWindowDays(forTenant(tx.manager, actor), true);
    if (previous === input.days) return { reuseWindowDays: previous };
    const now = svc.clock.now();
    await writePersonReuseDays(tx.manager, actor.orgId, input.days, now);
    await recordAudit(tx, { orgId: actor.orgId, actor: auditName(actor), action: 'person_reuse_window.set', details: { days: input.days, previous }, at: now });
    return { reuseWindowDays: input.days };
  });
}
