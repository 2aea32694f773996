import { resolve } from 'node:path';
import type { Actor, ServiceOperator } from '../access/index';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { readJsonLines, readWatchlistDelta } from './watchlist/watchlist-files';
import { insertReload } from './watchlist-reloads.repository';

export interface WatchlistReloadRequested {
  reloadId: number;
  kind: 'full' | 'delta';
  path: string;
  /** SHA-256 of the file as it was read now (hex). */
  digest: string;
  /** A delta's operations: entities added or modified, and removed. */
  upserts: number | null;
  removed: number | null;
}

/**
 * Asks every process of the service to take a new list (`svc watchlist:reload`): a full reload of
 * WATCHLIST_PATH, or an OpenSanctions delta file applied in place (ADD, MOD, DEL). The file is read here
 * first, so that a missing or unreadable file, or a delta without a single operation, is refused before any
 * process tries it; then one row of watchlist_reloads is recorded, which each process applies at its next
 * check (within 5 s; a load that fails there keeps the process's current list). Monitoring rescreens its
 * monitored cases against the change at its next tick. The service operator only.
 */
export async function requestWatchlistReload(
  svc: Services, actor: Actor | ServiceOperator, input: { deltaPath?: string | null },
): Promise<WatchlistReloadRequested> {
  if (actor.kind !== 'service_operator') throw new DomainError('forbidden', 'Only the service operator may do this.');
  if (svc.config.screeningProvider !== 'local') {
    throw new DomainError('conflict', 'SCREENING_PROVIDER is not local: the yente server takes its lists itself.');
  }
  const kind = input.deltaPath ? 'delta' : 'full';
  const path = input.deltaPath ? resolve(input.deltaPath) : svc.config.watchlistPath;
  let digest: string;
  let upserts: number | null = null;
  let removed: number | null = null;
  try {
    if (kind === 'delta') {
      const delta = await readWatchlistDelta(path);
      if (delta.upserts.length + delta.removed.length === 0) {
        throw DomainError.validation([{ path: 'delta', message: `No ADD, MOD or DEL operation in ${path} (${delta.skipped} line(s) not understood).` }]);
      }
      ({ digest } = delta);
      upserts = delta.upserts.length;
      removed = delta.removed.length;
    } else {
      ({ digest } = await readJsonLines(path, () => undefined));
    }
  } catch (err) {
    if (err instanceof DomainError) throw err;
    const code = (err as NodeJS.ErrnoException).code ?? (err instanceof Error ? err.message : String(err));
    throw DomainError.validation([{ path: kind === 'delta' ? 'delta' : 'WATCHLIST_PATH', message: `${path} cannot be read: ${code}` }]);
  }
  const reloadId = await insertReload(svc.db, { kind, listPath: svc.config.watchlistPath, path, digest, requestedBy: 'operator', dedupeKey: null, at: svc.clock.now() });
  return { reloadId: reloadId!, kind, path, digest, upserts, removed };
}
