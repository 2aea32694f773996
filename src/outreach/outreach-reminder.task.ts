import type { FeatureTask } from '../platform/index';
import { sendDueReminder } from './send-due-reminder';

/** `outreach.reminder` (payload {orgId, casePk}): the case's reminder, if one is due (see sendDueReminder). */
export const outreachReminderTask: FeatureTask = (svc) => async (payload) => {
  const { orgId, casePk } = (payload ?? {}) as { orgId?: unknown; casePk?: unknown };
  if (typeof orgId !== 'string' || !Number.isSafeInteger(casePk) || (casePk as number) <= 0) {
    throw new Error('outreach.reminder: payload must be {orgId: string, casePk: positive integer}');
  }
  const outcome = await sendDueReminder(svc, { orgId, casePk: casePk as number });
  svc.log.debug({ orgId, casePk, outcome }, 'outreach reminder');
};
