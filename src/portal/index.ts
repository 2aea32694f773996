// The customer portal: a customer's session bound to one case, and what they do on it.
export { findCustomerActor } from './find-customer-actor';

/** The customer-portal session cookie (HttpOnly; its value is stored hashed), read by every portal door. */
export const PORTAL_SESSION_COOKIE = 'portal_session';
