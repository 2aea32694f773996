import { Router } from 'express';
import type { Services } from '../../src/platform/index';
import { discoveryRoutes } from './discovery.routes';
import { authorizeRoutes } from './authorize.routes';
import { createOAuth2Server, transactionStore } from './oauth2-server';
import { revokeRoutes } from './revoke.routes';
import { tokenRoutes } from './token.routes';

/** Everything under /v1/oauth and the OAuth discovery documents. */
export function oauthRoutes(svc: Services): Router {
  const store = transactionStore(svc);
  const server = createOAuth2Server(svc, store);
  const router = Router();
  router.use(discoveryRoutes(svc));
  router.use(tokenRoutes(svc, server));
  router.use(revokeRoutes(svc));
  router.use(authorizeRoutes(svc, server, store));
  return router;
}
