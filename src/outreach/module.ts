import type { FeatureModule } from '../platform/index';
import { customerEmailMail } from './customer-email.mail';
import { sweepReminders } from './sweep-reminders';

/** Customer emails (a kind of the mail outbox), and reminders that are due but whose scheduled job was lost. */
export const outreachModule: FeatureModule = {
  name: 'outreach',
  sweeps: [{ name: 'reminder sweep', order: 90, run: sweepReminders }],
  mail: [customerEmailMail],
};
