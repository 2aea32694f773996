import type { FeatureModule } from '../platform/index';
import { sweepCustomerEmails } from './deliver-customer-email';
import { outreachReminderTask } from './outreach-reminder.task';
import { SEND_CUSTOMER_EMAIL_TASK } from './queue-customer-email';
import { REMINDER_TASK } from './reminder-jobs';
import { sendCustomerEmailTask } from './send-customer-email.task';
import { sweepReminders } from './sweep-reminders';

/**
 * Customer-facing emails other than the invite (IDV links, EDD requests, outreach, reminders) and a case's due
 * reminder: their jobs; customer emails whose send job was lost, and reminders that are due but whose scheduled job was lost.
 */
export const outreachModule: FeatureModule = {
  name: 'outreach',
  tasks: { [SEND_CUSTOMER_EMAIL_TASK]: sendCustomerEmailTask, [REMINDER_TASK]: outreachReminderTask },
  sweeps: [
    { name: 'customer email sweep', order: 40, run: sweepCustomerEmails },
    { name: 'reminder sweep', order: 90, run: sweepReminders },
  ],
};
