import { createHmac } from 'node:crypto';
import { sha256Hex } from '../security/tokens';

/**
 * Member sessions: a signed-in member's browser session, kept server-side (table member_sessions) so
 * that ending it ends it wherever its cookie went. The cookie carries a random 256-bit token; only its
 * SHA-256 is stored. Each kind of session (the door that opened it) has its own timeouts, and a token
 * of one kind never opens another.
 */

/** 'oauth': the authorization pages (sign-in and consent); 'console': the analysts' console (/graphql). */
export type MemberSessionKind = 'oauth' | 'console';

/** How long a session of a kind lives: idle (since it was last used) and absolute (since sign-in). */
export interface MemberSessionPolicy {
  idleMs: number;
  absoluteMs: number;
}

/**
 * The authorization pages' sign-in lasts 30 minutes from signing in, used or not (the idle timeout is
 * the same 30 minutes, so it never ends a session sooner). A console session ends after 30 minutes
 * unused or 12 hours after sign-in, whichever comes first.
 */
export const MEMBER_SESSION_POLICIES: Record<MemberSessionKind, MemberSessionPolicy> = {
  oauth: { idleMs: 30 * 60_000, absoluteMs: 30 * 60_000 },
  console: { idleMs: 30 * 60_000, absoluteMs: 12 * 60 * 60_000 },
};

/** The idle expiry is moved on at most this often (one write per minute of use, not per request). */
export const IDLE_TOUCH_INTERVAL_MS = 60_000;

export interface MemberSession {
  /** The cookie's value. Held in memory for this request only; the database has its hash. */
  token: string;
  kind: MemberSessionKind;
  memberId: string;
  /** A random id binding other state (pending authorization requests) to this browser. */
  sid: string;
  /** Numbers the current CSRF token; spending the token moves it on. */
  csrfGeneration: number;
  /** The current CSRF token of the session's forms: derived from the token, never stored. */
  csrf: string;
  createdAt: Date;
  idleExpiresAt: Date;
  expiresAt: Date;
  /** When this session last proved a second factor (sign-in, enrolment, step-up), or null. */
  secondFactorAt: Date | null;
  /** The data a console session shows: live, or test data while its "Test data" switch is on (setConsoleMode). */
  mode: 'live' | 'test';
}

/** A session token: 32 random bytes, base64url. */
export const SESSION_TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const sessionTokenHash = (token: string): string => sha256Hex(token);

/** Where a session's check is cached (ConsoleSessionCache): its kind and its token's hash, never the token. */
export const sessionCheckKey = (kind: MemberSessionKind, tokenHash: string): string => `${kind} ${tokenHash}`;

/** The CSRF token of one generation: HMAC-SHA256 under the session token, so only its holder can know it. */
export function csrfTokenOf(token: string, generation: number): string {
  return createHmac('sha256', token).update(`csrf:${generation}`).digest('base64url');
}
