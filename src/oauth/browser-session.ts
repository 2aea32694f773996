import type { Config } from '../config';
import { openSecret, sealSecret } from '../security/secret-box';
import { randomToken, safeEqual } from '../security/tokens';
import { MEMBER_SESSION_POLICIES, type MemberSession } from '../sessions/index';
import type { Scope } from './oauth-client.entity';

/**
 * The sign-in and consent pages' session, in one cookie. Until sign-in it is anonymous and holds no
 * server state: a sid binding authorization transactions to the browser and the sign-in form's CSRF
 * token, sealed (AES-256-GCM under SECRETS_KEY, so any API process can open it and nobody can read or
 * forge it). Signing in starts a member session kept server-side (src/sessions, kind 'oauth'; the
 * cookie then carries its random token), so that signing out ends it wherever the cookie was copied
 * and each consent decision's CSRF token is spent once. The pending authorization request travels
 * sealed in the transaction id. Each seal names its purpose, so one cannot stand in for another.
 */

/** The browser session of the authorization pages, anonymous or signed in. */
export interface BrowserSession {
  /** Random id binding authorization transactions to this browser; kept across sign-in and sign-out. */
  sid: string;
  /** CSRF token of the forms: new at sign-in, spent by each consent decision. */
  csrf: string;
  /** The signed-in member, once signed in. */
  memberId: string | null;
  /** The cookie's value. */
  cookie: string;
  /** When the cookie stops being accepted (the session's absolute expiry). */
  expiresAt: Date;
  /** The server-side session, once signed in. */
  member: MemberSession | null;
}

/** A pending authorization request between the authorize call and the consent decision. */
export interface AuthorizationTransaction {
  sid: string;
  clientId: string;
  redirectUri: string;
  scopes: Scope[];
  state: string | null;
  codeChallenge: string;
  /** RFC 8707 resources of the request (absent in transactions sealed before them: the pull API). */
  resources?: string[];
  exp: number;
}

/** Sign-in lasts 30 minutes; an authorization request must be completed within 10. */
export const BROWSER_SESSION_TTL_MS = MEMBER_SESSION_POLICIES.oauth.absoluteMs;
export const AUTHORIZATION_TRANSACTION_TTL_MS = 10 * 60_000;

/** The sealed content of an anonymous session's cookie. */
interface AnonymousSeal {
  sid: string;
  csrf: string;
  exp: number;
}

const ANONYMOUS = 'oauth-anonymous-session';

/** A fresh anonymous session (not signed in); `sid` keeps a browser's binding, as after sign-out. */
export function newBrowserSession(config: Pick<Config, 'secretsKeys'>, now: Date, sid = randomToken(16)): BrowserSession {
  const seal: AnonymousSeal = { sid, csrf: randomToken(32), exp: now.getTime() + BROWSER_SESSION_TTL_MS };
  return { sid, csrf: seal.csrf, memberId: null, cookie: sealValue(config, ANONYMOUS, seal), expiresAt: new Date(seal.exp), member: null };
}

/** The anonymous session in a cookie value, or null when absent, forged, sealed under a retired key, or expired. */
export function openAnonymousSession(config: Pick<Config, 'secretsKeys'>, raw: string, now: Date): BrowserSession | null {
  const s = open<AnonymousSeal>(config, ANONYMOUS, raw);
  if (!s || typeof s.sid !== 'string' || typeof s.csrf !== 'string' || typeof s.exp !== 'number' || s.exp <= now.getTime()) return null;
  return { sid: s.sid, csrf: s.csrf, memberId: null, cookie: raw, expiresAt: new Date(s.exp), member: null };
}

/** A signed-in browser session: its cookie is the member session's token. */
export function memberBrowserSession(member: MemberSession): BrowserSession {
  return { sid: member.sid, csrf: member.csrf, memberId: member.memberId, cookie: member.token, expiresAt: member.expiresAt, member };
}

export function sealAuthorizationTransaction(config: Pick<Config, 'secretsKeys'>, txn: AuthorizationTransaction): string {
  return sealValue(config, 'oauth-authorization-transaction', txn);
}

export function openAuthorizationTransaction(config: Pick<Config, 'secretsKeys'>, raw: unknown, now: Date): AuthorizationTransaction | null {
  const t = open<AuthorizationTransaction>(config, 'oauth-authorization-transaction', raw);
  return t && typeof t.sid === 'string' && t.exp > now.getTime() ? t : null;
}

function sealValue(config: Pick<Config, 'secretsKeys'>, purpose: string, value: object): string {
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

/** Whether a form's csrf_token is this session's current one (constant time). */
export function csrfMatches(session: Pick<BrowserSession, 'csrf'>, sent: unknown): boolean {
  return typeof sent === 'string' && safeEqual(sent, session.csrf);
}
