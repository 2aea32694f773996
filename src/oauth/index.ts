export { SCOPES, DEFAULT_CLIENT_SCOPES, OPT_IN_SCOPES, ELEVATED_CLIENT_SCOPES, type Scope } from './oauth-client.entity';
export { createApiClient, type CreatedClient } from './create-api-client';
export { listApiClients } from './list-api-clients';
export { rotateApiClientSecret, retirePreviousApiClientSecret, PREVIOUS_SECRET_GRACE_MS } from './rotate-api-client-secret';
export { revokeClient } from './revoke-client';
export { revokeMemberGrants } from './revoke-member-grants';
export {
  REMOVED_MEMBER_CREDENTIALS_MAIL, queueRemovedMemberCredentialsMail, RETIRED_REMOVED_MEMBER_CREDENTIALS_MAIL_TASK, requeueRetiredRemovedMemberCredentialsMail,
} from './removed-member-credentials-mail';
export { oauthModule } from './module';
export { registerConnector } from './register-connector';
export { OAuthError, isOAuthError, OAUTH_ERROR_CODES, type OAuthErrorCode } from './oauth.errors';
export { type OAuthClientInfo } from './client-info';
export { ACCESS_TOKEN_TTL_SECONDS, issuerOf } from './access-token';
export { resourceOf, mcpResourceOf, knownResources } from './resources';
export {
  ScopeSchema, GRANT_TYPES, TOKEN_TYPE_HINTS, TokenResponseSchema, TokenRequestSchema, RevokeRequestSchema, OAuthErrorBodySchema, ApiClientSchema,
  type TokenResponse, type GrantType, type ApiClientView,
} from './oauth.wire';
export { ACCESS_TOKEN_ALG, publicJwks } from './signing-key';
export { authenticateClient } from './authenticate-client';
export { issueClientCredentialsToken } from './issue-client-credentials-token';
export { verifyAccessToken } from './verify-access-token';
export { AccessTokenCache, LIVE_CHECK_TTL_MS } from './access-token-cache';
export { announceRevocation } from '../access/index';
export { admitTokenRequest, settleFailedTokenRequest, type TokenRequestTicket } from './token-rate-limit';
export { admitAuthorizationRequest } from './authorize-rate-limit';
export { SCOPE_DESCRIPTIONS } from './scopes';
export { checkAuthorizationTarget, checkAuthorizationRequest, type AuthorizationRequest } from './authorization-request';
export { createAuthorizationCode, AUTHORIZATION_CODE_TTL_MS } from './create-authorization-code';
export { exchangeAuthorizationCode } from './exchange-authorization-code';
export { refreshAccessToken } from './refresh-access-token';
export { revokeToken } from './revoke-token';
export { listConnectedApps, disconnectApp, type ConnectedApp } from './connected-apps';
export {
  csrfMatches, sealAuthorizationTransaction, openAuthorizationTransaction,
  BROWSER_SESSION_TTL_MS, AUTHORIZATION_TRANSACTION_TTL_MS, type BrowserSession, type AuthorizationTransaction,
} from './browser-session';
export { loadBrowserSession } from './load-browser-session';
export { signInBrowserSession } from './sign-in-browser-session';
export { signOutBrowserSession } from './sign-out-browser-session';
export { spendConsentCsrf } from './spend-consent-csrf';
export { signOutEverywhere } from './sign-out-everywhere';
export { signDetached, signJson, verifyDetached } from './sign-document';
