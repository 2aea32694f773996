import type { RequestHandler, Response } from 'express';
import type { TokenActor } from '../../src/access/index';
import { verifyAccessToken } from '../../src/oauth/index';
import { consumePullApiRateLimit } from '../../src/access/index';
import { DomainError, isDomainError, type Services } from '../../src/platform/index';
import { sendError } from '../errors';
import { setRateLimitHeaders } from '../rate-limit-headers';

const BEARER = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/i;

/** Where RFC 9728 clients find the protected-resource metadata (named in every 401). */
export function resourceMetadataUrl(svc: Services): string {
  return `${svc.config.baseUrl}/.well-known/oauth-protected-resource/v1`;
}

/**
 * The /v1 bearer check. Verifies `Authorization: Bearer <JWT>` (ES256 only, kid, iss, aud, exp, nbf)
 * and that its client, connected app and jti are live right now, and the client address is inside the tenant's IP
 * allow-list (403 forbidden); then counts the request against the
 * pull-API limit (120/min per client) with RateLimit-Policy / RateLimit headers and 429 + Retry-After.
 * Sets `res.locals.actor` (the caller as a domain Actor); read it with `actorOf(res)`.
 * Failures: 401 `{error:"invalid_token", message}` with `WWW-Authenticate: Bearer error="invalid_token", ...`.
 */
export function bearerAuth(svc: Services): RequestHandler {
  const metadata = resourceMetadataUrl(svc);
  const unauthorized = (res: Response, message: string) => {
    res.setHeader('WWW-Authenticate', `Bearer error="invalid_token", error_description="${message}", resource_metadata="${metadata}"`);
    res.setHeader('Cache-Control', 'no-store');
    sendError(res, 401, 'invalid_token', message);
  };
  return async (req, res, next) => {
    const header = req.headers.authorization;
    if (!header) return unauthorized(res, 'An access token is required: send Authorization: Bearer <token>.');
    const match = BEARER.exec(header);
    if (!match) return unauthorized(res, 'The Authorization header must be: Bearer <token>.');
    let actor: TokenActor;
    try {
      // With the tenant's IP allow-list (403 forbidden "Address not allowed…"), read with the token's live check.
      actor = await verifyAccessToken(svc, match[1]!, undefined, { address: req.ip });
    } catch (err) {
      if (isDomainError(err) && err.code === 'invalid_token') return unauthorized(res, err.message);
      throw err;
    }
    const state = await consumePullApiRateLimit(svc, actor);
    setRateLimitHeaders(res, state);
    if (!state.allowed) {
      throw new DomainError('rate_limited', `Too many requests: ${state.limit} per minute per client. Retry after ${state.resetSeconds} seconds.`);
    }
    res.locals.actor = actor;
    next();
  };
}

/** The caller of a /v1 request, as bearerAuth established it. Throws if the route was mounted without it. */
export function actorOf(res: Response): TokenActor {
  const actor = res.locals.actor as TokenActor | undefined;
  if (!actor) throw new Error('actorOf: bearerAuth did not run for this route');
  return actor;
}
