import type { FeatureModule } from '../platform/index';
import { sweepCustomerEmails } from './deliver-customer-email';
import { sweepReminders } from './sweep-reminders';

/** Customer emails whose send job was lost, and reminders that are due but whose scheduled job was lost. */
export const outreachModule: FeatureModule = {
  name: 'outreach',
  sweeps: [
    { name: 'customer email sweep', order: 40, run: sweepCustomerEmails },
    { name: 'reminder sweep', order: 90, run: sweepReminders },
  ],
};
