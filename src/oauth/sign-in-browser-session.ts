import type { Services } from '../services';
import { endMemberSession } from '../sessions/index';
import { startMemberSession } from '../sessions/index';
import { memberBrowserSession, type BrowserSession } from './browser-session';

/**
 * After a member proved their password on the authorization pages: a new server-side session (new
 * token, new CSRF token, 30 minutes) that keeps the browser's sid, so the pending authorization
 * request goes on. A session already signed in here is ended first.
 */
export async function signInBrowserSession(svc: Services, session: BrowserSession, memberId: string): Promise<BrowserSession> {
  if (session.member) await endMemberSession(svc, session.member);
  return memberBrowserSession(await startMemberSession(svc, { kind: 'oauth', memberId, sid: session.sid }));
}
