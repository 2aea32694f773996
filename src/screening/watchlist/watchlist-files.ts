import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import type { FtmEntity } from '../ftm';

/**
 * The files of an OpenSanctions export as the local provider reads them: the entities (FollowTheMoney JSON
 * lines), the dataset's metadata beside them (`index.json`, whose `version` names the release), and delta
 * files (JSON lines of `{"op": "ADD" | "MOD" | "DEL", "entity": {...}}`, with a delta index beside them,
 * `{"versions": {"<version>": "<url>"}}`, naming the version each delta file brings the dataset to).
 */

/** Reads a JSON-lines file line by line, and its SHA-256 (hex) as a whole, in one pass. */
export async function readJsonLines(path: string, onLine: (line: string) => void): Promise<{ digest: string }> {
  const hash = createHash('sha256');
  const input = createReadStream(path);
  input.on('data', (chunk) => hash.update(chunk));
  const lines = createInterface({ input, crlfDelay: Infinity });
  for await (const line of lines) if (line.trim() !== '') onLine(line);
  return { digest: hash.digest('hex') };
}

async function readJsonBeside(path: string, name: string): Promise<Record<string, unknown> | null> {
  try {
    const parsed = JSON.parse(await readFile(join(dirname(path), name), 'utf8')) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Safe in a VARCHAR(191) ASCII column and a log line: printable ASCII, at most 120 characters. */
const cleanVersion = (v: string) => v.replace(/[^\x21-\x7e]/g, '').slice(0, 120);

/**
 * A watchlist file's version: the OpenSanctions dataset version when an `index.json` beside the file names
 * one (`<dataset name>@<version>`, e.g. `sanctions@20251120083201-abc`; `last_export` when there is no
 * `version`), else `sha256:<the file's digest>`.
 */
export async function watchlistVersionOf(path: string, digest: string): Promise<string> {
  const meta = await readJsonBeside(path, 'index.json');
  const version = typeof meta?.version === 'string' && meta.version ? meta.version : typeof meta?.last_export === 'string' ? meta.last_export : null;
  if (version && cleanVersion(version)) {
    const name = typeof meta?.name === 'string' && meta.name ? `${cleanVersion(meta.name)}@` : '';
    return `${name}${cleanVersion(version)}`;
  }
  return `sha256:${digest}`;
}

/** One delta file's changes: entities added or modified (their new body), ids deleted, lines not understood. */
export interface WatchlistDelta {
  upserts: FtmEntity[];
  removed: string[];
  skipped: number;
  digest: string;
  /** The version the delta brings the dataset to, when a delta index beside it names the file; else null. */
  version: string | null;
}

const isEntity = (e: unknown): e is FtmEntity =>
  Boolean(e) && typeof (e as FtmEntity).id === 'string' && typeof (e as FtmEntity).schema === 'string' && typeof (e as FtmEntity).properties === 'object';

/**
 * Reads an OpenSanctions delta file: `ADD` and `MOD` carry the entity's new body, `DEL` its id (a later line
 * for the same id wins). Lines that are not such an operation are counted in `skipped`; a file that cannot
 * be read throws.
 */
export async function readWatchlistDelta(path: string): Promise<WatchlistDelta> {
  const ops = new Map<string, FtmEntity | null>();
  let skipped = 0;
  const { digest } = await readJsonLines(path, (line) => {
    let op: { op?: unknown; entity?: unknown };
    try {
      op = JSON.parse(line) as typeof op;
    } catch {
      skipped++;
      return;
    }
    const entity = op?.entity as { id?: unknown } | undefined;
    if ((op.op === 'ADD' || op.op === 'MOD') && isEntity(entity)) ops.set(entity.id, entity);
    else if (op.op === 'DEL' && entity && typeof entity.id === 'string') ops.set(entity.id, null);
    else skipped++;
  });
  const upserts: FtmEntity[] = [];
  const removed: string[] = [];
  for (const [id, e] of ops) {
    if (e) upserts.push(e);
    else removed.push(id);
  }
  return { upserts, removed, skipped, digest, version: await deltaVersionOf(path) };
}

/** The version a delta index beside the file (`{"versions": {"<version>": "<url ending in the file's name>"}}`) gives it. */
async function deltaVersionOf(path: string): Promise<string | null> {
  const meta = await readJsonBeside(path, 'delta.json') ?? await readJsonBeside(path, 'index.json');
  const versions = meta?.versions;
  if (!versions || typeof versions !== 'object') return null;
  const file = basename(path);
  for (const [version, url] of Object.entries(versions as Record<string, unknown>)) {
    if (typeof url === 'string' && basename(url.split('?')[0]!) === file && cleanVersion(version)) return cleanVersion(version);
  }
  return null;
}

/** The version after applying a delta: the delta's own version, else a digest of the version before and the delta's digest. */
export function versionAfterDelta(before: string, delta: WatchlistDelta): string {
  return delta.version ?? `sha256:${createHash('sha256').update(`${before}\n${delta.digest}`).digest('hex')}`;
}

/** A canonical fingerprint of an entity's content (a full reload compares them to find what changed). */
export function entityFingerprint(line: string): string {
  return createHash('sha1').update(line).digest('base64');
}
