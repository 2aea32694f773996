import { createExpressMiddleware } from '@trpc/server/adapters/express';
import express, { Router } from 'express';
import type { Services } from '../src/platform/index';
import { findCustomerActor, PORTAL_SESSION_COOKIE } from '../src/portal/index';
import { cookieValue } from '../src/sessions/index';
import { appRouter } from './router';

/** The customer portal's tRPC API at /trpc. */
export function createTrpcRouter(svc: Services): Router {
  const r = Router();
  r.use(
    '/trpc',
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
