import type { Request, Response } from 'express';
import { SSO_FLOW_TTL_MS } from '../src/sso/index';
import { cookieValue } from '../src/sessions/index';

/**
 * The cookie that carries a sign-in through the identity provider (src/sso's sealed flow: PKCE verifier,
 * state, nonce): HttpOnly, SameSite=Lax (the provider's redirect back is a top-level GET), scoped to the
 * door's /sso paths, 10 minutes; cleared by the callback, whatever its outcome.
 */
export const SSO_FLOW_COOKIE = 'svc_sso_flow';

export const ssoFlowOf = (req: Request): string | undefined => cookieValue(req.headers.cookie, SSO_FLOW_COOKIE);

export function writeSsoFlowCookie(res: Response, path: string, secure: boolean, flow: string | null): void {
  const maxAge = flow ? Math.floor(SSO_FLOW_TTL_MS / 1000) : 0;
  res.append('Set-Cookie', `${SSO_FLOW_COOKIE}=${flow ?? ''}; Path=${path}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`);
}
