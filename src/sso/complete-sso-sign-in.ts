import { randomUUID } from 'node:crypto';
import { recordAudit } from '../audit/index';
import { forTenant, inTransaction } from '../db/index';
import { DomainError, type Services } from '../platform/index';
import { NO_PASSWORD_HASH } from '../security/index';
import { methodsOf, openPendingSignIn, type ProvedMember, type SecondFactorMethod } from '../mfa/index';
import { findMemberByEmail, findSignedInMember, type SignedInMember } from '../sessions/index';
import { getTenant, insertMember, Member } from '../tenants/index';
import { oidc, providerOf } from './identity-provider';
import { idpProvedMfa } from './identity-provider-mfa';
import { emailDomain, ssoRedirectUri, type SsoDoor } from './sso-connection';
import { findConnection, type SsoConnectionRow } from './sso-connections.repository';
import { openSsoFlow, type SsoFlow } from './sso-flow';

/** The answer to a callback without its flow (another browser, over 10 minutes, or a replay). */
export const SSO_FLOW_EXPIRED = 'This sign-in has expired or was started in another browser. Start again from the sign-in page.';
const NOT_VERIFIED = 'The answer of your identity provider could not be verified. Start again from the sign-in page.';

/** Where a verified SSO sign-in stands: the member proved (a session may start), or a second factor still asked. */
export type SsoSignIn = { flow: SsoFlow; member: SignedInMember } & (
  | { proved: ProvedMember }
  | { pending: { token: string; expiresAt: Date }; methods: SecondFactorMethod[] }
);

/**
 * The callback of a sign-in through the identity provider (the query string the provider sent the browser
 * back with, and the flow cookie sealed at the start): the code is exchanged with PKCE, the ID token verified
 * (signature, issuer, audience, expiry, nonce) and the state checked (openid-client); the email comes from the
 * ID token, or from userinfo for the same subject when the provider keeps it there. Then the member of the
 * connection's tenant with the token's verified email, in one of its email domains; an unknown one is
 * created with the connection's default role. The IdP's MFA (amr) stands for the second factor; without it a
 * member who has one still gives it (a pending sign-in, as after a password, whose audit line then says
 * `sso+totp`, `sso+passkey` or `sso+recovery_code`). Audited as `member.signed_in` with method `sso` once the
 * session may start (a refusal after a verified answer as `sso.sign_in_refused`). Starts no session: the
 * adapter does, by door.
 */
export async function completeSsoSignIn(
  svc: Services, input: { door: SsoDoor; flow: unknown; query: string; sid?: string },
): Promise<SsoSignIn> {
  const now = svc.clock.now();
  const flow = openSsoFlow(svc.config, input.flow, now);
  if (!flow || flow.door !== input.door || (input.door === 'oauth' && flow.sid !== input.sid)) throw new DomainError('unauthenticated', SSO_FLOW_EXPIRED);
  const connection = await findConnection(forTenant(svc.db.manager, flow.orgId));
  if (!connection) throw new DomainError('unauthenticated', 'Single sign-on is no longer set up for your organisation. Sign in with your password.');
  const claims = await verifiedClaims(svc, connection, flow, input);
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  const refuse = async (reason: string, message: string): Promise<never> => {
    await inTransaction(svc, (tx) => recordAudit(tx, { orgId: flow.orgId, actor: email || 'sso', action: 'sso.sign_in_refused', details: { email, reason, door: flow.door }, at: now }));
    throw new DomainError('forbidden', message);
  };
  const tenant = await getTenant(svc, flow.orgId);
  if (!email || claims.email_verified !== true) return refuse('email_not_verified', 'Your identity provider did not confirm your email address, so it cannot sign you in here.');
  const domain = emailDomain(email);
  if (!domain || !connection.emailDomains.includes(domain)) {
    return refuse('domain_not_allowed', `Your email's domain (${domain ?? 'none'}) is not allowed to sign in to ${tenant.name} with single sign-on.`);
  }
  const unknown = `You have no account in ${tenant.name}. Ask an admin of ${tenant.name} to invite you.`;
  const existing = await findMemberByEmail(svc, email);
  if (existing && existing.orgId !== flow.orgId) return refuse('not_a_member', unknown);
  let provisioned = false;
  let memberId = existing?.id;
  if (!memberId) {
    memberId = await provision(svc, connection, email, typeof claims.name === 'string' ? claims.name.slice(0, 200) : null).catch(() => null) ?? undefined;
    if (!memberId) return refuse('unknown_user', unknown);
    provisioned = true;
  }
  const member = await findSignedInMember(svc, memberId);
  if (!member) return refuse('unknown_user', unknown);
  const idpMfa = idpProvedMfa(claims.amr);
  const methods = idpMfa ? [] : await methodsOf(svc, member);
  const secondFactor = idpMfa ? 'identity_provider' : methods.length ? 'asked' : 'none';
  const auditDetails = { secondFactor, ...(provisioned ? { provisioned: true } : {}) };
  // The sign-in is recorded once its second factor is given (completeSignIn, with the method `sso+…`).
  if (methods.length) return { flow, member, pending: await openPendingSignIn(svc, { door: flow.door, member, sid: flow.sid, firstFactor: 'sso' }), methods };
  // Recorded by completeSignIn (the IP allow-list and suspension checked first), with these details.
  return { flow, member, proved: { member, secondFactorAt: idpMfa ? now : null, method: 'sso', auditDetails } };
}

