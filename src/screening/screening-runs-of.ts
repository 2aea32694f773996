import { forTenant, type Queryable } from '../db/index';
import { listScreeningRuns, type ScreeningRun } from './screening-runs.repository';

/**
 * A case's onboarding screening runs, newest first, each with the watchlist version it screened against:
 * what decision provenance records. `db` is a transaction's manager or the pool; tenant first.
 */
export function screeningRunsOf(db: Queryable, orgId: string, casePk: number, limit = 50): Promise<ScreeningRun[]> {
  return listScreeningRuns(forTenant(db, orgId), casePk, limit);
}

/** The watchlist version of the case's latest screening run; null when it was never screened (or the provider could not say). */
export async function latestScreeningVersion(db: Queryable, orgId: string, casePk: number): Promise<string | null> {
  const [latest] = await listScreeningRuns(forTenant(db, orgId), casePk, 1);
  return latest?.watchlistVersion ?? null;
}
