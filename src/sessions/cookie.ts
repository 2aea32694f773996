/**
 * The value of cookie `name` in a Cookie request header, or undefined: how every door that keeps a
 * browser session (the authorization pages, the console, the portal) reads its cookie.
 */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The console's session cookie (GraphQL and the console's REST routes read it): the member session's random token. */
export const CONSOLE_COOKIE = 'svc_console';

/** The pending sign-in of a member whose first step was right and whose second factor is awaited (5 minutes); only /graphql reads it. */
export const PENDING_SIGN_IN_COOKIE = 'svc_console_mfa';

/** Console cookies are Secure whenever the console is reached over https (APP_URL), and always outside development and test. */
export function consoleCookiesSecure(config: { appUrl: string; nodeEnv: string }): boolean {
  return new URL(config.appUrl).protocol === 'https:' || (config.nodeEnv !== 'development' && config.nodeEnv !== 'test');
}

/**
 * A Set-Cookie line of the console: HttpOnly, `Max-Age` from `expiresAt` (0, with an empty value, clears it),
 * Secure per consoleCookiesSecure. The console cookie is SameSite=Lax on Path=/ (it must come along when an
 * identity provider sends the browser back); the pending sign-in is SameSite=Strict on Path=/graphql.
 */
export function consoleCookieLine(
  config: { appUrl: string; nodeEnv: string }, now: Date, cookie: { name: string; value: string | null; expiresAt?: Date },
): string {
  const maxAge = cookie.value && cookie.expiresAt ? Math.max(0, Math.ceil((cookie.expiresAt.getTime() - now.getTime()) / 1000)) : 0;
  const scope = cookie.name === PENDING_SIGN_IN_COOKIE ? 'Path=/graphql' : 'Path=/';
  const sameSite = cookie.name === PENDING_SIGN_IN_COOKIE ? 'Strict' : 'Lax';
  return `${cookie.name}=${cookie.value ?? ''}; ${scope}; Max-Age=${maxAge}; HttpOnly; SameSite=${sameSite}${consoleCookiesSecure(config) ? '; Secure' : ''}`;
}
