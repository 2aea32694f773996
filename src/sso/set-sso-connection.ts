import { auditName, authorize, MEMBER_ROLES, requireStepUp, type Actor, type MemberRole } from '../access/index';
import { recordAudit } from '../audit/index';
import { forTenant, inTransaction } from '../db/index';
import { DomainError, type Services, type ValidationDetail } from '../platform/index';
import { sealSecret } from '../security/index';
import { lockTenant, writeSsoRequired } from '../tenants/index';
import { requireText, throwIfAny } from '../validation';
import { clientSecretAad, toSsoConnectionView, type SsoConnectionView } from './sso-connection';
import { domainsOfOthers, findConnection, replaceDomains, saveConnection } from './sso-connections.repository';

export interface SetSsoConnectionInput {
  issuerUrl: unknown;
  clientId: unknown;
  /** Required for a new connection; absent or null keeps the stored one. */
  clientSecret?: unknown;
  allowedDomains: unknown;
  jitProvisioning?: unknown;
  defaultRole?: unknown;
  ssoRequired?: unknown;
}

/** Roles just-in-time provisioning may give: never admin. */
export const PROVISIONING_ROLES: readonly MemberRole[] = MEMBER_ROLES.filter((r) => r !== 'admin');
/** Mailbox providers shared by the public: a domain of theirs belongs to no organisation. */
const SHARED_MAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com', 'outlook.com', 'hotmail.com', 'live.com', 'yahoo.com', 'icloud.com', 'me.com', 'aol.com', 'proton.me', 'protonmail.com', 'gmx.com']);
const DOMAIN = /^(?=.{3,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * Sets the tenant's OpenID Connect connection (admin, step-up, audited `sso.connection_set` without the
 * secret): the issuer (https; discovery runs at sign-in and in testSsoConnection), the client id, the client
 * secret (sealed with SECRETS_KEY, never shown again), the email domains that route to it (unique across
 * tenants), just-in-time provisioning with its default role (not admin), and "SSO required". Turning SSO
 * required on needs the acting admin to have a second factor: that is the break-glass when the provider fails.
 */
export async function setSsoConnection(svc: Services, actor: Actor, input: SetSsoConnectionInput): Promise<SsoConnectionView> {
  authorize(actor, 'sso:configure');
  requireStepUp(actor);
  const details: ValidationDetail[] = [];
  const issuerUrl = checkIssuer(svc, details, input.issuerUrl);
  const clientId = requireText(details, 'clientId', input.clientId, 255);
  const secret = input.clientSecret === undefined || input.clientSecret === null || input.clientSecret === '' ? null : requireText(details, 'clientSecret', input.clientSecret, 1024);
  const domains = checkDomains(details, input.allowedDomains);
  const jit = optionalBool(details, 'jitProvisioning', input.jitProvisioning);
  const ssoRequired = optionalBool(details, 'ssoRequired', input.ssoRequired);
  const defaultRole = input.defaultRole === undefined || input.defaultRole === null ? 'analyst' : input.defaultRole;
  if (!PROVISIONING_ROLES.includes(defaultRole as MemberRole)) details.push({ path: 'defaultRole', message: `must be one of ${PROVISIONING_ROLES.join(', ')}` });
  throwIfAny(details);
  if (ssoRequired && actor.kind === 'member' && actor.secondFactor && !actor.secondFactor.enrolled) {
    throw new DomainError('conflict', 'Set up your own second factor (Security, in your profile) before requiring SSO: an admin with one can still sign in with a password if the identity provider fails.');
  }
  const now = svc.clock.now();
  try {
    return await inTransaction(svc, async (tx) => {
      const tenant = await lockTenant(tx.manager, actor.orgId);
      const db = forTenant(tx.manager, actor);
      const previous = await findConnection(db, { lock: true });
      if (!previous && !secret) throw DomainError.validation([{ path: 'clientSecret', message: 'is required for a new connection' }]);
      const taken = await domainsOfOthers(db, domains);
      if (taken.length) throw DomainError.validation([{ path: 'allowedDomains', message: `${taken.join(', ')} already signs in to another organisation` }]);
      const sealed = secret ? sealSecret(svc.config.secretsKeys, secret, clientSecretAad(actor.orgId)) : { keyId: previous!.secretKeyId, ciphertext: previous!.secretCiphertext };
      const row = {
        issuerUrl, clientId, secretKeyId: sealed.keyId, secretCiphertext: sealed.ciphertext, jitProvisioning: jit, defaultRole: defaultRole as MemberRole,
        createdAt: previous?.createdAt ?? now, updatedAt: now,
      };
      await saveConnection(db, row);
      await replaceDomains(db, domains);
      if (tenant.ssoRequired !== ssoRequired) await writeSsoRequired(tx.manager, actor.orgId, ssoRequired, now);
      await recordAudit(tx, {
        orgId: actor.orgId, actor: auditName(actor), action: 'sso.connection_set',
        details: { issuerUrl, clientId, allowedDomains: domains, jitProvisioning: jit, defaultRole, ssoRequired, clientSecretChanged: secret !== null, created: !previous },
        at: now,
      });
      return toSsoConnectionView(svc.config, { ...row, orgId: actor.orgId, allowedDomains: domains }, ssoRequired);
    });
  } catch (err) {
    if ((err as { code?: string }).code === 'ER_DUP_ENTRY') throw DomainError.validation([{ path: 'allowedDomains', message: 'a domain already signs in to another organisation' }]);
    throw err;
  }
}

function checkIssuer(svc: Services, details: ValidationDetail[], raw: unknown): string {
  const fail = (message: string) => {
    details.push({ path: 'issuerUrl', message });
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
  const httpOk = svc.config.ssoAllowHttpIssuers && url.protocol === 'http:';
  if (url.protocol !== 'https:' && !httpOk) return fail('must start with https://');
  if (url.username || url.password || url.search || url.hash) return fail('must have no credentials, query or fragment');
  // The issuer identifier as the provider spells it, without a trailing slash after the host.
  return url.pathname === '/' ? url.origin : `${url.origin}${url.pathname}`;
}

function checkDomains(details: ValidationDetail[], raw: unknown): string[] {
  const list = Array.isArray(raw) ? raw : [];
  const domains = [...new Set(list.map((d) => (typeof d === 'string' ? d.trim().toLowerCase().replace(/^@/, '') : '')).filter(Boolean))].sort();
  if (!domains.length) details.push({ path: 'allowedDomains', message: 'name at least one email domain, such as example.com' });
  else if (domains.length > 20) details.push({ path: 'allowedDomains', message: 'at most 20 domains' });
  const bad = domains.filter((d) => !DOMAIN.test(d));
  if (bad.length) details.push({ path: 'allowedDomains', message: `${bad.join(', ')} is not a domain such as example.com` });
  const shared = domains.filter((d) => SHARED_MAIL_DOMAINS.has(d));
  if (shared.length) details.push({ path: 'allowedDomains', message: `${shared.join(', ')} is a public mail provider, not your organisation's domain` });
  return domains;
}

function optionalBool(details: ValidationDetail[], path: string, raw: unknown): boolean {
  if (raw === undefined || raw === null) return false;
  if (typeof raw !== 'boolean') details.push({ path, message: 'must be true or false' });
  return raw === true;
}