/** The ID token's claims once the provider's answer holds (openid-client's checks), or `unauthenticated`. */
async function verifiedClaims(
  svc: Services, connection: SsoConnectionRow, flow: SsoFlow, input: { door: SsoDoor; query: string },
): Promise<Record<string, unknown>> {
  const callback = new URL(ssoRedirectUri(svc.config, input.door));
  callback.search = input.query.startsWith('?') ? input.query : `?${input.query}`;
  const denied = callback.searchParams.get('error');
  if (denied) {
    throw new DomainError('unauthenticated', `Your identity provider did not sign you in (${denied.slice(0, 64)}). Start again from the sign-in page.`);
  }
  try {
    const provider = await providerOf(svc, connection);
    const tokens = await oidc.authorizationCodeGrant(provider, callback, {
      pkceCodeVerifier: flow.verifier, expectedState: flow.state, expectedNonce: flow.nonce, idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('no ID token');
    // A provider that keeps profile claims out of the ID token (OpenID Connect's default with an access token) gives them at userinfo, for the same subject.
    if (typeof claims.email !== 'string' && provider.serverMetadata().userinfo_endpoint) {
      const info = await oidc.fetchUserInfo(provider, tokens.access_token, claims.sub);
      return { ...claims, email: info.email, email_verified: info.email_verified, name: claims.name ?? info.name };
    }
    return claims as Record<string, unknown>;
  } catch (err) {
    // The library's words name the check that failed (state, nonce, signature ...); no secret is in them.
    svc.log.warn({ orgId: connection.orgId, reason: (err as Error).message }, 'sso callback refused');
    throw new DomainError('unauthenticated', NOT_VERIFIED);
  }
}

/** Adds a member at their first sign-in through the identity provider (no password), with the connection's default role; audited. */
async function provision(svc: Services, connection: SsoConnectionRow, email: string, name: string | null): Promise<string> {
  const now = svc.clock.now();
  const member = Object.assign(new Member(), {
    id: randomUUID(), orgId: connection.orgId, email, name, passwordHash: NO_PASSWORD_HASH, role: connection.defaultRole, createdAt: now, removedAt: null,
  });
  await inTransaction(svc, async (tx) => {
    await insertMember(tx, connection.orgId, member);
    await recordAudit(tx, {
      orgId: connection.orgId, actor: email, action: 'member.provisioned', details: { memberId: member.id, email, role: member.role, method: 'sso' }, at: now,
    });
  });
  return member.id;
}
