import { createHash } from 'node:crypto';
import { IsNull } from 'typeorm';
import { inTransaction } from '../db/transaction';
import { crossTenant } from '../db/cross-tenant';
import { safeEqual, sha256Hex } from '../security/tokens';
import { metricsOf } from '../metrics';
import type { Services } from '../services';
import { Member, refuseAddressNotAllowed } from '../tenants/index';
import { forTenant } from '../db/index';
import { signAccessToken, tokenResponse } from './access-token';
import type { TokenResponse } from './oauth.wire';
import type { OAuthClientInfo } from './client-info';
import { createGrant, issueRefreshToken, revokeGrant } from './grants';
import { OAuthCode } from './oauth-code.entity';
import { OAuthError } from './oauth.errors';
import { requestedResources, storedResources } from './resources';

// RFC 7636 section 4.1: 43 to 128 unreserved characters.
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

/**
 * grant_type=authorization_code. The code must be this client's, unexpired, unused, presented with the
 * same redirect_uri, and with the PKCE verifier of its S256 challenge. The exchange creates the
 * connected app (grant) and returns an access token and a refresh token. A second use of a code fails
 * and revokes the grant of the first, with every token issued from it (RFC 6749 section 4.1.2). A
 * `resource` (RFC 8707) narrows the access token to one of the code's resources; the grant keeps them all.
 * From outside the tenant's IP allow-list: `forbidden`.
 */
export async function exchangeAuthorizationCode(
  svc: Services,
  input: { client: OAuthClientInfo; code: unknown; redirectUri: unknown; codeVerifier: unknown; resource?: unknown; address?: string | undefined },
): Promise<TokenResponse> {
  const { client } = input;
  if (client.kind !== 'connector') throw new OAuthError('unauthorized_client', 'This client may not use the authorization_code grant.');
  if (typeof input.code !== 'string' || !input.code) throw new OAuthError('invalid_request', 'Missing required parameter: code.');
  if (typeof input.redirectUri !== 'string' || !input.redirectUri) throw new OAuthError('invalid_request', 'Missing required parameter: redirect_uri.');
  if (input.codeVerifier === undefined) throw new OAuthError('invalid_grant', 'PKCE is required: code_verifier is missing.');
  const codeHash = sha256Hex(input.code);
  const invalidCode = new OAuthError('invalid_grant', 'The authorization code is invalid, expired or already used.');

  const outcome = await inTransaction(svc, async (tx): Promise<TokenResponse | OAuthError> => {
    const now = svc.clock.now();
    const code = await crossTenant(tx.manager, 'token-lookup').findOne(OAuthCode, { where: { codeHash }, lock: { mode: 'pessimistic_write' } });
    if (!code || code.clientId !== client.id) return invalidCode;
    if (code.usedAt) {
      // Replay: whoever holds this code is not to be trusted with what the first exchange issued.
      if (code.grantId) await revokeGrant(tx, { orgId: code.orgId, grantId: code.grantId, now });
      return invalidCode;
    }
    // The tenant's IP allow-list (forbidden): the code stays unspent, the transaction rolls back.
    await refuseAddressNotAllowed(forTenant(tx.manager, code.orgId), input.address);
    // From here on the code is spent, whatever the outcome: a failed PKCE check cannot be retried.
    await tx.manager.update(OAuthCode, { orgId: code.orgId, codeHash }, { usedAt: now });
    if (code.expiresAt.getTime() <= now.getTime()) return invalidCode;
    if (code.redirectUri !== input.redirectUri) {
      return new OAuthError('invalid_grant', 'redirect_uri does not match the one of the authorization request.');
    }
    if (typeof input.codeVerifier !== 'string' || !VERIFIER.test(input.codeVerifier)
      || !safeEqual(createHash('sha256').update(input.codeVerifier).digest('base64url'), code.codeChallenge)) {
      return new OAuthError('invalid_grant', 'The code_verifier does not match the code_challenge.');
    }
    const member = await tx.manager.findOneBy(Member, { orgId: code.orgId, id: code.memberId, removedAt: IsNull() });
    if (!member) return invalidCode;
    const granted = storedResources(svc.config, code.resources);
    let resources: string[];
    try {
      resources = requestedResources(input.resource, granted, granted);
    } catch (err) {
      if (err instanceof OAuthError) return err;
      throw err;
    }
    const grantId = await createGrant(tx, { orgId: code.orgId, memberId: code.memberId, clientId: client.id, scopes: code.scopes, resources: granted, now });
    await tx.manager.update(OAuthCode, { orgId: code.orgId, codeHash }, { grantId });
    const refreshToken = await issueRefreshToken(tx, { grantId, orgId: code.orgId, now });
    const signed = await signAccessToken(svc.config, { subject: code.memberId, clientId: client.id, orgId: code.orgId, scopes: code.scopes, grantId, now, resources });
    metricsOf(svc).count('svc_oauth_tokens_issued_total', { grant: 'authorization_code' });
    return tokenResponse(signed, code.scopes, refreshToken);
  });
  if (outcome instanceof OAuthError) throw outcome;
  return outcome;
}
