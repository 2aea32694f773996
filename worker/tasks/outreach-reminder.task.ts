import type { Task } from 'graphile-worker';
import { sendDueReminder } from '../../src/outreach/index';
import { type Services } from '../../src/platform/index';

/** `outreach.reminder` (payload {orgId, casePk}): the case's reminder, if one is due (see sendDueReminder). */
export const outreachReminderTask = (svc: Services): Task => async (payload) => {
  const { orgId, casePk } = (payload ?? {}) as { orgId?: unknown; casePk?: unknown };
  if (typeof orgId !== 'string' || !Number.isSafeInteger(casePk) || (casePk as number) <= 0) {
    throw new Error('outreach.reminder: payload must be {orgId: string, casePk: positive integer}');
  }
  const outcome = await sendDueReminder(svc, { orgId, casePk: casePk as number });
  svc.log.debug({ orgId, casePk, outcome }, 'outreach reminder');
};
