import { LRUCache } from 'lru-cache';
import type { RevocationFeed } from '../ports';

interface Entry<R> {
  row: R;
  at: number;
}

/**
 * A per-process cache of a credential's live check (the rows read on every request to know the credential
 * still opens something), flushed in every process by the revocation feed. The bearer check's
 * (src/oauth/access-token-cache.ts) and the console session check's (src/sessions/console-session-cache.ts)
 * are two of these, on the same feed: every write that could make a cached check wrong calls
 * `announceRevocation` after its commit, which flushes this process at once (the feed delivers to this
 * process's subscribers before it notifies the others) and every other one through PostgreSQL.
 *
 * - A check is reused for at most `ttlMs` (bounds a write that forgot to announce, or a process that died
 *   between its commit and its announcement); at most `max` checks are kept (least recently used out first).
 * - A fill that began before a flush is dropped (generation check): a check read before a write committed
 *   never outlives the write's announcement.
 * - Only while the process listens to the feed: when the connection breaks the cache empties and stays off
 *   until it listens again, so no process misses an announcement.
 */
export class LiveCheckCache<R extends object = object> {
  private readonly live: LRUCache<string, Entry<R>>;
  private generation = 0;
  private listening = false;
  private subscribed = false;
  private readonly waiters: (() => void)[] = [];

  constructor(
    private readonly feed: RevocationFeed,
    readonly options: { ttlMs: number; max: number },
  ) {
    this.live = new LRUCache<string, Entry<R>>({ max: options.max });
  }

  /**
   * Where a live check starts: the generation to hand back to remember, or null when checks may not be
   * cached now (the feed is not listening). Subscribes to the feed on first use, so processes that never
   * make this check (workers, CLI) never connect to it.
   */
  begin(): number | null {
    if (!this.subscribed) {
      this.subscribed = true;
      this.feed.subscribe({ revoked: () => this.flush(), listening: (on) => this.setListening(on) });
    }
    return this.listening ? this.generation : null;
  }

  /** The check cached under `key`, when there is one younger than the TTL (and the feed listens). */
  get(key: string, nowMs: number): R | undefined {
    if (!this.listening) return undefined;
    const hit = this.live.get(key);
    if (!hit) return undefined;
    if (nowMs - hit.at >= this.options.ttlMs || nowMs < hit.at) {
      this.live.delete(key);
      return undefined;
    }
    return hit.row;
  }

  /** Stores a check read under `generation`; dropped when a flush happened since. */
  remember(key: string, row: R, generation: number | null, nowMs: number): void {
    if (generation === null || generation !== this.generation || !this.listening) return;
    this.live.set(key, { row, at: nowMs });
  }

  /** Forgets one check (this process only). */
  forget(key: string): void {
    this.live.delete(key);
  }

  /** Forgets every check (an announcement anywhere). */
  flush(): void {
    this.generation++;
    this.live.clear();
    for (const resolve of this.waiters.splice(0)) resolve();
  }

  /** Resolves at the next flush (tests and diagnostics await an announcement reaching this process). */
  nextFlush(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Whether checks are being cached (the feed listens). */
  get caching(): boolean {
    return this.listening;
  }

  /** How many checks are held now. */
  get size(): number {
    return this.live.size;
  }

  private setListening(on: boolean): void {
    // Whatever was announced while the feed was down is unknown: start from empty either way.
    this.flush();
    this.listening = on;
  }
}
