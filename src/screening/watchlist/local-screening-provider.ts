import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { FtmEntity } from '../ftm';
import type { ScreeningMatch, ScreeningProvider, ScreeningQueryOptions, ScreeningSubject, WatchlistCandidate, WatchlistQuery } from '../screening-provider';
import { WatchlistIndex } from './watchlist-index';

/** Matches returned per subject, at most (best first). */
export const MAX_MATCHES_PER_SUBJECT = 10;
/** How often the file is checked for a new version, ms: a changed file is loaded again. */
const RECHECK_MS = 5_000;

export interface LocalScreeningOptions {
  /** The FtM JSON-lines watchlist (WATCHLIST_PATH). */
  path: string;
  /** Score (0..1) a match needs (SCREENING_MATCH_THRESHOLD). */
  threshold: number;
}

/** What a load found: entities indexed, lines skipped (not a party, no name, or not FtM JSON). */
export interface WatchlistStats {
  entities: number;
  skipped: number;
  version: string;
  loadMs: number;
}

interface Loaded {
  index: WatchlistIndex;
  stats: WatchlistStats;
  fileKey: string;
}

/**
 * The local ScreeningProvider: an in-process matcher over an OpenSanctions FollowTheMoney JSON-lines
 * export (one entity per line, as `entities.ftm.json` of a dataset). The file is read and indexed once, on
 * first use, and again when its size or modification time changes (checked at most every 5 s); the
 * version is a hash of those, so a replaced list is a new listVersion().
 */
export class LocalScreeningProvider implements ScreeningProvider {
  readonly name = 'local';
  private loaded: Loaded | null = null;
  private loading: Promise<Loaded> | null = null;
  private checkedAt = 0;

  constructor(private readonly options: LocalScreeningOptions) {}

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

  private async current(): Promise<Loaded> {
    const now = Date.now();
    if (this.loaded && now - this.checkedAt < RECHECK_MS) return this.loaded;
    if (this.loading) return this.loading;
    this.loading = (async () => {
      try {
        const key = await fileKey(this.options.path);
        this.checkedAt = Date.now();
        if (this.loaded && this.loaded.fileKey === key) return this.loaded;
        this.loaded = await loadWatchlist(this.options.path, key);
        return this.loaded;
      } finally {
        this.loading = null;
      }
    })();
    return this.loading;
  }
}

async function fileKey(path: string): Promise<string> {
  try {
    const s = await stat(path);
    return `${s.size}:${s.mtimeMs}`;
  } catch (err) {
    throw new Error(`The watchlist ${path} cannot be read (WATCHLIST_PATH): ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
  }
}

/** Reads and indexes an FtM JSON-lines file. Lines that are not entities are counted and skipped. */
export async function loadWatchlist(path: string, key?: string): Promise<Loaded> {
  const started = performance.now();
  const fk = key ?? (await fileKey(path));
  const index = new WatchlistIndex();
  let skipped = 0;
  const lines = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    let entity: FtmEntity;
    try {
      entity = JSON.parse(line) as FtmEntity;
    } catch {
      skipped++;
      continue;
    }
    if (!entity || typeof entity.id !== 'string' || typeof entity.schema !== 'string' || typeof entity.properties !== 'object' || !index.add(entity)) skipped++;
  }
  const version = `local-${createHash('sha256').update(`${path}\n${fk}`).digest('hex').slice(0, 16)}`;
  return { index, fileKey: fk, stats: { entities: index.size, skipped, version, loadMs: Math.round(performance.now() - started) } };
}
