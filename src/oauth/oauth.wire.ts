import { DateTime, Nullable, StringEnum, Type, type Static } from '../wire';
import { SCOPES } from './oauth-client.entity';
import { OAUTH_ERROR_CODES } from './oauth.errors';

/** Wire shapes of the OAuth 2.0 endpoints (/v1/oauth/*): RFC 6749, RFC 7009 and the contract's token response. */
export const ScopeSchema = StringEnum(SCOPES, { description: 'A pull-API scope (decisions.md "Pull API rules" maps them to endpoints).' });

export const GRANT_TYPES = ['client_credentials', 'authorization_code', 'refresh_token'] as const;
export type GrantType = (typeof GRANT_TYPES)[number];
export const TOKEN_TYPE_HINTS = ['access_token', 'refresh_token'] as const;

/** The token endpoint's success body (contract "Token response"; refresh_token for the code and refresh grants). */
export const TokenResponseSchema = Type.Object({
  access_token: Type.String({ description: 'A signed JWT (ES256).' }),
  token_type: Type.Literal('Bearer'),
  expires_in: Type.Integer({ description: 'Seconds: 3600.' }),
  scope: Type.String({ description: 'Space-separated scopes granted.' }),
  refresh_token: Type.Optional(Type.String({ description: 'authorization_code and refresh_token grants only; rotated on every use (30 days).' })),
});
export type TokenResponse = Static<typeof TokenResponseSchema>;

/**
 * POST /v1/oauth/token parameters, as JSON (the contract's form) or application/x-www-form-urlencoded
 * (RFC 6749). Each parameter once; client credentials in the body or with HTTP Basic.
 */
export const TokenRequestSchema = Type.Object({
  grant_type: StringEnum(GRANT_TYPES),
  client_id: Type.Optional(Type.String({ description: 'With client_secret, unless HTTP Basic is used; a public connector sends it alone.' })),
  client_secret: Type.Optional(Type.String()),
  scope: Type.Optional(Type.String({ description: 'client_credentials: space-separated subset of the client\'s scopes (default: all of them).' })),
  code: Type.Optional(Type.String({ description: 'authorization_code: the code from the redirect.' })),
  redirect_uri: Type.Optional(Type.String({ description: 'authorization_code: the redirect_uri of the authorization request.' })),
  code_verifier: Type.Optional(Type.String({ description: 'authorization_code: the PKCE verifier (RFC 7636, S256).' })),
  refresh_token: Type.Optional(Type.String({ description: 'refresh_token: the current refresh token (rotated: the old one stops working).' })),
});

/** POST /v1/oauth/revoke parameters (RFC 7009), with the token endpoint's client authentication. */
export const RevokeRequestSchema = Type.Object({
  token: Type.String({ description: 'An access token or a refresh token of this client.' }),
  token_type_hint: Type.Optional(StringEnum(TOKEN_TYPE_HINTS)),
  client_id: Type.Optional(Type.String()),
  client_secret: Type.Optional(Type.String()),
});

/** RFC 6749 section 5.2 error body of the token and revocation endpoints (and `rate_limited` with 429). */
export const OAuthErrorBodySchema = Type.Object({
  error: StringEnum([...OAUTH_ERROR_CODES, 'rate_limited']),
  error_description: Type.String({ description: 'A public sentence; never an internal detail.' }),
});

/** A tenant's pull-API client as the console and the CLI see it: never its secret (only a hash is kept). */
export const ApiClientSchema = Type.Object({
  clientId: Type.String(),
  name: Type.String(),
  scopes: Type.Array(ScopeSchema),
  mode: Type.Union([Type.Literal('live'), Type.Literal('test')], { description: 'test: test credentials (client id test_…), which see and make test data only.' }),
  createdAt: DateTime(),
  lastUsedAt: Nullable(DateTime(), { description: 'When it last obtained a token or called the pull API (kept to the minute); null when never.' }),
  expiresAt: Nullable(DateTime(), { description: 'When it stops working by itself; null when never.' }),
  previousSecretExpiresAt: Nullable(DateTime(), { description: 'After a rotation: until when the previous secret is still accepted; null when there is none.' }),
  createdBy: Nullable(Type.Object({
    memberId: Type.String(),
    email: Type.String(),
    name: Nullable(Type.String()),
    removed: Type.Boolean({ description: 'The member has since been removed from the organisation.' }),
  }), { description: 'The member who created it; null when the operator did.' }),
});
export type ApiClientView = Static<typeof ApiClientSchema>;
