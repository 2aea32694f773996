import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Config } from '../config';
import type { Scope } from './oauth-client.entity';
import type { TokenResponse } from './oauth.wire';
import { resourceOf } from './resources';
import { ACCESS_TOKEN_ALG, signingKey } from './signing-key';

/** Access-token lifetime, seconds (contract: 3600). */
export const ACCESS_TOKEN_TTL_SECONDS = 3600;
/** JOSE header typ of access tokens (RFC 9068): a token of another kind is never accepted as one. */
export const ACCESS_TOKEN_TYP = 'at+jwt';

/** The authorization server's issuer identifier: BASE_URL. */
export function issuerOf(config: Pick<Config, 'baseUrl'>): string {
  return config.baseUrl;
}


/** Claims of an access token beyond the registered ones (RFC 9068 names where it has them). */
export interface AccessTokenClaims {
  sub: string;
  client_id: string;
  /** The tenant. */
  org_id: string;
  /** Space-separated granted scopes. */
  scope: string;
  /** The connected app (authorization-code and refresh grants); absent for client credentials. */
  grant_id?: string;
}

export interface SignedAccessToken {
  token: string;
  jti: string;
  expiresAt: Date;
}

/**
 * Signs a 3600-second ES256 access token with a fresh jti. Its audience (aud) is the resources it was
 * issued for (RFC 8707): one as a string, several as an array; none given means the pull API.
 */
export async function signAccessToken(
  config: Pick<Config, 'baseUrl' | 'jwtSigningKeyPem'>,
  input: { subject: string; clientId: string; orgId: string; scopes: Scope[]; grantId: string | null; now: Date; resources?: string[] },
): Promise<SignedAccessToken> {
  const key = await signingKey(config);
  const jti = randomUUID();
  const iat = Math.floor(input.now.getTime() / 1000);
  const claims: AccessTokenClaims = { sub: input.subject, client_id: input.clientId, org_id: input.orgId, scope: input.scopes.join(' ') };
  if (input.grantId) claims.grant_id = input.grantId;
  const token = await new SignJWT({ ...claims })
    .setProtectedHeader({ alg: ACCESS_TOKEN_ALG, typ: ACCESS_TOKEN_TYP, kid: key.kid })
    .setIssuer(issuerOf(config))
    .setAudience(input.resources?.length ? (input.resources.length === 1 ? input.resources[0]! : input.resources) : resourceOf(config))
    .setIssuedAt(iat)
    .setNotBefore(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
    .setJti(jti)
    .sign(key.privateKey);
  return { token, jti, expiresAt: new Date((iat + ACCESS_TOKEN_TTL_SECONDS) * 1000) };
}


export function tokenResponse(signed: SignedAccessToken, scopes: Scope[], refreshToken?: string): TokenResponse {
  const body: TokenResponse = { access_token: signed.token, token_type: 'Bearer', expires_in: ACCESS_TOKEN_TTL_SECONDS, scope: scopes.join(' ') };
  if (refreshToken) body.refresh_token = refreshToken;
  return body;
}
