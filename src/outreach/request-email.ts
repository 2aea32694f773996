import { forTenant } from '../db/index';
import type { Tx } from '../db/transaction';
import { createInvite } from '../invites/index';
import { queueCustomerEmail, type CustomerEmailEvent } from '../customer-emails/index';
import type { OutreachCase } from './outreach-case';
import { daysMs, reminderScheduleOf } from './reminder-schedule';
import { REMINDER_TASK } from './reminder-jobs';
import { restartReminder } from './requested-items.repository';

/** The kinds of customer email outreach sends (the invite and identity verification have their own). */
export const OUTREACH_KINDS = ['edd_request', 'document_request', 'reminder'] as const;
export type OutreachKind = (typeof OUTREACH_KINDS)[number];

export interface RequestedItem {
  key: string;
  label: string;
}

const TEXTS: Record<OutreachKind, (company: string) => { subject: string; intro: string }> = {
  edd_request: (company) => ({
    subject: `Additional information needed for ${company}`,
    intro: `To complete our review of ${company}, we need some additional information from you. Please upload each item below through your secure link.`,
  }),
  document_request: (company) => ({
    subject: `Documents requested for ${company}`,
    intro: `To continue with the application for ${company}, we need the documents below. Please upload each one through your secure link.`,
  }),
  reminder: (company) => ({
    subject: `Reminder: information still needed for ${company}`,
    intro: `We are still waiting for the items below for ${company}. Please upload them through your secure link so that we can continue.`,
  }),
};

/**
 * Queues one outreach email to the case's customer in the caller's transaction: the items as a list
 * and an action link that signs the customer in to the portal's upload page (a fresh single-use magic
 * link, stored hashed; the outbox keeps it sealed until sent). `events` are recorded when the mail
 * system accepts it. Returns the email's id and subject.
 */
export async function queueOutreachEmail(
  tx: Tx, c: OutreachCase, kind: OutreachKind, items: RequestedItem[], events: (subject: string) => CustomerEmailEvent[],
  unsubscribeUrl?: string,
): Promise<{ emailId: number; subject: string }> {
  const { subject, intro } = TEXTS[kind](c.companyName ?? 'your application');
  const link = await createInvite(tx, { orgId: c.orgId, casePk: c.casePk, email: c.customerEmail, send: false, purpose: 'evidence' });
  const { emailId } = await queueCustomerEmail(tx, {
    orgId: c.orgId, casePk: c.casePk, kind, recipientEmail: c.customerEmail, recipientName: c.customerName, subject, paragraphs: [intro], items,
    action: { label: 'Upload the requested items', url: link.link, note: 'This personal link signs you in once; if it has expired, the page it opens lets you ask for a new one.' },
    ...(unsubscribeUrl ? { unsubscribeUrl } : {}), events: events(subject),
  });
  return { emailId, subject };
}

/**
 * A request (EDD or documents) starts the case's reminders over under the tenant's schedule, in the
 * request's transaction; the reminder job is scheduled for the first due time after commit.
 */
export async function restartRemindersInTx(tx: Tx, c: OutreachCase): Promise<void> {
  const db = forTenant(tx.manager, c.orgId);
  const now = tx.services.clock.now();
  const schedule = await reminderScheduleOf(db);
  const due = schedule.enabled ? new Date(now.getTime() + daysMs(schedule.firstAfterDays)) : null;
  await restartReminder(db, c.casePk, c.customerEmail, now, due);
  if (due) tx.afterCommit(() => tx.services.jobs.enqueue(REMINDER_TASK, { orgId: c.orgId, casePk: c.casePk }, { jobKey: `${REMINDER_TASK}:${c.orgId}:${c.casePk}`, runAt: due, orgId: c.orgId }));
}
