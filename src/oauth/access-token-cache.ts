import { LRUCache } from 'lru-cache';
import type { RevocationFeed } from '../ports';

/** How long a live check may be reused when no revocation was announced. Bounds an unannounced one. */
export const LIVE_CHECK_TTL_MS = 10_000;
const MAX_ENTRIES = 10_000;

interface LiveEntry<R> {
  row: R;
  at: number;
}

/**
 * The bearer check's two caches, one per process (issue: "a bounded cache is allowed only if
 * revocation flushes it across processes").
 *
 * - Verified tokens: token string to its verified claims. A signature never stops being valid; exp and
 *   nbf are still checked against the clock on every hit, so only the ES256 work is saved.
 * - Live checks: the client / connected app / member / jti row of the bearer check, reused for at most
 *   LIVE_CHECK_TTL_MS, and only while this process listens to the revocation feed. Every write that
 *   revokes (client, grant, access token; a member removal once there is one) calls
 *   `announceRevocation` after commit, which flushes this process at once and every other one through
 *   the feed. A fill that began before a flush is dropped (generation check), and when the feed is
 *   interrupted the cache empties and stays off until it listens again, so no process misses one.
 *   Only a process that dies between its commit and its announcement leaves others to the TTL.
 */
export class AccessTokenCache<R extends object = object> {
  private readonly verified = new LRUCache<string, Record<string, unknown>>({ max: MAX_ENTRIES });
  private readonly live = new LRUCache<string, LiveEntry<R>>({ max: MAX_ENTRIES });
  private generation = 0;
  private listening = false;
  private subscribed = false;
  private readonly waiters: (() => void)[] = [];

  constructor(private readonly feed: RevocationFeed) {}

  /** Verified claims of `token`, when it was verified before in this process (exp is the caller's). */
  verifiedClaims(token: string): Record<string, unknown> | undefined {
    return this.verified.get(token);
  }

  rememberVerified(token: string, claims: Record<string, unknown>): void {
    this.verified.set(token, claims);
  }

  /**
   * Where a live check starts: the generation to hand back to rememberLive, or null when checks may
   * not be cached now (the feed is not listening). Subscribes to the feed on first use, so processes
   * that never check a bearer token (workers, CLI) never connect to it.
   */
  beginLiveCheck(): number | null {
    if (!this.subscribed) {
      this.subscribed = true;
      this.feed.subscribe({ revoked: () => this.flush(), listening: (on) => this.setListening(on) });
    }
    return this.listening ? this.generation : null;
  }

  liveRow(key: string, nowMs: number): R | undefined {
    if (!this.listening) return undefined;
    const hit = this.live.get(key);
    if (!hit) return undefined;
    if (nowMs - hit.at >= LIVE_CHECK_TTL_MS || nowMs < hit.at) {
      this.live.delete(key);
      return undefined;
    }
    return hit.row;
  }

  /** Stores a live row read under `generation`; dropped when a flush happened since. */
  rememberLive(key: string, row: R, generation: number | null, nowMs: number): void {
    if (generation === null || generation !== this.generation || !this.listening) return;
    this.live.set(key, { row, at: nowMs });
  }

  /** Forgets every live check (a revocation anywhere). Verified signatures stay. */
  flush(): void {
    this.generation++;
    this.live.clear();
    for (const resolve of this.waiters.splice(0)) resolve();
  }

  /** Resolves at the next flush (tests and diagnostics await a revocation reaching this process). */
  nextFlush(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Whether live checks are being cached (the feed listens). */
  get caching(): boolean {
    return this.listening;
  }

  private setListening(on: boolean): void {
    // Whatever was announced while the feed was down is unknown: start from empty either way.
    this.flush();
    this.listening = on;
  }
}

declare module '../services' {
  interface Services {
    /** This process's caches of the bearer check (verified signatures, live checks). */
    accessTokenCache: AccessTokenCache;
  }
}
