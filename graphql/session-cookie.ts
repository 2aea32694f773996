import type { Request, Response } from 'express';
import type { Services } from '../src/platform/index';
import { consoleCookieLine, cookieValue, CONSOLE_COOKIE, PENDING_SIGN_IN_COOKIE } from '../src/sessions/index';

/** The console's session cookie: the member session's random token (only its hash is stored). */
export { CONSOLE_COOKIE, PENDING_SIGN_IN_COOKIE };

/** The console cookie's token in the request, or undefined. */
export const consoleToken = (req: Request): string | undefined => cookieValue(req.headers.cookie, CONSOLE_COOKIE);

/** Sets a cookie on the response, replacing one of the same name set earlier in this response. */
function writeCookie(res: Response, name: string, line: string): void {
  const existing = res.getHeader('Set-Cookie');
  const others = (Array.isArray(existing) ? existing : existing === undefined ? [] : [String(existing)]).filter((c) => !c.startsWith(`${name}=`));
  res.setHeader('Set-Cookie', [...others, line]);
}

/** Sets (token) or clears (null) the console cookie: HttpOnly, SameSite=Lax, Path=/, Secure under https. */
export function writeConsoleCookie(svc: Services, res: Response, token: string | null, expiresAt?: Date): void {
  writeCookie(res, CONSOLE_COOKIE, consoleCookieLine(svc.config, svc.clock.now(), { name: CONSOLE_COOKIE, value: token, expiresAt }));
}

/** The pending sign-in cookie's token in the request, or undefined. */
export const pendingSignInToken = (req: Request): string | undefined => cookieValue(req.headers.cookie, PENDING_SIGN_IN_COOKIE);

/** Sets (token) or clears (null) the pending sign-in cookie: HttpOnly, SameSite=Strict, only sent to /graphql. */
export function writePendingSignInCookie(svc: Services, res: Response, token: string | null, expiresAt?: Date): void {
  writeCookie(res, PENDING_SIGN_IN_COOKIE, consoleCookieLine(svc.config, svc.clock.now(), { name: PENDING_SIGN_IN_COOKIE, value: token, expiresAt }));
}
