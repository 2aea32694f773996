import { watch, type FSWatcher } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import type { FtmEntity } from '../ftm';
import type { ScreeningMatch, ScreeningProvider, ScreeningQueryOptions, ScreeningSubject, WatchlistCandidate, WatchlistQuery } from '../screening-provider';
import { entityFingerprint, readJsonLines, readWatchlistDelta, versionAfterDelta, watchlistVersionOf, type WatchlistDelta } from './watchlist-files';
import { WatchlistIndex } from './watchlist-index';

/** Matches returned per subject, at most (best first). */
export const MAX_MATCHES_PER_SUBJECT = 10;
/** How often the file (size, modification time) and the reload requests are checked, ms. */
const RECHECK_MS = 5_000;
/** A burst of file-system events (a copy written in chunks, a rename) is one reload this long after the last. */
const WATCH_DEBOUNCE_MS = 500;
/** List changes remembered per process, for the monitoring rescreen that asks which entities changed. */
const CHANGES_KEPT = 20;

/** A request to take a new list (a row of watchlist_reloads): read WATCHLIST_PATH again, or apply a delta file. */
export interface WatchlistReload {
  id: number;
  kind: 'full' | 'delta';
  path: string;
  digest: string | null;
}

/** Where the processes of the service find the reload requests (the watchlist_reloads table), and record one. */
export interface WatchlistReloadLog {
  /** The requests for the list at `listPath` after `afterId` (0: all), oldest first. */
  after(listPath: string, afterId: number): Promise<WatchlistReload[]>;
  /**
   * Records a full reload of a file this process saw change, once per `stateKey` (the last request applied and
   * the file's digest) across processes; its id, or null when another process recorded it first.
   */
  recordWatched(path: string, stateKey: string): Promise<number | null>;
}

/** What the provider logs (pino's shape). */
export interface WatchlistLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface LocalScreeningOptions {
  /** The FtM JSON-lines watchlist (WATCHLIST_PATH). */
  path: string;
  /** Score (0..1) a match needs (SCREENING_MATCH_THRESHOLD). */
  threshold: number;
  /** The reload requests of the service's processes (`svc watchlist:reload`); without it only the file is watched. */
  reloads?: WatchlistReloadLog;
  /** Watch the file's directory (fs.watch) as well as checking its modification time. Default false. */
  watch?: boolean;
  log?: WatchlistLogger;
}

/** What a load found: entities indexed, lines skipped (not a party, no name, or not FtM JSON). */
export interface WatchlistStats {
  entities: number;
  skipped: number;
  /** The OpenSanctions dataset version (`<dataset>@<version>`) when known, else `sha256:<digest>`; after a delta, the delta's. */
  version: string;
  /** SHA-256 of the file loaded (hex). */
  digest: string;
  loadMs: number;
  /** Deltas applied since the file was loaded. */
  deltas: number;
}

/** One change of the list in this process: the entities added or modified (new bodies) and the ids removed. */
export interface WatchlistChange {
  /** The reload request it applied (null: the file changed and no reload log was configured). */
  reloadId: number | null;
  kind: 'full' | 'delta';
  fromVersion: string | null;
  toVersion: string;
  upserts: FtmEntity[];
  removed: string[];
}

interface Loaded {
  index: WatchlistIndex;
  stats: WatchlistStats;
  fileKey: string;
  /** Entity id -> fingerprint of its line, to find what a full reload changed. */
  fingerprints: Map<string, string>;
  /** The last reload request applied (0: none). */
  appliedId: number;
}

