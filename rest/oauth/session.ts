import { timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import {
  BROWSER_SESSION_TTL_MS, newBrowserSession, openBrowserSession, sealBrowserSession, type BrowserSession,
} from '../../src/oauth/index';
import { type Services } from '../../src/platform/index';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** The sealed-cookie session of the authorization pages (rest/oauth/session.ts). */
      oauthSession?: BrowserSession;
    }
  }
}

export const SESSION_COOKIE = 'svc_oauth_session';

function readCookie(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * Writes the session cookie: HttpOnly, SameSite=Lax, scoped to /v1/oauth, Secure outside development
 * and test. Its content is sealed, so it works across any number of API processes with no store.
 */
export function saveSession(svc: Services, res: Response, session: BrowserSession): void {
  const secure = svc.config.nodeEnv !== 'development' && svc.config.nodeEnv !== 'test';
  // Rounded up: a millisecond spent between creating the session and writing the cookie must not shave a second off.
  const maxAge = Math.max(0, Math.ceil((session.exp - svc.clock.now().getTime()) / 1000));
  const cookie = `${SESSION_COOKIE}=${sealBrowserSession(svc.config, session)}; Path=/v1/oauth; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  // One session cookie per response: a later write in the same request replaces an earlier one.
  const existing = res.getHeader('Set-Cookie');
  const others = (Array.isArray(existing) ? existing : existing === undefined ? [] : [String(existing)]).filter((c) => !c.startsWith(`${SESSION_COOKIE}=`));
  res.setHeader('Set-Cookie', [...others, cookie]);
}

/** Loads the session from its cookie, starting a fresh one (not signed in) when there is none. */
export function browserSession(svc: Services): RequestHandler {
  return (req, res, next) => {
    const now = svc.clock.now();
    let session = openBrowserSession(svc.config, readCookie(req, SESSION_COOKIE), now);
    if (!session) {
      session = newBrowserSession(now);
      saveSession(svc, res, session);
    }
    req.oauthSession = session;
    next();
  };
}

/** A signed-in session starts a fresh 30 minutes with a new CSRF token (and keeps its sid). */
export function signIn(svc: Services, req: Request, res: Response, memberId: string): void {
  const fresh = newBrowserSession(svc.clock.now());
  const session: BrowserSession = { ...fresh, sid: req.oauthSession!.sid, memberId, exp: svc.clock.now().getTime() + BROWSER_SESSION_TTL_MS };
  req.oauthSession = session;
  saveSession(svc, res, session);
}

export function signOut(svc: Services, req: Request, res: Response): void {
  const session: BrowserSession = { ...newBrowserSession(svc.clock.now()), sid: req.oauthSession!.sid };
  req.oauthSession = session;
  saveSession(svc, res, session);
}

/** After a consent decision the form's CSRF token is spent: a resubmitted form is refused. */
export function rotateCsrf(svc: Services, req: Request, res: Response): void {
  const session: BrowserSession = { ...req.oauthSession!, csrf: newBrowserSession(svc.clock.now()).csrf };
  req.oauthSession = session;
  saveSession(svc, res, session);
}

/** Whether the form's csrf_token is this session's. */
export function csrfValid(req: Request): boolean {
  const sent = (req.body as Record<string, unknown> | undefined)?.csrf_token;
  const expected = req.oauthSession?.csrf;
  if (typeof sent !== 'string' || !expected) return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
