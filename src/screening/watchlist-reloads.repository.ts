import { createHash } from 'node:crypto';
import { crossTenant } from '../db/cross-tenant';
import type { Queryable } from '../db/queryable';
import type { WatchlistReload, WatchlistReloadLog } from './watchlist/local-screening-provider';

/**
 * The SQL of watchlist_reloads: the requests to take a new list, which every process polls. The table holds
 * no tenant's data (the list is the service's), hence `service-state`.
 */

interface ReloadRow {
  id: number;
  kind: 'full' | 'delta';
  path: string;
  digest: string | null;
}

/** A reload request as the reload log and the monitoring rescreen read it. */
export interface WatchlistReloadRequest extends WatchlistReload {
  requestedAt: Date;
  requestedBy: string;
}

const toReload = (r: ReloadRow & { requested_at: Date; requested_by: string }): WatchlistReloadRequest => ({
  id: r.id, kind: r.kind, path: r.path, digest: r.digest, requestedAt: r.requested_at, requestedBy: r.requested_by,
});

/** The requests after `afterId` (0: all), oldest first, at most `limit`; with `listPath`, only those for that list. */
export async function listReloadsAfter(db: Queryable, afterId: number, limit = 1000, listPath?: string): Promise<WatchlistReloadRequest[]> {
  const rows: (ReloadRow & { requested_at: Date; requested_by: string })[] = await crossTenant(db, 'service-state').query(
    `SELECT id, kind, path, digest, requested_at, requested_by FROM watchlist_reloads WHERE id > ?${listPath === undefined ? '' : ' AND list_path = ?'}
     ORDER BY id LIMIT ${Math.floor(limit)}`,
    listPath === undefined ? [afterId] : [afterId, listPath],
  );
  return rows.map(toReload);
}

/** One request by id, or null. */
export async function findReload(db: Queryable, id: number): Promise<WatchlistReloadRequest | null> {
  const [row]: (ReloadRow & { requested_at: Date; requested_by: string })[] = await crossTenant(db, 'service-state').query(
    'SELECT id, kind, path, digest, requested_at, requested_by FROM watchlist_reloads WHERE id = ?', [id],
  );
  return row ? toReload(row) : null;
}

/** Records a request; with a dedupe key, only the first of equal keys is recorded (null for a later one). Its id. */
export async function insertReload(
  db: Queryable,
  r: { kind: 'full' | 'delta'; listPath: string; path: string; digest: string | null; requestedBy: string; dedupeKey: string | null; at: Date },
): Promise<number | null> {
  const res = (await crossTenant(db, 'service-state').query(
    'INSERT IGNORE INTO watchlist_reloads (kind, list_path, path, digest, requested_by, dedupe_key, requested_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    [r.kind, r.listPath, r.path, r.digest, r.requestedBy, r.dedupeKey, r.at],
  )) as { affectedRows: number; insertId: number };
  return res.affectedRows === 1 ? Number(res.insertId) : null;
}

/** The reload log of the local provider over the pool: polls the requests, records a watched file's change. */
export function watchlistReloadLog(db: Queryable, clock: { now(): Date }): WatchlistReloadLog {
  return {
    after: (listPath, afterId) => listReloadsAfter(db, afterId, 1000, listPath),
    recordWatched: (path, stateKey) => {
      const digest = stateKey.split(':').at(-1) ?? null;
      // The state key names the list's state, not its path: one list per path, so the path is hashed in.
      const key = createHash('sha256').update(`${path}\n${stateKey}`).digest('hex');
      return insertReload(db, { kind: 'full', listPath: path, path, digest, requestedBy: 'watch', dedupeKey: `watch:${key}`, at: clock.now() });
    },
  };
}
