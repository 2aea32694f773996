import { metricsOf } from '../metrics';
import type { Services } from '../services';
import { signAccessToken, tokenResponse } from './access-token';
import type { TokenResponse } from './oauth.wire';
import type { OAuthClientInfo } from './client-info';
import { OAuthError } from './oauth.errors';
import { requestedScopes } from './scopes';
import { touchClient } from './touch';
import { refuseAddressNotAllowed } from '../tenants/index';
import { forTenant } from '../db/index';

/**
 * grant_type=client_credentials: a tenant's API client exchanges its credentials for a 3600-second
 * access token. An optional scope narrows the client's scopes; one it lacks is invalid_scope. From outside
 * the tenant's IP allow-list: `forbidden`.
 */
export async function issueClientCredentialsToken(
  svc: Services,
  input: { client: OAuthClientInfo; scope?: unknown; address?: string | undefined },
): Promise<TokenResponse> {
  const { client } = input;
  if (client.kind !== 'api' || !client.orgId) {
    throw new OAuthError('unauthorized_client', 'This client may not use the client_credentials grant.');
  }
  await refuseAddressNotAllowed(forTenant(svc.db, client.orgId), input.address);
  const scopes = requestedScopes(input.scope, client.scopes, client.scopes);
  const now = svc.clock.now();
  const signed = await signAccessToken(svc.config, { subject: client.id, clientId: client.id, orgId: client.orgId, scopes, grantId: null, now });
  await touchClient(svc, client.id, now);
  metricsOf(svc).count('svc_oauth_tokens_issued_total', { grant: 'client_credentials' });
  return tokenResponse(signed, scopes);
}
