import { forTenant } from '../db/index';
import { inTransaction } from '../db/transaction';
import type { Services } from '../services';
import { returnHandedCases } from './return-handed-cases';
import { lapsedAvailability, lockAvailability, writeAvailability } from './work-queues.repository';

/**
 * The passing of an availability's `until` (the sweep, per tenant with queues): each lapsed setting becomes
 * the opposite for good (`available` flipped, `until` cleared; updated_by `system`). A member who becomes
 * unavailable this way (available until the end of their day) loses the untouched cases the queues handed
 * them, as when they set it themselves (returnHandedCases); one who becomes available again (back from
 * leave) is handed waiting cases by the fill that follows in the sweep. Each member in a transaction of its
 * own, the setting locked and read again (a setAvailability meanwhile wins). Returns how many cases went back.
 */
export async function lapseAvailability(svc: Services, orgId: string): Promise<number> {
  let returned = 0;
  for (const memberId of await lapsedAvailability(forTenant(svc.db, orgId), svc.clock.now())) {
    returned += await inTransaction(svc, async (tx) => {
      const db = forTenant(tx.manager, orgId);
      const now = svc.clock.now();
      const row = await lockAvailability(db, memberId);
      if (!row || row.until === null || now < row.until) return 0;
      const lapsed = { memberId, available: !row.available, until: null };
      await writeAvailability(db, lapsed, 'system', now);
      return lapsed.available ? 0 : returnHandedCases(tx, db, memberId, now);
    });
  }
  return returned;
}
