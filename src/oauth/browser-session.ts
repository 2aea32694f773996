import type { Config } from '../config';
import { openSecret, sealSecret } from '../security/secret-box';
import { randomToken } from '../security/tokens';
import type { Scope } from './oauth-client.entity';

/**
 * The sign-in and consent pages keep no server-side session: their state travels sealed (AES-256-GCM
 * under SECRETS_KEY, so any API process can open it and nobody can read or forge it) in an HttpOnly
 * cookie and in the authorization transaction id. Each seal names its purpose, so one cannot stand in
 * for the other.
 */

/** The browser session of the authorization pages. */
export interface BrowserSession {
  /** Random id binding authorization transactions to this browser. */
  sid: string;
  /** CSRF token of the forms; rotated at sign-in and after each consent decision. */
  csrf: string;
  /** The signed-in member, once signed in. */
  memberId: string | null;
  /** Epoch ms after which the session is void. */
  exp: number;
}

/** A pending authorization request between the authorize call and the consent decision. */
export interface AuthorizationTransaction {
  sid: string;
  clientId: string;
  redirectUri: string;
  scopes: Scope[];
  state: string | null;
  codeChallenge: string;
  exp: number;
}

/** Sign-in lasts 30 minutes; an authorization request must be completed within 10. */
export const BROWSER_SESSION_TTL_MS = 30 * 60_000;
export const AUTHORIZATION_TRANSACTION_TTL_MS = 10 * 60_000;

export function newBrowserSession(now: Date): BrowserSession {
  return { sid: randomToken(16), csrf: randomToken(32), memberId: null, exp: now.getTime() + BROWSER_SESSION_TTL_MS };
}

export function sealBrowserSession(config: Pick<Config, 'secretsKeys'>, session: BrowserSession): string {
  return seal(config, 'oauth-browser-session', session);
}

/** The session in a cookie value, or null when absent, forged, sealed under a retired key, or expired. */
export function openBrowserSession(config: Pick<Config, 'secretsKeys'>, raw: string | undefined, now: Date): BrowserSession | null {
  const s = open<BrowserSession>(config, 'oauth-browser-session', raw);
  return s && typeof s.sid === 'string' && typeof s.csrf === 'string' && s.exp > now.getTime() ? s : null;
}

export function sealAuthorizationTransaction(config: Pick<Config, 'secretsKeys'>, txn: AuthorizationTransaction): string {
  return seal(config, 'oauth-authorization-transaction', txn);
}

export function openAuthorizationTransaction(config: Pick<Config, 'secretsKeys'>, raw: unknown, now: Date): AuthorizationTransaction | null {
  const t = open<AuthorizationTransaction>(config, 'oauth-authorization-transaction', raw);
  return t && typeof t.sid === 'string' && t.exp > now.getTime() ? t : null;
}

function seal(config: Pick<Config, 'secretsKeys'>, purpose: string, value: object): string {
  const sealed = sealSecret(config.secretsKeys, JSON.stringify(value), purpose);
  return `${sealed.keyId}.${sealed.ciphertext}`;
}

function open<T>(config: Pick<Config, 'secretsKeys'>, purpose: string, raw: unknown): T | null {
  if (typeof raw !== 'string' || raw.length > 8192) return null;
  const dot = raw.indexOf('.');
  if (dot <= 0) return null;
  try {
    return JSON.parse(openSecret(config.secretsKeys, { keyId: raw.slice(0, dot), ciphertext: raw.slice(dot + 1) }, purpose)) as T;
  } catch {
    return null;
  }
}