/**
 * The local ScreeningProvider: an in-process matcher over an OpenSanctions FollowTheMoney JSON-lines
 * export. The file is read and indexed on first use; afterwards a new list is taken without a restart:
 * when the file's size or modification time changes (checked at most every 5 s, and on fs.watch events when
 * watching), and on the requests of `svc watchlist:reload` (rows of watchlist_reloads, polled as often):
 * a full reload indexes the file beside the current index, which answers queries meanwhile, and swaps it in
 * at once; a load that fails keeps the current index and logs why. A delta request applies an OpenSanctions
 * delta file (ADD, MOD, DEL) to the current index in place, synchronously, so a query sees it wholly or not
 * at all. Every process applies the requests in order: the list is WATCHLIST_PATH plus the deltas recorded
 * since the last full reload.
 */
export class LocalScreeningProvider implements ScreeningProvider {
  readonly name = 'local';
  private loaded: Loaded | null = null;
  private first: Promise<Loaded> | null = null;
  private refreshing: Promise<void> | null = null;
  private checkedAt = 0;
  private watcher: FSWatcher | null = null;
  private debounce: NodeJS.Timeout | null = null;
  private readonly changes: WatchlistChange[] = [];

  constructor(private readonly options: LocalScreeningOptions) {
    if (options.watch) this.startWatching();
  }

  async listVersion(): Promise<string> {
    return (await this.current()).stats.version;
  }

  /** The subject's matches; a tenant's settings (options) may set another threshold, topics, datasets, date tolerance and weak aliases. */
  async screen(subject: ScreeningSubject, options?: ScreeningQueryOptions): Promise<ScreeningMatch[]> {
    const { index } = await this.current();
    return index.search(subject, options?.threshold ?? this.options.threshold, MAX_MATCHES_PER_SUBJECT, options);
  }

  /**
   * An ad-hoc search (for the search use case): the best `limit` candidates, each explained and flagged
   * `isMatch` at the threshold; near misses are shown down to a score of 0.5.
   */
  async search(query: WatchlistQuery, limit = MAX_MATCHES_PER_SUBJECT, options?: ScreeningQueryOptions): Promise<WatchlistCandidate[]> {
    const { index } = await this.current();
    return index.searchWatchlist(query, options?.threshold ?? this.options.threshold, limit, options);
  }

  /** Loads the list now (a process may warm up before its first job); what it found. */
  async load(): Promise<WatchlistStats> {
    return (await this.current()).stats;
  }

  /**
   * Takes any new list now (the file changed, or reload requests are pending) rather than at the next check,
   * and waits for it; what is loaded afterwards. A failed load keeps the current list (and is logged).
   */
  async refresh(): Promise<WatchlistStats> {
    if (!this.loaded) return this.load();
    // A check already under way may have read the requests before the caller's: wait for it, then check again.
    if (this.refreshing) await this.refreshing;
    await this.startRefresh();
    return this.loaded.stats;
  }

  /** The change a reload request made in this process (null when this process did not apply it: it started later, or it changed nothing). */
  changeOf(reloadId: number): WatchlistChange | null {
    return this.changes.find((c) => c.reloadId === reloadId) ?? null;
  }

  /** The most recent changes this process applied, oldest first. */
  recentChanges(): readonly WatchlistChange[] {
    return this.changes;
  }

  /** Stops watching the file. */
  close(): void {
    this.watcher?.close();
    this.watcher = null;
    if (this.debounce) clearTimeout(this.debounce);
  }

  private async current(): Promise<Loaded> {
    if (!this.loaded) {
      this.first ??= this.loadFirst().finally(() => {
        this.first = null;
      });
      return this.first;
    }
    // Queries never wait for a reload: they use the current index while the next one is built.
    if (Date.now() - this.checkedAt >= RECHECK_MS) void this.startRefresh();
    return this.loaded;
  }

  /** The first load: the file, then the deltas recorded since the last full reload (a failure here fails the query). */
  private async loadFirst(): Promise<Loaded> {
    const requests = await this.pendingRequests(0);
    const lastFull = requests.filter((r) => r.kind === 'full').at(-1)?.id ?? 0;
    const key = await fileKey(this.options.path);
    const loaded = await loadWatchlist(this.options.path, key);
    loaded.appliedId = lastFull;
    this.checkedAt = Date.now();
    this.loaded = loaded;
    for (const r of requests) if (r.id > lastFull && r.kind === 'delta') await this.applyRequest(r);
    this.log('info', { ...this.loaded.stats, path: this.options.path }, 'watchlist loaded');
    return this.loaded;
  }

