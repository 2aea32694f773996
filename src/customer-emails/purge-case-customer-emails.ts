import { type TenantDb } from '../db/index';
import { cancelMail } from '../mail/index';
import { purgeCustomerEmailsOfCase, purgeCustomerEmailsTo } from './customer-emails.repository';
import { CUSTOMER_EMAIL_MAIL } from './queue-customer-email';

/**
 * Zero retention: a case's customer emails lose their addresses, names, subjects, bodies, sealed action
 * links and delivery events; one still unsent is cancelled in the mail outbox. In the caller's transaction.
 */
export async function purgeCaseCustomerEmails(db: TenantDb, casePk: number): Promise<void> {
  const ids = await purgeCustomerEmailsOfCase(db, casePk);
  await cancelMail(db, CUSTOMER_EMAIL_MAIL, ids, "Cancelled: the case's personal data was purged.");
}

/** An erasure request's erasure of one person on a case: the case's emails to their addresses only, as purgeCaseCustomerEmails does. */
export async function purgeCustomerEmailsToPerson(db: TenantDb, casePk: number, emails: string[]): Promise<number> {
  const ids = await purgeCustomerEmailsTo(db, casePk, emails.map((e) => e.toLowerCase()));
  await cancelMail(db, CUSTOMER_EMAIL_MAIL, ids, "Cancelled: the recipient's personal data was erased.");
  return ids.length;
}
