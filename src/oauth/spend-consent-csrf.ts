import type { Services } from '../services';
import { spendCsrfToken } from '../sessions/index';
import { csrfMatches, memberBrowserSession, type BrowserSession } from './browser-session';

/**
 * A consent decision's CSRF token, spent: the session with its next token, or null when the token is
 * missing, wrong or already spent (a replayed or resubmitted form). For a signed-in session the spend
 * is atomic server-side, so a decision can be made once per token however many copies of the form and
 * cookie are sent. An anonymous session holds no decision to make (the sign-in page follows), so its
 * token is only checked.
 */
export async function spendConsentCsrf(svc: Services, session: BrowserSession, sent: unknown): Promise<BrowserSession | null> {
  if (!session.member) return csrfMatches(session, sent) ? session : null;
  const spent = await spendCsrfToken(svc, session.member, sent);
  return spent ? memberBrowserSession(spent) : null;
}