  private startRefresh(): Promise<void> {
    this.refreshing ??= this.refreshNow().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async refreshNow(): Promise<void> {
    this.checkedAt = Date.now();
    const loaded = this.loaded!;
    let pending = await this.pendingRequests(loaded.appliedId);
    // A pending full reload reads the file anyway; otherwise a changed file is itself a reload.
    if (!pending.some((r) => r.kind === 'full')) {
      try {
        const key = await fileKey(this.options.path);
        if (key !== loaded.fileKey) {
          if (this.options.reloads) {
            // Told to every process through the log (and to monitoring, which rescreens against the change),
            // once per state across processes: the same file after the same requests is one request.
            const { digest } = await readJsonLines(this.options.path, () => undefined);
            if (digest !== loaded.stats.digest) {
              await this.options.reloads.recordWatched(this.options.path, `${loaded.appliedId}:${digest}`);
              pending = await this.pendingRequests(loaded.appliedId);
            } else {
              loaded.fileKey = key;
            }
          } else {
            pending = [{ id: 0, kind: 'full', path: this.options.path, digest: null }];
          }
        }
      } catch (err) {
        this.log('warn', { path: this.options.path, err: reasonOf(err) }, 'watchlist check failed; the current list stays');
      }
    }
    for (const r of pending) await this.applyRequest(r);
  }

  private async pendingRequests(afterId: number): Promise<WatchlistReload[]> {
    if (!this.options.reloads) return [];
    try {
      return await this.options.reloads.after(this.options.path, afterId);
    } catch (err) {
      this.log('warn', { err: reasonOf(err) }, 'watchlist reload requests could not be read');
      return [];
    }
  }

  /** Applies one request; a failure keeps the current index (logged), and the request counts as applied. */
  private async applyRequest(r: WatchlistReload): Promise<void> {
    const before = this.loaded!;
    try {
      if (r.kind === 'full') await this.reloadFile(r);
      else this.applyDelta(r, await readWatchlistDelta(r.path));
    } catch (err) {
      this.log('warn', { reloadId: r.id, kind: r.kind, path: r.path, err: reasonOf(err), version: before.stats.version }, 'watchlist reload failed; the current list stays');
    }
    if (r.id) this.loaded!.appliedId = Math.max(this.loaded!.appliedId, r.id);
  }

  /** Indexes the file beside the current index (which answers meanwhile), then swaps it in; notes what changed. */
  private async reloadFile(r: WatchlistReload): Promise<void> {
    const before = this.loaded!;
    const key = await fileKey(this.options.path);
    // Tried once per version of the file: a broken file is not read again until it changes.
    before.fileKey = key;
    const { changed: upserts, ...next } = await loadWatchlist(this.options.path, key, before.fingerprints);
    if (next.stats.entities === 0 && before.stats.entities > 0) {
      throw new Error(`${next.stats.skipped} line(s) and no entity: not a FollowTheMoney watchlist`);
    }
    next.appliedId = before.appliedId;
    // What changed: the bodies of the added and modified entities, the ids of the removed ones.
    const removed = [...before.fingerprints.keys()].filter((id) => !next.fingerprints.has(id));
    this.loaded = next;
    this.remember({ reloadId: r.id || null, kind: 'full', fromVersion: before.stats.version, toVersion: next.stats.version, upserts, removed });
    this.log('info', { ...next.stats, reloadId: r.id || null, changed: upserts.length, removed: removed.length, previous: before.stats.version }, 'watchlist reloaded');
  }

  /** Applies a delta to the current index in place (synchronous: a query sees all of it or none). */
  private applyDelta(r: WatchlistReload, delta: WatchlistDelta): void {
    const loaded = this.loaded!;
    const fromVersion = loaded.stats.version;
    for (const id of delta.removed) {
      loaded.index.remove(id);
      loaded.fingerprints.delete(id);
    }
    for (const e of delta.upserts) {
      if (loaded.index.add(e)) loaded.fingerprints.set(e.id, entityFingerprint(JSON.stringify(e)));
      else loaded.fingerprints.delete(e.id);
    }
    loaded.stats = { ...loaded.stats, entities: loaded.index.size, version: versionAfterDelta(fromVersion, delta), deltas: loaded.stats.deltas + 1 };
    this.remember({ reloadId: r.id || null, kind: 'delta', fromVersion, toVersion: loaded.stats.version, upserts: delta.upserts, removed: delta.removed });
    this.log('info', {
      reloadId: r.id, path: r.path, added: delta.upserts.length, removed: delta.removed.length, skipped: delta.skipped, version: loaded.stats.version, previous: fromVersion,
    }, 'watchlist delta applied');
  }

  private remember(change: WatchlistChange): void {
    this.changes.push(change);
    if (this.changes.length > CHANGES_KEPT) this.changes.shift();
  }

  /** fs.watch on the file's directory (a replaced file is a new inode), debounced; the mtime check stays as the fallback. */
  private startWatching(): void {
    const file = basename(this.options.path);
    try {
      this.watcher = watch(dirname(this.options.path), { persistent: false }, (_event, name) => {
        if (name !== null && name !== file) return;
        if (this.debounce) clearTimeout(this.debounce);
        this.debounce = setTimeout(() => {
          this.debounce = null;
          if (this.loaded) void this.startRefresh();
        }, WATCH_DEBOUNCE_MS);
        this.debounce.unref();
      });
      this.watcher.on('error', (err) => this.log('warn', { err: reasonOf(err) }, 'watchlist watch stopped; the modification time is still checked'));
    } catch (err) {
      this.log('warn', { path: this.options.path, err: reasonOf(err) }, 'watchlist cannot be watched; the modification time is still checked');
    }
  }

  private log(level: 'info' | 'warn', obj: object, msg: string): void {
    this.options.log?.[level](obj, msg);
  }
}

const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 300);

