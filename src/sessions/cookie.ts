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
