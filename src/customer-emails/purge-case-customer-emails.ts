import { type TenantDb } from '../db/index';
import { cancelMail } from '../mail/index';
import { purgeCustomerEmailsOfCase } from './customer-emails.repository';
import { CUSTOMER_EMAIL_MAIL } from './queue-customer-email';

/**
 * Zero retention: a case's customer emails lose their addresses, names, subjects, bodies, sealed action
 * links and delivery events; one still unsent is cancelled in the mail outbox. In the caller's transaction.
 */
export async function purgeCaseCustomerEmails(db: TenantDb, casePk: number): Promise<void> {
  const ids = await purgeCustomerEmailsOfCase(db, casePk);
  await cancelMail(db, CUSTOMER_EMAIL_MAIL, ids, "Cancelled: the case's personal data was purged.");
}
