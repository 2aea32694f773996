import { Router } from 'express';
import { issuerOf, mcpResourceOf, publicJwks, resourceOf } from '../../src/oauth/index';
import { SCOPES } from '../../src/access/index';
import { type Services } from '../../src/platform/index';

/**
 * Discovery for OAuth clients and AI-assistant connectors: authorization-server metadata (RFC 8414, with
 * Client ID Metadata Document support), protected-resource metadata (RFC 9728) of the pull API (at the
 * root, and at the path RFC 9728 derives from BASE_URL/v1) and of the MCP server (BASE_URL/mcp), and the
 * JWKS that verifies access tokens.
 */
export function discoveryRoutes(svc: Services): Router {
  const router = Router();
  const issuer = issuerOf(svc.config);
  const base = svc.config.baseUrl;
  const authMethods = ['client_secret_basic', 'client_secret_post', 'none'];
  const authorizationServer = {
    issuer,
    authorization_endpoint: `${base}/v1/oauth/authorize`,
    token_endpoint: `${base}/v1/oauth/token`,
    revocation_endpoint: `${base}/v1/oauth/revoke`,
    jwks_uri: `${base}/v1/oauth/jwks.json`,
    scopes_supported: [...SCOPES],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token', 'client_credentials'],
    token_endpoint_auth_methods_supported: authMethods,
    revocation_endpoint_auth_methods_supported: authMethods,
    code_challenge_methods_supported: ['S256'],
    authorization_response_iss_parameter_supported: true,
    // A client_id may be an https URL of the client's metadata document (draft-ietf-oauth-client-id-metadata-document).
    client_id_metadata_document_supported: true,
  };
  const protectedResource = {
    resource: resourceOf(svc.config),
    authorization_servers: [issuer],
    jwks_uri: `${base}/v1/oauth/jwks.json`,
    scopes_supported: [...SCOPES],
    bearer_methods_supported: ['header'],
    resource_name: 'Compliance onboarding pull API',
  };
  const mcpResource = {
    ...protectedResource,
    resource: mcpResourceOf(svc.config),
    scopes_supported: ['read:cases', 'read:documents', 'read:events', 'read:decisions', 'read:screening'],
    resource_name: 'Compliance onboarding MCP server (AI assistants)',
  };
  const json = (doc: object) => (_req: unknown, res: import('express').Response) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.json(doc);
  };
  router.get('/.well-known/oauth-authorization-server', json(authorizationServer));
  router.get(['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/v1'], json(protectedResource));
  router.get('/.well-known/oauth-protected-resource/mcp', json(mcpResource));
  router.get('/v1/oauth/jwks.json', async (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.type('application/jwk-set+json').send(JSON.stringify(await publicJwks(svc.config)));
  });
  return router;
}
