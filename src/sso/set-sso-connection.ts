import { auditName, authorize, MEMBER_ROLES, requireStepUp, type Actor, type MemberRole } from '../access/index';
import { recordAudit } from '../audit/index';
import { forTenant, inTransaction } from '../db/index';
import { DomainError, type Services, type ValidationDetail } from '../platform/index';
import { resolveAndCheck, sealSecret, UrlCheckFailure } from '../security/index';
import { findCurrentMember, lockTenant, writeSsoOnly } from '../tenants/index';
import { requireText, throwIfAny } from '../validation';
import { clientSecretAad, toSsoConnectionView, type SsoConnectionView } from './sso-connection';
import { UNSAFE_ISSUER_MESSAGE } from './identity-provider';
import { domainsOfOthers, findConnection, replaceDomains, saveConnection } from './sso-connections.repository';

export interface SetSsoConnectionInput {
  issuer: unknown;
  clientId: unknown;
  /** Required for a new connection; absent or null keeps the stored one. */
  clientSecret?: unknown;
  emailDomains: unknown;
  defaultRole?: unknown;
  ssoOnly?: unknown;
  /** The admin who keeps password sign-in while ssoOnly is on (required then); absent or null: none. */
  breakGlassMemberId?: unknown;
}

/** Roles a member created at their first sign-in may get: never admin. */
export const PROVISIONING_ROLES: readonly MemberRole[] = MEMBER_ROLES.filter((r) => r !== 'admin');
/** Mailbox providers shared by the public: a domain of theirs belongs to no organisation. */
const SHARED_MAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com', 'outlook.com', 'hotmail.com', 'live.com', 'yahoo.com', 'icloud.com', 'me.com', 'aol.com', 'proton.me', 'protonmail.com', 'gmx.com']);
const DOMAIN = /^(?=.{3,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const BREAK_GLASS_NEEDED = 'name the admin who keeps password sign-in should the identity provider fail (break-glass)';

/**
 * Sets the tenant's OpenID Connect connection (admin, step-up, audited `sso.connection_set` without the
 * secret): the issuer (https, at a public address: the outbound guard of webhooks; discovery runs at sign-in
 * and in testSsoConnection), the client id, the client secret (sealed with SECRETS_KEY, never shown again), the
 * email domains that route to it (unique across tenants), the role of members created at their first sign-in
 * (not admin), and "SSO only" with the one admin of the tenant who keeps password sign-in (break-glass).
 */
export async function setSsoConnection(svc: Services, actor: Actor, input: SetSsoConnectionInput): Promise<SsoConnectionView> {
  authorize(actor, 'sso:configure');
  requireStepUp(actor);
  const details: ValidationDetail[] = [];
  const issuer = await checkIssuer(svc, details, input.issuer);
  const clientId = requireText(details, 'clientId', input.clientId, 255);
  const secret = input.clientSecret === undefined || input.clientSecret === null || input.clientSecret === '' ? null : requireText(details, 'clientSecret', input.clientSecret, 1024);
  const domains = checkDomains(details, input.emailDomains);
  const ssoOnly = optionalBool(details, 'ssoOnly', input.ssoOnly);
  const defaultRole = input.defaultRole === undefined || input.defaultRole === null ? 'analyst' : input.defaultRole;
  if (!PROVISIONING_ROLES.includes(defaultRole as MemberRole)) details.push({ path: 'defaultRole', message: `must be one of ${PROVISIONING_ROLES.join(', ')}` });
  const breakGlassId = input.breakGlassMemberId === undefined || input.breakGlassMemberId === null || input.breakGlassMemberId === '' ? null : input.breakGlassMemberId;
  if (ssoOnly && breakGlassId === null) details.push({ path: 'breakGlassMemberId', message: BREAK_GLASS_NEEDED });
  throwIfAny(details);
  const now = svc.clock.now();
  try {
    return await inTransaction(svc, async (tx) => {
      const tenant = await lockTenant(tx.manager, actor.orgId);
      const breakGlass = breakGlassId === null ? null : await findCurrentMember(tx.manager, actor.orgId, breakGlassId);
      if (breakGlassId !== null && breakGlass?.role !== 'admin') throw DomainError.validation([{ path: 'breakGlassMemberId', message: 'must be an admin of your organisation' }]);
      const db = forTenant(tx.manager, actor.orgId);
      const previous = await findConnection(db, { lock: true });
      if (!previous && !secret) throw DomainError.validation([{ path: 'clientSecret', message: 'is required for a new connection' }]);
      const taken = await domainsOfOthers(db, domains);
      if (taken.length) throw DomainError.validation([{ path: 'emailDomains', message: `${taken.join(', ')} already signs in to another organisation` }]);
      const sealed = secret ? sealSecret(svc.config.secretsKeys, secret, clientSecretAad(actor.orgId)) : { keyId: previous!.secretKeyId, ciphertext: previous!.secretCiphertext };
      const row = {
        issuer, clientId, secretKeyId: sealed.keyId, secretCiphertext: sealed.ciphertext, defaultRole: defaultRole as MemberRole,
        createdAt: previous?.createdAt ?? now, updatedAt: now,
      };
      await saveConnection(db, row);
      await replaceDomains(db, domains);
      const breakGlassMemberId = breakGlass?.id ?? null;
      if (tenant.ssoOnly !== ssoOnly || tenant.ssoBreakGlassMemberId !== breakGlassMemberId) await writeSsoOnly(tx.manager, actor.orgId, { ssoOnly, breakGlassMemberId }, now);
      await recordAudit(tx, {
        orgId: actor.orgId, actor: auditName(actor), action: 'sso.connection_set',
        details: { issuer, clientId, emailDomains: domains, defaultRole, ssoOnly, breakGlassMemberId, clientSecretChanged: secret !== null, created: !previous },
        at: now,
      });
      return toSsoConnectionView(svc.config, { ...row, orgId: actor.orgId, emailDomains: domains }, {
        ssoOnly, breakGlass: breakGlass ? { id: breakGlass.id, email: breakGlass.email } : null,
      });
    });
  } catch (err) {
    if ((err as { code?: string }).code === 'ER_DUP_ENTRY') throw DomainError.validation([{ path: 'emailDomains', message: 'a domain already signs in to another organisation' }]);
    throw err;
  }
}

/** The issuer identifier: an https URL without credentials, query or fragment, whose host is at a public address (the webhooks' guard). */
async function checkIssuer(svc: Services, details: ValidationDetail[], raw: unknown): Promise<string> {
  const fail = (message: string) => {
    details.push({ path: 'issuer', message });
    return '';
  };
  if (typeof raw !== 'string' || !raw.trim()) return fail('is required');
  if (raw.length > 500) return fail('must be at most 500 characters');
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return fail('must be a URL such as https://login.example.com');
  }
  if (url.protocol !== 'https:') return fail('must start with https://');
  if (url.username || url.password || url.search || url.hash) return fail('must have no credentials, query or fragment');
  // A private or loopback address is refused now; a name that does not resolve yet is left to "Test connection".
  const unsafe = await resolveAndCheck(svc, url).then(() => false, (err: unknown) => err instanceof UrlCheckFailure && err.kind === 'unsafe');
  if (unsafe) return fail(UNSAFE_ISSUER_MESSAGE);
  // The issuer identifier as the provider spells it, without a trailing slash after the host.
  return url.pathname === '/' ? url.origin : `${url.origin}${url.pathname}`;
}

function checkDomains(details: ValidationDetail[], raw: unknown): string[] {
  const list = Array.isArray(raw) ? raw : [];
  const domains = [...new Set(list.map((d) => (typeof d === 'string' ? d.trim().toLowerCase().replace(/^@/, '') : '')).filter(Boolean))].sort();
  if (!domains.length) details.push({ path: 'emailDomains', message: 'name at least one email domain, such as example.com' });
  else if (domains.length > 20) details.push({ path: 'emailDomains', message: 'at most 20 domains' });
  const bad = domains.filter((d) => !DOMAIN.test(d));
  if (bad.length) details.push({ path: 'emailDomains', message: `${bad.join(', ')} is not a domain such as example.com` });
  const shared = domains.filter((d) => SHARED_MAIL_DOMAINS.has(d));
  if (shared.length) details.push({ path: 'emailDomains', message: `${shared.join(', ')} is a public mail provider, not your organisation's domain` });
  return domains;
}

function optionalBool(details: ValidationDetail[], path: string, raw: unknown): boolean {
  if (raw === undefined || raw === null) return false;
  if (typeof raw !== 'boolean') details.push({ path, message: 'must be true or false' });
  return raw === true;
}
