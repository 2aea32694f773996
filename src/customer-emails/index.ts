// The emails a case's customer receives besides the invite (identity verification links, EDD requests,
// outreach and reminders): queued in the sender's transaction, sent by the mail outbox (src/mail), each
// recorded as its event once accepted; listed on the case page. Owns the customer_emails table.
export {
  queueCustomerEmail, CUSTOMER_EMAIL_MAIL, SENT_AT, type CustomerEmailInput, type CustomerEmailEvent,
} from './queue-customer-email';
export { listCaseCustomerEmails, type CustomerEmailView } from './list-case-customer-emails';
export { purgeCaseCustomerEmails, purgeCustomerEmailsToPerson } from './purge-case-customer-emails';
export { customerEmailsModule } from './module';
