import { forTenant } from '../db/index';
import { CLOSED_STATUSES, type CaseStatus } from '../cases/index';
import { findCaseRowByPk, lockCase } from '../cases/index';
import { inTransaction } from '../db/transaction';
import type { Services } from '../services';
import { queueOutreachEmail } from './request-email';
import { daysMs, reminderScheduleOf } from './reminder-schedule';
import { REMINDER_TASK } from './reminder-jobs';
import { advanceReminder, findReminder, listRequestedItems, stopReminder } from './requested-items.repository';
import { unsubscribeUrl } from './unsubscribe';

export type ReminderOutcome = 'sent' | 'not_due' | 'none' | 'stopped_closed' | 'stopped_received' | 'stopped_unsubscribed' | 'stopped_limit';

/**
 * Sends a case's due reminder (the `outreach.reminder` job; system work, the job names the tenant). In
 * one transaction, with the case and its reminder state locked: nothing when none is scheduled or it is
 * not due yet by svc.clock (a job that ran early is scheduled again for the due time); the reminders
 * stop when the case is closed, every requested item has arrived (received or waived), or the
 * recipient unsubscribed; otherwise the reminder email listing the outstanding items is queued (kind
 * `reminder`, sentBy `system`, with List-Unsubscribe) and the slot is used up and the next one
 * scheduled, in that same transaction. So a slot is queued once, whatever crashes or duplicate jobs.
 */
export async function sendDueReminder(svc: Services, ref: { orgId: string; casePk: number }): Promise<ReminderOutcome> {
  return inTransaction(svc, async (tx) => {
    const db = forTenant(tx.manager, ref.orgId);
    await lockCase(db, ref.casePk);
    const reminder = await findReminder(db, ref.casePk, true);
    if (!reminder || !reminder.nextDueAt) return 'none';
    const now = svc.clock.now();
    if (reminder.nextDueAt.getTime() > now.getTime()) {
      const runAt = reminder.nextDueAt;
      tx.afterCommit(() => svc.jobs.enqueue(REMINDER_TASK, { ...ref }, { jobKey: `${REMINDER_TASK}:${ref.orgId}:${ref.casePk}`, runAt, orgId: ref.orgId }));
      return 'not_due';
    }
    const c = await findCaseRowByPk(db, ref.casePk);
    const stop = async (reason: string, outcome: ReminderOutcome) => {
      await stopReminder(db, ref.casePk, reason, now);
      return outcome;
    };
    if (!c || CLOSED_STATUSES.includes(c.status as CaseStatus) || !c.customerEmail) return stop('case_closed', 'stopped_closed');
    if (reminder.unsubscribedAt) return stop('unsubscribed', 'stopped_unsubscribed');
    const outstanding = (await listRequestedItems(db, ref.casePk)).filter((i) => i.status === 'outstanding');
    if (!outstanding.length) return stop('received', 'stopped_received');
    const schedule = await reminderScheduleOf(db);
    if (!schedule.enabled || reminder.sentCount >= schedule.maxReminders) return stop(schedule.enabled ? 'limit' : 'disabled', 'stopped_limit');

    const items = outstanding.map((i) => ({ key: i.key, label: i.label }));
    const recipient = reminder.recipientEmail;
    const oc = { orgId: ref.orgId, casePk: ref.casePk, status: c.status, customerEmail: recipient, customerName: c.customerName, companyName: c.companyName };
    await queueOutreachEmail(tx, oc, 'reminder', items, (subject) => [
      { type: 'outreach.email.sent', fields: { kind: 'reminder', recipientEmail: recipient, subject, itemCount: items.length, items, sentBy: 'system' } },
    ], unsubscribeUrl(svc.config, reminder.id, reminder.recipientEmail));
    const sent = reminder.sentCount + 1;
    const next = sent < schedule.maxReminders ? new Date(now.getTime() + daysMs(schedule.everyDays)) : null;
    await advanceReminder(db, ref.casePk, sent, now, next);
    if (next) tx.afterCommit(() => svc.jobs.enqueue(REMINDER_TASK, { ...ref }, { jobKey: `${REMINDER_TASK}:${ref.orgId}:${ref.casePk}`, runAt: next, orgId: ref.orgId }));
    return 'sent';
  });
}
