import { DomainError, type Services } from '../platform/index';
import { forTenant } from '../db/index';
import { isEmail } from '../validation';
import { oidc, providerOf } from './identity-provider';
import { emailDomain, ssoRedirectUri, type SsoDoor } from './sso-connection';
import { findConnection, findOrgOfDomain, type SsoConnectionRow } from './sso-connections.repository';
import { sealSsoFlow, SSO_FLOW_TTL_MS, type SsoFlow } from './sso-flow';

/** The answer to an email whose domain has no single sign-on. */
export const NO_SSO_FOR_EMAIL = 'Single sign-on is not set up for this email address. Sign in with your password.';

/** The connection an email's domain routes to, or null (no lookup for a malformed address). */
export async function connectionForEmail(svc: Services, email: unknown): Promise<SsoConnectionRow | null> {
  if (!isEmail(email)) return null;
  const domain = emailDomain(email);
  const orgId = domain ? await findOrgOfDomain(svc.db.manager, domain) : null;
  return orgId ? findConnection(forTenant(svc.db.manager, orgId)) : null;
}

/** Whether the sign-in page should offer "Continue with SSO" for this email (public: it tells only that its domain has SSO). */
export async function ssoAvailableFor(svc: Services, input: { email: unknown }): Promise<boolean> {
  return (await connectionForEmail(svc, input.email)) !== null;
}

/**
 * Starts a sign-in through the identity provider of the tenant the email's domain routes to: the
 * authorization code flow with PKCE (S256), state and nonce, login_hint the email. Answers the provider's
 * authorization URL and the sealed flow the browser keeps until the callback (10 minutes). `not_found` when
 * the domain has no SSO; `unauthenticated` when the provider cannot be reached (said in words).
 */
export async function startSsoSignIn(
  svc: Services, input: { email: unknown; door: SsoDoor; next?: string; transactionId?: string; sid?: string },
): Promise<{ authorizationUrl: string; flow: string; expiresAt: Date }> {
  const connection = await connectionForEmail(svc, input.email);
  if (!connection) throw new DomainError('not_found', NO_SSO_FOR_EMAIL);
  const provider = await providerOf(svc, connection).catch(() => {
    throw new DomainError('unauthenticated', 'Your organisation\'s identity provider cannot be reached just now. Try again in a moment, or ask an admin to test the connection.');
  });
  const verifier = oidc.randomPKCECodeVerifier();
  const flow: SsoFlow = {
    door: input.door, orgId: connection.orgId, state: oidc.randomState(), nonce: oidc.randomNonce(), verifier,
    exp: svc.clock.now().getTime() + SSO_FLOW_TTL_MS,
    ...(input.door === 'console' ? { next: input.next } : { transactionId: input.transactionId, sid: input.sid }),
  };
  const url = oidc.buildAuthorizationUrl(provider, {
    redirect_uri: ssoRedirectUri(svc.config, input.door), scope: 'openid email profile', response_type: 'code',
    state: flow.state, nonce: flow.nonce, code_challenge: await oidc.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256',
    login_hint: String(input.email).trim().toLowerCase(),
  });
  return { authorizationUrl: url.toString(), flow: sealSsoFlow(svc.config, flow), expiresAt: new Date(flow.exp) };
}
