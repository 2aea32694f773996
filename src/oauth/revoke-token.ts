import { createLocalJWKSet, decodeJwt, jwtVerify } from 'jose';
import { inTransaction } from '../db/transaction';
import { crossTenant } from '../db/cross-tenant';
import { sha256Hex } from '../security/tokens';
import type { Services } from '../services';
import { ACCESS_TOKEN_TYP, issuerOf } from './access-token';
import type { OAuthClientInfo } from './client-info';
import { announceRevocation } from '../access/index';
import { revokeGrant } from './grants';
import { OAuthGrant } from './oauth-grant.entity';
import { OAuthRefreshToken } from './oauth-refresh-token.entity';
import { OAuthError } from './oauth.errors';
import { RevokedAccessToken } from './revoked-access-token.entity';
import { ACCESS_TOKEN_ALG, publicJwks } from './signing-key';

const anotherClient = () => new OAuthError('invalid_grant', 'The token was issued to another client.');

/**
 * POST /v1/oauth/revoke (RFC 7009). A refresh token revokes its whole grant (the connected app), so the
 * access tokens of that grant fail too; an access token is revoked by its jti until it would expire.
 * The hint only changes which kind is tried first. An unknown, expired or malformed token is not an
 * error (the client's goal is met); a token of another client is refused.
 */
export async function revokeToken(svc: Services, input: { client: OAuthClientInfo; token: unknown; tokenTypeHint?: unknown }): Promise<void> {
  if (typeof input.token !== 'string' || !input.token) throw new OAuthError('invalid_request', 'Missing required parameter: token.');
  const token = input.token;
  const tries = input.tokenTypeHint === 'access_token' ? [revokeAccess, revokeRefresh] : [revokeRefresh, revokeAccess];
  for (const attempt of tries) {
    if (await attempt(svc, input.client, token)) return;
  }
}

async function revokeRefresh(svc: Services, client: OAuthClientInfo, token: string): Promise<boolean> {
  const row = await crossTenant(svc.db.manager, 'token-lookup').findOneBy(OAuthRefreshToken, { tokenHash: sha256Hex(token) });
  if (!row) return false;
  const grant = await svc.db.manager.findOneBy(OAuthGrant, { orgId: row.orgId, id: row.grantId });
  if (!grant) return false;
  if (grant.clientId !== client.id) throw anotherClient();
  await inTransaction(svc, (tx) => revokeGrant(tx, { orgId: grant.orgId, grantId: grant.id, now: svc.clock.now() }));
  return true;
}

async function revokeAccess(svc: Services, client: OAuthClientInfo, token: string): Promise<boolean> {
  if (token.split('.').length !== 3) return false;
  let claims;
  try {
    // Only tokens we signed count; an expired one needs no revoking.
    ({ payload: claims } = await jwtVerify(token, createLocalJWKSet(await publicJwks(svc.config)), {
      algorithms: [ACCESS_TOKEN_ALG], issuer: issuerOf(svc.config), typ: ACCESS_TOKEN_TYP, currentDate: svc.clock.now(),
    }));
  } catch {
    return false;
  }
  if (claims.client_id !== client.id) throw anotherClient();
  const jti = decodeJwt(token).jti;
  if (typeof jti !== 'string' || typeof claims.exp !== 'number') return false;
  const now = svc.clock.now();
  await crossTenant(svc.db, 'service-state').query('INSERT IGNORE INTO oauth_revoked_access_tokens (jti, expires_at) VALUES (?, ?)', [jti, new Date(claims.exp * 1000)]);
  await announceRevocation(svc);
  // Rows past their token's expiry are dead weight: the signature check refuses those tokens anyway.
  await crossTenant(svc.db.manager, 'sweep').createQueryBuilder().delete().from(RevokedAccessToken).where('expires_at < :now', { now }).execute();
  return true;
}
