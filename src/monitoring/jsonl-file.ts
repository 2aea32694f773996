import { readFile, stat } from 'node:fs/promises';

/** How often a file is checked for a new version, ms: a changed file is read again. */
const RECHECK_MS = 5_000;

/**
 * A JSON-lines file read on first use and again when its size or modification time changes (checked at
 * most every 5 s), as the local watchlist is read. Lines that are not JSON objects are skipped.
 */
export class JsonlFile<T> {
  private loaded: { key: string; value: T } | null = null;
  private checkedAt = 0;
  private loading: Promise<T> | null = null;

  constructor(
    private readonly path: string,
    /** What the file is for, in errors (`REGISTRY_PATH` ...). */
    private readonly what: string,
    private readonly build: (rows: Record<string, unknown>[]) => T,
  ) {}

  async current(): Promise<T> {
    if (this.loaded && Date.now() - this.checkedAt < RECHECK_MS) return this.loaded.value;
    this.loading ??= this.load().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private async load(): Promise<T> {
    let key: string;
    try {
      const s = await stat(this.path);
      key = `${s.size}:${s.mtimeMs}`;
    } catch (err) {
      throw new Error(`The ${this.what} file cannot be read: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
    }
    this.checkedAt = Date.now();
    if (this.loaded?.key === key) return this.loaded.value;
    const rows: Record<string, unknown>[] = [];
    for (const line of (await readFile(this.path, 'utf8')).split('\n')) {
      if (!line.trim()) continue;
      try {
        const v = JSON.parse(line) as unknown;
        if (v && typeof v === 'object' && !Array.isArray(v)) rows.push(v as Record<string, unknown>);
      } catch {
        // not JSON: skipped, like a malformed watchlist line
      }
    }
    this.loaded = { key, value: this.build(rows) };
    return this.loaded.value;
  }
}

export const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
