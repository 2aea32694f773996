// The customer portal: a customer's session bound to one case, and what they do on it.
export { findCustomerActor } from './find-customer-actor';
