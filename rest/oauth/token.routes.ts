import express, { Router, type RequestHandler } from 'express';
import { consumeTokenRateLimit, OAuthError } from '../../src/oauth/index';
import { DomainError, type Services } from '../../src/platform/index';
import { setRateLimitHeaders } from '../rate-limit-headers';
import { clientAuthentication, clientOf } from './client-auth';
import type { createOAuth2Server } from './oauth2-server';
import { oauthErrorHandler } from './oauth-wire';

/** Bodies of the OAuth endpoints: JSON (the contract's form) or application/x-www-form-urlencoded (RFC 6749). */
export const oauthBodies: RequestHandler[] = [express.json({ limit: '16kb' }), express.urlencoded({ extended: false, limit: '16kb' })];

/** Every token-endpoint answer, success or error, is no-store (RFC 6749 section 5.1). */
export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Pragma', 'no-cache');
  next();
};

/** RFC 6749 section 3.2: parameters are sent once each; a repeated one is invalid_request. */
export const singleValuedParameters: RequestHandler = (req, _res, next) => {
  const body = req.body as unknown;
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    return next(new OAuthError('invalid_request', 'Send the parameters as a form-encoded or JSON object body.'));
  }
  for (const [key, value] of Object.entries(body)) {
    if (typeof value !== 'string') return next(new OAuthError('invalid_request', `The parameter ${key} must be a single string.`));
  }
  next();
};

/** POST /v1/oauth/token: all three grants, 30 requests per minute per authenticated client. */
export function tokenRoutes(svc: Services, server: ReturnType<typeof createOAuth2Server>): Router {
  const router = Router();
  const rateLimit: RequestHandler = (req, res, next) => {
    consumeTokenRateLimit(svc, clientOf(req).id).then((state) => {
      setRateLimitHeaders(res, state);
      if (!state.allowed) {
        return next(new DomainError('rate_limited', `Too many token requests: ${state.limit} per minute per client. Retry after ${state.resetSeconds} seconds.`));
      }
      next();
    }, next);
  };
  const grantType: RequestHandler = (req, _res, next) => {
    if (!(req.body as Record<string, string>).grant_type) return next(new OAuthError('invalid_request', 'Missing required parameter: grant_type.'));
    next();
  };
  router.post(
    '/v1/oauth/token',
    noStore, ...oauthBodies, singleValuedParameters, grantType, clientAuthentication(svc), rateLimit, server.token() as unknown as RequestHandler,
    oauthErrorHandler,
  );
  return router;
}
