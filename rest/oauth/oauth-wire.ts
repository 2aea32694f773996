import type { ErrorRequestHandler, Response } from 'express';
import { isOAuthError, OAUTH_ERROR_CODES, type OAuthErrorCode } from '../../src/oauth/index';
import { isDomainError } from '../../src/platform/index';

/** HTTP status of each OAuth error code (RFC 6749 section 5.2: 400, invalid_client 401). Exhaustive by type. */
export const OAUTH_STATUS: Record<OAuthErrorCode, number> = {
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  unauthorized_client: 400,
  unsupported_grant_type: 400,
  invalid_scope: 400,
  access_denied: 400,
  unsupported_response_type: 400,
  unsupported_token_type: 400,
  invalid_target: 400,
  server_error: 500,
  temporarily_unavailable: 503,
};

export interface OAuthWireError {
  status: number;
  error: string;
  description: string;
}

/**
 * Any error reaching an OAuth endpoint, in the RFC's words. Our OAuthErrors keep their code; oauth2orize's
 * own errors (which carry 403/501 statuses) keep a known code but get the RFC status; rate limits stay
 * 429; malformed bodies are invalid_request; anything else is a bare server_error, never its message.
 */
export function toOAuthWire(err: unknown): OAuthWireError | null {
  if (isOAuthError(err)) return { status: OAUTH_STATUS[err.code], error: err.code, description: err.message };
  if (isDomainError(err) && err.code === 'rate_limited') return { status: 429, error: 'rate_limited', description: err.message };
  // The tenant's IP allow-list: 403 access_denied, "Address not allowed…" (docs/security.md).
  if (isDomainError(err) && err.code === 'forbidden') return { status: 403, error: 'access_denied', description: err.message };
  const e = err as { name?: string; code?: unknown; message?: unknown; type?: unknown };
  if ((e.name === 'TokenError' || e.name === 'AuthorizationError') && OAUTH_ERROR_CODES.includes(e.code as OAuthErrorCode)) {
    const code = e.code as OAuthErrorCode;
    return { status: OAUTH_STATUS[code], error: code, description: typeof e.message === 'string' ? e.message : 'The request was refused.' };
  }
  if (e.type === 'entity.parse.failed' || e.type === 'encoding.unsupported' || e.type === 'charset.unsupported') {
    return { status: 400, error: 'invalid_request', description: 'The request body could not be parsed.' };
  }
  if (e.type === 'entity.too.large') return { status: 400, error: 'invalid_request', description: 'The request body is too large.' };
  return null;
}

/** Writes `{error, error_description}` with Cache-Control: no-store (RFC 6749 section 5.2). */
export function sendOAuthError(res: Response, wire: OAuthWireError): void {
  res.status(wire.status);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Pragma', 'no-cache');
  res.type('application/json').send(JSON.stringify({ error: wire.error, error_description: wire.description }));
}

/**
 * The error handler of the token and revocation endpoints, in front of oauth2orize's own (which would
 * answer 403/501 and echo internal messages). invalid_client after HTTP Basic carries WWW-Authenticate.
 */
export const oauthErrorHandler: ErrorRequestHandler = (err, req, res, next) => {
  if (res.headersSent) return next(err);
  let wire = toOAuthWire(err);
  if (!wire) {
    req.log.error({ err }, 'unhandled error at an OAuth endpoint');
    wire = { status: 500, error: 'server_error', description: 'An internal error occurred.' };
  }
  if (wire.error === 'invalid_client' && /^basic /i.test(req.headers.authorization ?? '')) {
    res.setHeader('WWW-Authenticate', 'Basic realm="oauth", charset="UTF-8"');
  }
  sendOAuthError(res, wire);
};
