import { Router } from 'express';
import type { Services } from '../../src/index';
import { discoveryRoutes } from './discovery.routes';
import { createOAuth2Server } from './oauth2-server';
import { tokenRoutes } from './token.routes';

/** Everything under /v1/oauth and the OAuth discovery documents. */
export function oauthRoutes(svc: Services): Router {
  const server = createOAuth2Server(svc);
  const router = Router();
  router.use(discoveryRoutes(svc));
  router.use(tokenRoutes(svc, server));
  return router;
}
