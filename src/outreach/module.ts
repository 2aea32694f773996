import type { FeatureModule } from '../platform/index';
import { outreachReminderTask } from './outreach-reminder.task';
import { REMINDER_TASK } from './reminder-jobs';
import { sweepReminders } from './sweep-reminders';

/** A case's due reminder, and reminders that are due but whose scheduled job was lost. */
export const outreachModule: FeatureModule = {
  name: 'outreach',
  tasks: { [REMINDER_TASK]: outreachReminderTask },
  sweeps: [{ name: 'reminder sweep', order: 90, run: sweepReminders }],
};
