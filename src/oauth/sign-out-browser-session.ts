import type { Services } from '../services';
import { endMemberSession } from '../sessions/index';
import { newBrowserSession, type BrowserSession } from './browser-session';

/**
 * "Not you?": ends the member session (for every copy of its cookie) and leaves this browser an
 * anonymous session with the same sid, so it can sign in as someone else and finish the request.
 */
export async function signOutBrowserSession(svc: Services, session: BrowserSession): Promise<BrowserSession> {
  if (session.member) await endMemberSession(svc, session.member);
  return newBrowserSession(svc.config, svc.clock.now(), session.sid);
}
