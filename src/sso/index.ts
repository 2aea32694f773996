// Single sign-on (issue 30): a tenant's OpenID Connect connection (src/sso owns sso_connections and sso_domains),
// the email domains that route to it, and sign-in through the identity provider (authorization code with PKCE)
// for the console and the authorization pages. Above tenants, sessions and mfa.
export { setSsoConnection, PROVISIONING_ROLES, type SetSsoConnectionInput } from './set-sso-connection';
export { getSsoConnection } from './get-sso-connection';
export { removeSsoConnection } from './remove-sso-connection';
export { testSsoConnection, type SsoConnectionTest } from './test-sso-connection';
export { startSsoSignIn, ssoAvailableFor, NO_SSO_FOR_EMAIL } from './start-sso-sign-in';
export { completeSsoSignIn, SSO_FLOW_EXPIRED, type SsoSignIn } from './complete-sso-sign-in';
export { idpProvedMfa } from './identity-provider-mfa';
export { ssoRedirectUri, type SsoConnectionView, type SsoDoor } from './sso-connection';
export { SSO_FLOW_TTL_MS, type SsoFlow } from './sso-flow';
