import { forTenant } from '../db/index';
import type { Services } from '../services';
import { dueRemindersOfTenant } from './requested-items.repository';
import { sendDueReminder } from './send-due-reminder';

/** Most reminders one call sends. */
const BATCH = 500;

/**
 * Sends the due reminders of one tenant's cases, by svc.clock's now, each as its job would (sendDueReminder),
 * restricted by `only` to some of those cases: a tenant's test clock (src/test-helpers) runs its test cases'
 * reminders at the test time this way, touching no other case. Returns how many it sent.
 */
export async function sendDueRemindersOf(svc: Services, orgId: string, only: (casePks: number[]) => Promise<number[]>): Promise<number> {
  const due = await only(await dueRemindersOfTenant(forTenant(svc.db, orgId), svc.clock.now(), BATCH));
  let sent = 0;
  for (const casePk of due) if ((await sendDueReminder(svc, { orgId, casePk })) === 'sent') sent++;
  return sent;
}
