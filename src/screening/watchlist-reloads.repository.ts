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

/** The requests after `afterId` (0: all), oldest first, at most `limit`. */
export async function listReloadsAfter(db: Queryable, afterId: number, limit = 1000): Promise<WatchlistReloadRequest[]> {
  const rows: (ReloadRow & { requested_at: Date; requested_by: string })[] = await crossTenant(db, 'service-state').query(
    `SELECT id, kind, path, digest, requested_at, requested_by FROM watchlist_reloads WHERE id > ? ORDER BY id LIMIT ${Math.floor(limit)}`, [afterId],
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
  db: Queryable, r: { kind: 'full' | 'delta'; path: string; digest: string | null; requestedBy: string; dedupeKey: string | null; at: Date },
): Promise<number | null> {
  const res = (await crossTenant(db, 'service-state').query(
    'INSERT IGNORE INTO watchlist_reloads (kind, path, digest, requested_by, dedupe_key, requested_at) VALUES (?, ?, ?, ?, ?, ?)',
    [r.kind, r.path, r.digest, r.requestedBy, r.dedupeKey, r.at],
  )) as { affectedRows: number; insertId: number };
  return res.affectedRows === 1 ? Number(res.insertId) : null;
}

/** The reload log of the local provider over the pool: polls the requests, records a watched file's change. */
export function watchlistReloadLog(db: Queryable, clock: { now(): Date }): WatchlistReloadLog {
  return {
    after: (afterId) => listReloadsAfter(db, afterId),
    recordWatched: (path, stateKey) => {
      const digest = stateKey.split(':').at(-1) ?? null;
      return insertReload(db, { kind: 'full', path, digest, requestedBy: 'watch', dedupeKey: `watch:${stateKey}`, at: clock.now() });
    },
  };
}
