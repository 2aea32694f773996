import type { FeatureModule } from '../platform/index';
import { customerEmailMail } from './customer-email.mail';

/** Customer emails other than the invite (IDV links, EDD requests, outreach, reminders): a kind of the mail outbox. */
export const customerEmailsModule: FeatureModule = {
  name: 'customer-emails',
  mail: [customerEmailMail],
};
