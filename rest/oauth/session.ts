import type { Request, RequestHandler, Response } from 'express';
import {
  csrfMatches, loadBrowserSession, signInBrowserSession, signOutBrowserSession, spendConsentCsrf, type BrowserSession,
} from '../../src/oauth/index';
import { type Services } from '../../src/platform/index';
import { cookieValue } from '../../src/sessions/index';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** The session of the authorization pages (rest/oauth/session.ts). */
      oauthSession?: BrowserSession;
    }
  }
}

export const SESSION_COOKIE = 'svc_oauth_session';

const readCookie = (req: Request, name: string) => cookieValue(req.headers.cookie, name);

/** Secure whenever the service is reached over https (BASE_URL), and always outside development and test. */
export function secureCookie(svc: Services): boolean {
  return new URL(svc.config.baseUrl).protocol === 'https:' || (svc.config.nodeEnv !== 'development' && svc.config.nodeEnv !== 'test');
}

/**
 * Writes the session cookie: HttpOnly, SameSite=Lax, scoped to /v1/oauth, Secure under an https
 * BASE_URL, living as long as the session does.
 */
export function saveSession(svc: Services, res: Response, session: BrowserSession): void {
  // Rounded up: a millisecond spent between creating the session and writing the cookie must not shave a second off.
  const maxAge = Math.max(0, Math.ceil((session.expiresAt.getTime() - svc.clock.now().getTime()) / 1000));
  const cookie = `${SESSION_COOKIE}=${session.cookie}; Path=/v1/oauth; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secureCookie(svc) ? '; Secure' : ''}`;
  // One session cookie per response: a later write in the same request replaces an earlier one.
  const existing = res.getHeader('Set-Cookie');
  const others = (Array.isArray(existing) ? existing : existing === undefined ? [] : [String(existing)]).filter((c) => !c.startsWith(`${SESSION_COOKIE}=`));
  res.setHeader('Set-Cookie', [...others, cookie]);
}

/** Loads the session of the cookie, starting a fresh one (not signed in) when there is none or it has ended. */
export function browserSession(svc: Services): RequestHandler {
  return (req, res, next) => {
    loadBrowserSession(svc, readCookie(req, SESSION_COOKIE)).then(({ session, fresh }) => {
      if (fresh) saveSession(svc, res, session);
      req.oauthSession = session;
      next();
    }, next);
  };
}

/** Signing in starts a server-side session: a new cookie value and CSRF token, 30 minutes, the same sid. */
export async function signIn(svc: Services, req: Request, res: Response, memberId: string): Promise<void> {
  const session = await signInBrowserSession(svc, req.oauthSession!, memberId);
  req.oauthSession = session;
  saveSession(svc, res, session);
}

/** Signing out ends the server-side session for every copy of the cookie; this browser keeps its sid. */
export async function signOut(svc: Services, req: Request, res: Response): Promise<void> {
  const session = await signOutBrowserSession(svc, req.oauthSession!);
  req.oauthSession = session;
  saveSession(svc, res, session);
}

/** Whether the form's csrf_token is this session's current one. */
export function csrfValid(req: Request): boolean {
  return csrfMatches(req.oauthSession!, (req.body as Record<string, unknown> | undefined)?.csrf_token);
}

/**
 * Spends the form's CSRF token (a consent decision): true once per token, however often the form and
 * its cookie are replayed; the session then carries its next token.
 */
export async function spendCsrf(svc: Services, req: Request): Promise<boolean> {
  const spent = await spendConsentCsrf(svc, req.oauthSession!, (req.body as Record<string, unknown> | undefined)?.csrf_token);
  if (!spent) return false;
  req.oauthSession = spent;
  return true;
}
