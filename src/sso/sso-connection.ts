import type { MemberRole } from '../access/index';
import type { Config } from '../platform/index';
import type { SsoConnectionRow } from './sso-connections.repository';

/** A tenant's SSO connection as its admins see it: never the client secret (stored sealed, shown never again). */
export interface SsoConnectionView {
  issuerUrl: string;
  clientId: string;
  /** Email domains whose members sign in through this identity provider. */
  allowedDomains: string[];
  /** Unknown users of an allowed domain become members with defaultRole at their first sign-in (off: refused). */
  jitProvisioning: boolean;
  defaultRole: MemberRole;
  /** Password sign-in is stopped for the tenant's members (an admin with a second factor keeps it: break-glass). */
  ssoRequired: boolean;
  /** The redirect URIs to register at the identity provider: the console's and the connector sign-in page's. */
  redirectUris: string[];
  updatedAt: Date;
}

/** Where the identity provider sends the browser back: the console, or the authorization pages that connect AI assistants. */
export type SsoDoor = 'console' | 'oauth';

export function ssoRedirectUri(config: Pick<Config, 'appUrl' | 'baseUrl'>, door: SsoDoor): string {
  return door === 'console' ? new URL('/console/sso/callback', config.appUrl).toString() : new URL('/v1/oauth/sso/callback', config.baseUrl).toString();
}

export function toSsoConnectionView(config: Pick<Config, 'appUrl' | 'baseUrl'>, row: SsoConnectionRow, ssoRequired: boolean): SsoConnectionView {
  return {
    issuerUrl: row.issuerUrl, clientId: row.clientId, allowedDomains: row.allowedDomains, jitProvisioning: row.jitProvisioning,
    defaultRole: row.defaultRole, ssoRequired, redirectUris: [ssoRedirectUri(config, 'console'), ssoRedirectUri(config, 'oauth')], updatedAt: row.updatedAt,
  };
}

/** The associated data that binds a sealed client secret to its tenant (a ciphertext moved to another row does not open). */
export const clientSecretAad = (orgId: string) => `sso-client-secret:${orgId}`;

/** The lower-cased domain of an email address, or null. */
export function emailDomain(email: string): string | null {
  const at = email.lastIndexOf('@');
  return at > 0 && at < email.length - 1 ? email.slice(at + 1).toLowerCase() : null;
}
