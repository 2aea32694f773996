import type { Request, Response } from 'express';
import type { Services } from '../src/platform/index';
import { cookieValue, CONSOLE_COOKIE } from '../src/sessions/index';

/** The console's session cookie: the member session's random token (only its hash is stored). */
export { CONSOLE_COOKIE };

/** The console cookie's token in the request, or undefined. */
export const consoleToken = (req: Request): string | undefined => cookieValue(req.headers.cookie, CONSOLE_COOKIE);

/** Secure whenever the console is reached over https (APP_URL), and always outside development and test. */
function secure(svc: Services): boolean {
  return new URL(svc.config.appUrl).protocol === 'https:' || (svc.config.nodeEnv !== 'development' && svc.config.nodeEnv !== 'test');
}

/** Sets (token) or clears (null) the console cookie: HttpOnly, SameSite=Lax, Path=/, Secure under https. */
export function writeConsoleCookie(svc: Services, res: Response, token: string | null, expiresAt?: Date): void {
  const maxAge = token && expiresAt ? Math.max(0, Math.ceil((expiresAt.getTime() - svc.clock.now().getTime()) / 1000)) : 0;
  const cookie = `${CONSOLE_COOKIE}=${token ?? ''}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure(svc) ? '; Secure' : ''}`;
  const existing = res.getHeader('Set-Cookie');
  const others = (Array.isArray(existing) ? existing : existing === undefined ? [] : [String(existing)]).filter((c) => !c.startsWith(`${CONSOLE_COOKIE}=`));
  res.setHeader('Set-Cookie', [...others, cookie]);
}

/** The pending sign-in of a member whose password was right and whose second factor is awaited (5 minutes). */
export const PENDING_SIGN_IN_COOKIE = 'svc_console_mfa';

/** The pending sign-in cookie's token in the request, or undefined. */
export const pendingSignInToken = (req: Request): string | undefined => cookieValue(req.headers.cookie, PENDING_SIGN_IN_COOKIE);

/** Sets (token) or clears (null) the pending sign-in cookie: HttpOnly, SameSite=Strict, only sent to /graphql. */
export function writePendingSignInCookie(svc: Services, res: Response, token: string | null, expiresAt?: Date): void {
  const maxAge = token && expiresAt ? Math.max(0, Math.ceil((expiresAt.getTime() - svc.clock.now().getTime()) / 1000)) : 0;
  const cookie = `${PENDING_SIGN_IN_COOKIE}=${token ?? ''}; Path=/graphql; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure(svc) ? '; Secure' : ''}`;
  const existing = res.getHeader('Set-Cookie');
  const others = (Array.isArray(existing) ? existing : existing === undefined ? [] : [String(existing)]).filter((c) => !c.startsWith(`${PENDING_SIGN_IN_COOKIE}=`));
  res.setHeader('Set-Cookie', [...others, cookie]);
}
