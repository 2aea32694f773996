import { LiveCheckCache } from '../access/live-check-cache';
import type { RevocationFeed } from '../ports';
import { sessionCheckKey, sessionTokenHash, type MemberSession } from './member-session';
import type { SessionMember } from './find-member-session';

/**
 * How long a console session's check (the session with its member and tenant rules) may be reused when
 * nothing was announced. Bounds a change that forgot to announce; an announced one is seen at once.
 */
export const SESSION_CHECK_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

/** A console session's check as read: the session (idle expiry kept current by this process) and its member. */
export interface CachedSessionCheck {
  session: MemberSession;
  member: SessionMember;
}

/**
 * This process's cache of the console session check (findMemberSessionWithMember), keyed by the token's
 * hash, on the revocation feed (LiveCheckCache). Every write that ends a session or changes what the check
 * reads announces after its commit (`announceRevocation`): signing out (one session, another device, every
 * session), ending sessions when a role changes, a member is suspended or removed or their password is reset,
 * the Test data switch, a second factor proved, enrolled or removed, the tenant's MFA rule and IP allow-list.
 * The absolute and idle expiries are checked against the clock on every hit, so a session times out to the
 * millisecond whether its check is cached or not.
 */
export class ConsoleSessionCache extends LiveCheckCache<CachedSessionCheck> {
  constructor(feed: RevocationFeed) {
    super(feed, { ttlMs: SESSION_CHECK_TTL_MS, max: MAX_ENTRIES });
  }

  /** Whether this process answers the console session of `token` from its cache now (tests, diagnostics). */
  holds(token: string, nowMs: number): boolean {
    return this.get(sessionCheckKey('console', sessionTokenHash(token)), nowMs) !== undefined;
  }
}

declare module '../services' {
  interface Services {
    /** This process's cache of console session checks. */
    consoleSessionCache: ConsoleSessionCache;
  }
}