async function fileKey(path: string): Promise<string> {
  try {
    const s = await stat(path);
    return `${s.size}:${s.mtimeMs}`;
  } catch (err) {
    throw new Error(`The watchlist ${path} cannot be read (WATCHLIST_PATH): ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
  }
}

/**
 * Reads and indexes an FtM JSON-lines file. Lines that are not entities are counted and skipped. Given the
 * fingerprints of the list loaded before, it also collects the bodies of the entities that are new or changed.
 */
export async function loadWatchlist(
  path: string, key?: string, previous?: ReadonlyMap<string, string>,
): Promise<Loaded & { changed: FtmEntity[] }> {
  const started = performance.now();
  const fk = key ?? (await fileKey(path));
  const index = new WatchlistIndex();
  const fingerprints = new Map<string, string>();
  const changed: FtmEntity[] = [];
  let skipped = 0;
  const { digest } = await readJsonLines(path, (line) => {
    let entity: FtmEntity;
    try {
      entity = JSON.parse(line) as FtmEntity;
    } catch {
      skipped++;
      return;
    }
    if (!entity || typeof entity.id !== 'string' || typeof entity.schema !== 'string' || typeof entity.properties !== 'object' || !index.add(entity)) {
      skipped++;
      return;
    }
    const fp = entityFingerprint(line);
    fingerprints.set(entity.id, fp);
    if (previous && previous.get(entity.id) !== fp) changed.push(entity);
  });
  const version = await watchlistVersionOf(path, digest);
  return {
    index, fileKey: fk, fingerprints, changed, appliedId: 0,
    stats: { entities: index.size, skipped, version, digest, loadMs: Math.round(performance.now() - started), deltas: 0 },
  };
}
