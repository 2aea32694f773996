import { inTransaction } from '../db/transaction';
import { crossTenant } from '../db/cross-tenant';
import { sha256Hex } from '../security/tokens';
import { metricsOf } from '../metrics';
import type { Services } from '../services';
import { signAccessToken, tokenResponse } from './access-token';
import type { TokenResponse } from './oauth.wire';
import type { OAuthClientInfo } from './client-info';
import { issueRefreshToken, revokeGrant } from './grants';
import { OAuthGrant } from './oauth-grant.entity';
import { OAuthRefreshToken } from './oauth-refresh-token.entity';
import { OAuthError } from './oauth.errors';
import { requestedResources, storedResources } from './resources';
import { requestedScopes } from './scopes';
import { refuseAddressNotAllowed } from '../tenants/index';
import { forTenant } from '../db/index';

/**
 * grant_type=refresh_token with rotation: each use returns a new refresh token and retires the old one.
 * A retired token presented again means it leaked (or two copies raced): the whole grant is revoked,
 * so of two concurrent refreshes with one token at most one ever yields working tokens. An optional
 * scope narrows the new access token within the grant (RFC 6749 section 6), an optional resource
 * (RFC 8707) to one of the grant's resources. From outside the tenant's IP allow-list: `forbidden`.
 */
export async function refreshAccessToken(
  svc: Services,
  input: { client: OAuthClientInfo; refreshToken: unknown; scope?: unknown; resource?: unknown; address?: string | undefined },
): Promise<TokenResponse> {
  const { client } = input;
  if (typeof input.refreshToken !== 'string' || !input.refreshToken) throw new OAuthError('invalid_request', 'Missing required parameter: refresh_token.');
  const tokenHash = sha256Hex(input.refreshToken);
  const invalid = new OAuthError('invalid_grant', 'The refresh token is invalid, expired or revoked.');

  const outcome = await inTransaction(svc, async (tx): Promise<TokenResponse | OAuthError> => {
    const now = svc.clock.now();
    // The row lock serialises concurrent refreshes of one token: the second sees it rotated.
    const row = await crossTenant(tx.manager, 'token-lookup').findOne(OAuthRefreshToken, { where: { tokenHash }, lock: { mode: 'pessimistic_write' } });
    if (!row) return invalid;
    const grant = await tx.manager.findOneBy(OAuthGrant, { orgId: row.orgId, id: row.grantId });
    if (!grant || grant.clientId !== client.id) return invalid;
    if (row.rotatedAt && !row.revokedAt) {
      await revokeGrant(tx, { orgId: grant.orgId, grantId: grant.id, now });
      return invalid;
    }
    if (row.revokedAt || grant.revokedAt || row.expiresAt.getTime() <= now.getTime()) return invalid;
    await refuseAddressNotAllowed(forTenant(tx.manager, grant.orgId), input.address);
    let scopes = grant.scopes;
    if (input.scope !== undefined && input.scope !== '') scopes = requestedScopes(input.scope, grant.scopes, grant.scopes);
    const granted = storedResources(svc.config, grant.resources);
    const resources = requestedResources(input.resource, granted, granted);
    await tx.manager.update(OAuthRefreshToken, { orgId: row.orgId, tokenHash }, { rotatedAt: now });
    await tx.manager.update(OAuthGrant, { orgId: grant.orgId, id: grant.id }, { lastUsedAt: now });
    const refreshToken = await issueRefreshToken(tx, { grantId: grant.id, orgId: grant.orgId, now });
    const signed = await signAccessToken(svc.config, { subject: grant.memberId, clientId: client.id, orgId: grant.orgId, scopes, grantId: grant.id, now, resources });
    metricsOf(svc).count('svc_oauth_tokens_issued_total', { grant: 'refresh_token' });
    return tokenResponse(signed, scopes, refreshToken);
  });
  if (outcome instanceof OAuthError) throw outcome;
  return outcome;
}
