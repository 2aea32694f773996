import { LRUCache } from 'lru-cache';
import { LiveCheckCache } from '../access/live-check-cache';
import type { RevocationFeed } from '../ports';

/** How long a live check may be reused when no revocation was announced. Bounds an unannounced one. */
export const LIVE_CHECK_TTL_MS = 10_000;
const MAX_ENTRIES = 10_000;

/**
 * The bearer check's two caches, one per process (issue: "a bounded cache is allowed only if
 * revocation flushes it across processes").
 *
 * - Verified tokens: token string to its verified claims. A signature never stops being valid; exp and
 *   nbf are still checked against the clock on every hit, so only the ES256 work is saved.
 * - Live checks: the client / connected app / member / jti row of the bearer check, reused for at most
 *   LIVE_CHECK_TTL_MS, and only while this process listens to the revocation feed (a LiveCheckCache,
 *   src/access/live-check-cache.ts). Every write that revokes (client, grant, access token, member removal,
 *   a tenant's IP allow-list) calls `announceRevocation` after commit, which flushes this process at once and
 *   every other one through the feed. A fill that began before a flush is dropped (generation check), and
 *   when the feed is interrupted the cache empties and stays off until it listens again, so no process
 *   misses one. Only a process that dies between its commit and its announcement leaves others to the TTL.
 */
export class AccessTokenCache<R extends object = object> {
  private readonly verified = new LRUCache<string, Record<string, unknown>>({ max: MAX_ENTRIES });
  private readonly live: LiveCheckCache<R>;

  constructor(feed: RevocationFeed) {
    this.live = new LiveCheckCache<R>(feed, { ttlMs: LIVE_CHECK_TTL_MS, max: MAX_ENTRIES });
  }

  /** Verified claims of `token`, when it was verified before in this process (exp is the caller's). */
  verifiedClaims(token: string): Record<string, unknown> | undefined {
    return this.verified.get(token);
  }

  rememberVerified(token: string, claims: Record<string, unknown>): void {
    this.verified.set(token, claims);
  }

  /** Where a live check starts: see LiveCheckCache.begin. */
  beginLiveCheck(): number | null {
    return this.live.begin();
  }

  liveRow(key: string, nowMs: number): R | undefined {
    return this.live.get(key, nowMs);
  }

  /** Stores a live row read under `generation`; dropped when a flush happened since. */
  rememberLive(key: string, row: R, generation: number | null, nowMs: number): void {
    this.live.remember(key, row, generation, nowMs);
  }

  /** Forgets every live check (a revocation anywhere). Verified signatures stay. */
  flush(): void {
    this.live.flush();
  }

  /** Resolves at the next flush (tests and diagnostics await a revocation reaching this process). */
  nextFlush(): Promise<void> {
    return this.live.nextFlush();
  }

  /** Whether live checks are being cached (the feed listens). */
  get caching(): boolean {
    return this.live.caching;
  }
}

declare module '../services' {
  interface Services {
    /** This process's caches of the bearer check (verified signatures, live checks). */
    accessTokenCache: AccessTokenCache;
  }
}
