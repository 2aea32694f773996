import { registerMailKind } from '../mail/index';
import type { FeatureModule } from '../platform/index';
import { customerEmailMail } from './customer-email.mail';
import { sweepReminders } from './sweep-reminders';

// Customer emails are sent by the mail outbox (src/mail), which learns their kind here.
registerMailKind(customerEmailMail);

/** Reminders that are due but whose scheduled job was lost (customer emails are a kind of the mail outbox, swept there). */
export const outreachModule: FeatureModule = {
  name: 'outreach',
  sweeps: [{ name: 'reminder sweep', order: 90, run: sweepReminders }],
};
