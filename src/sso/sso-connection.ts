import type { MemberRole } from '../access/index';
import type { Config } from '../platform/index';
import type { SsoConnectionRow } from './sso-connections.repository';

/** A tenant's SSO connection as its admins see it: never the client secret (stored sealed, shown never again). */
export interface SsoConnectionView {
  issuer: string;
  clientId: string;
  /** Email domains whose members sign in through this identity provider. */
  emailDomains: string[];
  /** The role of a member created at their first sign-in through the identity provider (never admin). */
  defaultRole: MemberRole;
  /** Password sign-in is off for the tenant's members, except the break-glass admin. */
  ssoOnly: boolean;
  /** The one admin who keeps password sign-in while ssoOnly is on (should the identity provider fail), or null. */
  breakGlassMemberId: string | null;
  /** Their email (null with no break-glass admin, or one no longer an admin of the tenant). */
  breakGlassEmail: string | null;
  /** The redirect URIs to register at the identity provider: the console's and the connector sign-in page's. */
  redirectUris: string[];
  updatedAt: Date;
}

/** The tenant's side of the setting: the "SSO only" switch and its break-glass admin (id and email, when still an admin). */
export interface SsoOnlySetting {
  ssoOnly: boolean;
  breakGlass: { id: string; email: string | null } | null;
}

/** Where the identity provider sends the browser back: the console, or the authorization pages that connect AI assistants. */
export type SsoDoor = 'console' | 'oauth';

export function ssoRedirectUri(config: Pick<Config, 'appUrl' | 'baseUrl'>, door: SsoDoor): string {
  return door === 'console' ? new URL('/console/sso/callback', config.appUrl).toString() : new URL('/v1/oauth/sso/callback', config.baseUrl).toString();
}

export function toSsoConnectionView(config: Pick<Config, 'appUrl' | 'baseUrl'>, row: SsoConnectionRow, setting: SsoOnlySetting): SsoConnectionView {
  return {
    issuer: row.issuer, clientId: row.clientId, emailDomains: row.emailDomains, defaultRole: row.defaultRole, ssoOnly: setting.ssoOnly,
    breakGlassMemberId: setting.breakGlass?.id ?? null, breakGlassEmail: setting.breakGlass?.email ?? null,
    redirectUris: [ssoRedirectUri(config, 'console'), ssoRedirectUri(config, 'oauth')], updatedAt: row.updatedAt,
  };
}

/** The associated data that binds a sealed client secret to its tenant (a ciphertext moved to another row does not open). */
export const clientSecretAad = (orgId: string) => `sso-client-secret:${orgId}`;

/** The lower-cased domain of an email address, or null. */
export function emailDomain(email: string): string | null {
  const at = email.lastIndexOf('@');
  return at > 0 && at < email.length - 1 ? email.slice(at + 1).toLowerCase() : null;
}
