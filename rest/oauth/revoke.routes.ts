import { Router, type RequestHandler } from 'express';
import { revokeToken } from '../../src/oauth/index';
import { type Services } from '../../src/platform/index';
import { clientAuthentication, clientOf } from './client-auth';
import { oauthErrorHandler } from './oauth-wire';
import { noStore, oauthBodies, singleValuedParameters } from './token.routes';

/**
 * POST /v1/oauth/revoke (RFC 7009): token and optional token_type_hint, with the same client
 * authentication as the token endpoint. 200 with an empty body, also for an unknown token.
 */
export function revokeRoutes(svc: Services): Router {
  const router = Router();
  const revoke: RequestHandler = async (req, res) => {
    const body = req.body as Record<string, string>;
    await revokeToken(svc, { client: clientOf(req), token: body.token, tokenTypeHint: body.token_type_hint });
    res.status(200).end();
  };
  router.post('/v1/oauth/revoke', noStore, ...oauthBodies, singleValuedParameters, clientAuthentication(svc), revoke, oauthErrorHandler);
  return router;
}
