import { crossTenant } from '../db/cross-tenant';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { toClientInfo, type OAuthClientInfo } from './client-info';
import { isMetadataDocumentClientId, resolveMetadataDocumentClient } from './client-metadata-document';
import { OAuthClient, type Scope } from './oauth-client.entity';
import { OAuthError } from './oauth.errors';
import { knownResources, requestedResources, resourceOf } from './resources';
import { DEFAULT_CONNECTOR_SCOPES, requestedScopes } from './scopes';

const CLIENT_ID = /^[A-Za-z0-9_-]{1,64}$/;
// RFC 7636 section 4.2: BASE64URL(SHA256(verifier)) is 43 characters.
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/**
 * The first check of GET /v1/oauth/authorize: a live connector and one of its registered redirect URIs,
 * compared as exact strings (no prefix match, no trailing-slash or letter-case tolerance). Failing here
 * is a `forbidden` DomainError: the browser gets an error page and is never redirected anywhere.
 * A client_id that is an https URL is a Client ID Metadata Document: the connector is what that
 * document says (fetched through the SSRF guard, cached), with no registration step.
 */
export async function checkAuthorizationTarget(svc: Services, input: { clientId: unknown; redirectUri: unknown }): Promise<OAuthClientInfo> {
  let client: OAuthClientInfo;
  if (isMetadataDocumentClientId(input.clientId)) {
    client = await resolveMetadataDocumentClient(svc, input.clientId);
  } else {
    if (typeof input.clientId !== 'string' || !CLIENT_ID.test(input.clientId)) {
      throw new DomainError('forbidden', 'The request does not name a known application (client_id).');
    }
    const row = await crossTenant(svc.db.manager, 'service-operator').findOneBy(OAuthClient, { id: input.clientId });
    if (!row || row.revokedAt || row.kind !== 'connector') {
      throw new DomainError('forbidden', 'The request does not name a known application (client_id).');
    }
    client = toClientInfo(row);
  }
  if (typeof input.redirectUri !== 'string' || !input.redirectUri) {
    throw new DomainError('forbidden', 'The request has no redirect_uri.');
  }
  if (!client.redirectUris.includes(input.redirectUri)) {
    throw new DomainError('forbidden', 'The redirect_uri is not registered for this application.');
  }
  return client;
}

export interface AuthorizationRequest {
  scopes: Scope[];
  codeChallenge: string;
  /** The resources (RFC 8707) the tokens will be for: the pull API, the MCP server, or both. */
  resources: string[];
}

/**
 * The rest of an authorization request, once the redirect URI is trusted (failures redirect back with
 * the error, RFC 6749 section 4.1.2.1): PKCE with S256 is mandatory (`plain` is refused), scopes must
 * exist and be the connector's; none named means read access. `resource` (RFC 8707, repeatable) names
 * the pull API and/or the MCP server; none means the pull API; anything else is invalid_target.
 */
export function checkAuthorizationRequest(
  svc: Pick<Services, 'config'>,
  client: OAuthClientInfo,
  input: { responseType: unknown; scope: unknown; codeChallenge: unknown; codeChallengeMethod: unknown; resource?: unknown },
): AuthorizationRequest {
  if (input.responseType !== 'code') throw new OAuthError('unsupported_response_type', 'Only response_type=code is supported.');
  if (input.codeChallenge === undefined || input.codeChallenge === '') {
    throw new OAuthError('invalid_request', 'PKCE is required: send code_challenge with code_challenge_method=S256.');
  }
  if (input.codeChallengeMethod !== 'S256') {
    throw new OAuthError('invalid_request', 'code_challenge_method must be S256 (plain is not allowed).');
  }
  if (typeof input.codeChallenge !== 'string' || !S256_CHALLENGE.test(input.codeChallenge)) {
    throw new OAuthError('invalid_request', 'code_challenge must be the 43-character base64url SHA-256 of the code verifier.');
  }
  const scopes = requestedScopes(input.scope, client.scopes, DEFAULT_CONNECTOR_SCOPES);
  const resources = requestedResources(input.resource, knownResources(svc.config), [resourceOf(svc.config)]);
  return { scopes, codeChallenge: input.codeChallenge, resources };
}
