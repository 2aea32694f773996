// The customer portal: a customer's session bound to one case, and what they do on it.
export { findCustomerActor } from './find-customer-actor';
import { PORTAL_SESSION_TTL_MS } from '../invites/index';
export { getPortalSession, CUSTOMER_STAGE_LABELS } from './get-portal-session';
export { requestNewLink, NEW_LINK_LIMITS, NEW_LINK_ANSWER } from './request-new-link';
export { getApplication } from './get-application';
export { getLinkBranding } from './get-link-branding';
export { saveApplication } from './save-application';
export { submitApplication } from './submit-application';
export { getReview } from './get-review';
export { confirmReview, type ConfirmedReview } from './confirm-review';
export { COUNTRY_CODES } from '../countries';
export {
  ApplicationDraftSchema, ApplicationSchema, CompanyProfileDraftSchema, OwnerDraftSchema, PortalSessionSchema, RequestNewLinkSchema,
  ReviewSchema, ReviewConfirmSchema, SubmittedSchema, STEP_STATES, LinkBrandingInputSchema,
  type ApplicationDraft, type ApplicationView, type PortalSessionView, type ReviewView, type SubmittedView, type StepState,
} from '../cases/index';

/** The customer-portal session cookie (HttpOnly; its value is stored hashed), read by every portal door. */
export const PORTAL_SESSION_COOKIE = 'portal_session';
/** Where the portal's web app lives under APP_URL (the landing page's "Start" leads there). */
export const PORTAL_APP_PATH = '/portal/app';

/**
 * The options of the portal_session cookie, the same wherever a session opens (a redeemed invite, a confirmed
 * intake code): HttpOnly, SameSite=Lax, Path=/ (the browser sends it to /portal and to /trpc), Secure whenever
 * APP_URL is https, Max-Age the session's absolute lifetime (ms, as Express takes it).
 */
export function portalSessionCookieOptions(appUrl: string): { httpOnly: true; sameSite: 'lax'; secure: boolean; maxAge: number; path: '/' } {
  return { httpOnly: true, sameSite: 'lax', secure: appUrl.startsWith('https:'), maxAge: PORTAL_SESSION_TTL_MS, path: '/' };
}
