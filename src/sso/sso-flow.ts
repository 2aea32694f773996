import type { Config } from '../platform/index';
import { openSecret, sealSecret } from '../security/index';
import type { SsoDoor } from './sso-connection';

/**
 * A sign-in on its way through the identity provider, kept by the browser in one cookie (rest/), sealed
 * with SECRETS_KEY (AES-256-GCM: nobody can read or forge it) for 10 minutes: the tenant, the PKCE
 * verifier, the state and the nonce the callback must find again, and where the browser goes next.
 */
export interface SsoFlow {
  door: SsoDoor;
  orgId: string;
  state: string;
  nonce: string;
  verifier: string;
  /** The console path to open after sign-in (door 'console'). */
  next?: string;
  /** The pending authorization request and the authorization pages' browser binding (door 'oauth'). */
  transactionId?: string;
  sid?: string;
  exp: number;
}

/** How long the identity provider may take the browser: 10 minutes. */
export const SSO_FLOW_TTL_MS = 10 * 60_000;
const PURPOSE = 'sso-flow';

export function sealSsoFlow(config: Pick<Config, 'secretsKeys'>, flow: SsoFlow): string {
  const sealed = sealSecret(config.secretsKeys, JSON.stringify(flow), PURPOSE);
  return `${sealed.keyId}.${sealed.ciphertext}`;
}

/** The flow in a cookie value, or null when absent, forged, sealed under a retired key or expired. */
export function openSsoFlow(config: Pick<Config, 'secretsKeys'>, raw: unknown, now: Date): SsoFlow | null {
  if (typeof raw !== 'string' || raw.length > 4096) return null;
  const dot = raw.indexOf('.');
  if (dot <= 0) return null;
  try {
    const flow = JSON.parse(openSecret(config.secretsKeys, { keyId: raw.slice(0, dot), ciphertext: raw.slice(dot + 1) }, PURPOSE)) as SsoFlow;
    return typeof flow.state === 'string' && typeof flow.exp === 'number' && flow.exp > now.getTime() ? flow : null;
  } catch {
    return null;
  }
}
