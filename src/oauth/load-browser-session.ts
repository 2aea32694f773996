import type { Services } from '../services';
import { findMemberSession } from '../sessions/index';
import { memberBrowserSession, newBrowserSession, openAnonymousSession, type BrowserSession } from './browser-session';

/**
 * The authorization pages' session of a cookie value: a live member session (its token has no dot), an
 * anonymous one (sealed, with a dot), or, when the cookie is absent, expired, forged or signed out, a
 * fresh anonymous session that the caller must set as the cookie (`fresh`).
 */
export async function loadBrowserSession(svc: Services, cookie: string | undefined): Promise<{ session: BrowserSession; fresh: boolean }> {
  const now = svc.clock.now();
  if (cookie && !cookie.includes('.')) {
    const member = await findMemberSession(svc, 'oauth', cookie);
    if (member) return { session: memberBrowserSession(member), fresh: false };
  } else if (cookie) {
    const anonymous = openAnonymousSession(svc.config, cookie, now);
    if (anonymous) return { session: anonymous, fresh: false };
  }
  return { session: newBrowserSession(svc.config, now), fresh: true };
}
