import type { TenantDb } from '../db/index';

/** The SQL of screening_runs: one row per onboarding screening run of a case, with the watchlist version it used. */

/** A screening run of a case, as decision provenance reads it. */
export interface ScreeningRun {
  id: number;
  casePk: number;
  /** `local` or `yente`. */
  provider: string;
  /** The list screened against: `<dataset>@<version>` (OpenSanctions), `sha256:<digest>` (a file without metadata), yente's indexed version; null if the provider could not say. */
  watchlistVersion: string | null;
  screened: number;
  newHits: number;
  completedAt: Date;
}

interface ScreeningRunRow {
  id: number; case_pk: number; provider: string; watchlist_version: string | null; screened: number; new_hits: number; completed_at: Date;
}

const toScreeningRun = (r: ScreeningRunRow): ScreeningRun => ({
  id: r.id, casePk: r.case_pk, provider: r.provider, watchlistVersion: r.watchlist_version, screened: r.screened, newHits: r.new_hits, completedAt: r.completed_at,
});

export async function insertScreeningRun(
  db: TenantDb, casePk: number, r: { provider: string; watchlistVersion: string | null; screened: number; newHits: number; completedAt: Date },
): Promise<number> {
  const orgId = db.orgId;
  const res = (await db.query(
    'INSERT INTO screening_runs (org_id, case_pk, provider, watchlist_version, screened, new_hits, completed_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    [orgId, casePk, r.provider, r.watchlistVersion, r.screened, r.newHits, r.completedAt],
  )) as { insertId: number };
  return Number(res.insertId);
}

/** A case's screening runs, newest first (at most `limit`). */
export async function listScreeningRuns(db: TenantDb, casePk: number, limit = 50): Promise<ScreeningRun[]> {
  const orgId = db.orgId;
  const rows: ScreeningRunRow[] = await db.query(
    `SELECT id, case_pk, provider, watchlist_version, screened, new_hits, completed_at FROM screening_runs
     WHERE org_id = ? AND case_pk = ? ORDER BY id DESC LIMIT ${Math.floor(limit)}`,
    [orgId, casePk],
  );
  return rows.map(toScreeningRun);
}
