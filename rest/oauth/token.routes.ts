import express, { Router, type ErrorRequestHandler, type RequestHandler } from 'express';
import {
  admitTokenRequest, OAuthError, settleFailedTokenRequest, type TokenRequestTicket,
} from '../../src/oauth/index';
import { DomainError, type Services } from '../../src/platform/index';
import { setRateLimitHeaders } from '../rate-limit-headers';
import { clientAuthentication, clientOf } from './client-auth';
import type { createOAuth2Server } from './oauth2-server';
import { oauthErrorHandler, toOAuthWire } from './oauth-wire';

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

/**
 * POST /v1/oauth/token: all three grants. Successful grants: 30 per minute per authenticated client;
 * failed ones have their own 30 per minute per client and source address, so nobody's failures use
 * up a client's budget (src/oauth/token-rate-limit.ts).
 */
export function tokenRoutes(svc: Services, server: ReturnType<typeof createOAuth2Server>): Router {
  const router = Router();
  const rateLimit: RequestHandler = (req, res, next) => {
    admitTokenRequest(svc, { clientId: clientOf(req).id, address: req.ip }).then(({ state, ticket }) => {
      setRateLimitHeaders(res, state);
      if (!ticket) {
        const what = state.name === 'token' ? 'token requests: ' : 'failed token requests from this address: ';
        return next(new DomainError('rate_limited', `Too many ${what}${state.limit} per minute per client. Retry after ${state.resetSeconds} seconds.`));
      }
      res.locals.tokenTicket = ticket;
      next();
    }, next);
  };
  // A grant that failed: a 4xx counts against its client and address; either way it gives back its place.
  const settleFailure: ErrorRequestHandler = (err, req, res, next) => {
    const ticket = res.locals.tokenTicket as TokenRequestTicket | undefined;
    if (!ticket) return next(err);
    res.locals.tokenTicket = undefined;
    const wire = toOAuthWire(err);
    settleFailedTokenRequest(svc, ticket, wire && wire.status < 500 ? 'refused' : 'errored').then(
      () => next(err),
      (settleErr: unknown) => {
        req.log.warn({ err: settleErr }, 'token rate-limit settlement failed');
        next(err);
      },
    );
  };
  const grantType: RequestHandler = (req, _res, next) => {
    if (!(req.body as Record<string, string>).grant_type) return next(new OAuthError('invalid_request', 'Missing required parameter: grant_type.'));
    next();
  };
  // oauth2orize hands req.authInfo to each exchange: the client's address (TRUST_PROXY) for the IP allow-list.
  const clientAddress: RequestHandler = (req, _res, next) => {
    (req as { authInfo?: unknown }).authInfo = { address: req.ip };
    next();
  };
  router.post(
    '/v1/oauth/token',
    noStore, ...oauthBodies, singleValuedParameters, grantType, clientAuthentication(svc), rateLimit, clientAddress, server.token() as unknown as RequestHandler,
    settleFailure, oauthErrorHandler,
  );
  return router;
}
