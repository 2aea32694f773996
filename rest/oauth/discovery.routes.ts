import { Router } from 'express';
import { publicJwks, type Services } from '../../src/index';

/** GET /v1/oauth/jwks.json: the public keys that verify access tokens (RFC 7517). */
export function discoveryRoutes(svc: Services): Router {
  const router = Router();
  router.get('/v1/oauth/jwks.json', async (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.type('application/jwk-set+json').send(JSON.stringify(await publicJwks(svc.config)));
  });
  return router;
}
