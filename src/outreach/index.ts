export {
  queueCustomerEmail, SEND_CUSTOMER_EMAIL_TASK, SENT_AT, type CustomerEmailInput, type CustomerEmailEvent,
} from './queue-customer-email';
export { deliverCustomerEmail, sweepCustomerEmails } from './deliver-customer-email';
export { listCaseCustomerEmails, type CustomerEmailView } from './list-case-customer-emails';
