import { createExpressMiddleware } from '@trpc/server/adapters/express';
import express, { Router, type RequestHandler } from 'express';
import type { Services } from '../src/platform/index';
import { findCustomerActor, PORTAL_SESSION_COOKIE } from '../src/portal/index';
import { cookieValue } from '../src/sessions/index';
import { appRouter } from './router';

/**
 * Cross-site request forgery: besides the SameSite=Lax cookie, a mutation must be a JSON POST. A page on
 * another site can send a form or text/plain POST without asking, but a JSON one only after a CORS
 * preflight, which this server never grants; so a foreign page cannot act with the customer's cookie.
 */
const jsonMutationsOnly: RequestHandler = (req, res, next) => {
  if (req.method === 'POST' && !req.is('application/json')) {
    res.status(415).json({ error: { message: 'Send procedure calls as JSON (Content-Type: application/json).', code: -32600, data: { code: 'UNSUPPORTED_MEDIA_TYPE', httpStatus: 415 } } });
    return;
  }
  next();
};

/** The customer portal's tRPC API at /trpc. */
export function createTrpcRouter(svc: Services): Router {
  const r = Router();
  r.use(
    '/trpc',
    jsonMutationsOnly,
    express.json({ limit: '256kb' }),
    createExpressMiddleware({
      router: appRouter,
      createContext: async ({ req, res }) => ({ svc, req, res, customer: await findCustomerActor(svc, cookieValue(req.headers.cookie, PORTAL_SESSION_COOKIE)) }),
      onError({ error, req }) {
        // Domain errors were given their own codes by the procedures' middleware: what is left is unexpected.
        if (error.code === 'INTERNAL_SERVER_ERROR') req.log.error({ err: error.cause ?? error }, 'trpc procedure failed');
      },
    }),
  );
  return r;
}
