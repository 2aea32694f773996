import { crossTenant } from '../db/cross-tenant';
import type { Queryable } from '../db/queryable';

/**
 * The SQL of delta rescreening: the monitored cases of every tenant in pages, the cases whose facts name a
 * changed watchlist entity, and monitoring_watchlist_changes (which list changes monitoring has rescreened
 * against). System work over every tenant: `sweep`.
 */

/** One page of monitored cases of any tenant, in (org_id, case_pk) order after `after` (null: from the start). */
export async function listMonitoredCasePage(
  db: Queryable, after: { orgId: string; casePk: number } | null, limit: number,
): Promise<{ orgId: string; casePk: number }[]> {
  const rows: { org_id: string; case_pk: number }[] = await crossTenant(db, 'sweep').query(
    // Keyset on the primary key (org_id, case_pk), written out so that either server reads it as a range.
    `SELECT org_id, case_pk FROM monitored_cases ${after ? 'WHERE org_id > ? OR (org_id = ? AND case_pk > ?)' : ''} ORDER BY org_id, case_pk LIMIT ${Math.floor(limit)}`,
    after ? [after.orgId, after.orgId, after.casePk] : [],
  );
  return rows.map((r) => ({ orgId: r.org_id, casePk: r.case_pk }));
}

/**
 * Monitored cases with a present sanctions or PEP fact on one of the entities (`<alertType>:<subjectRef>:<entity id>`):
 * a deleted or modified entity may clear or change it.
 */
export async function findCasesWithEntityFacts(db: Queryable, entityIds: string[]): Promise<{ orgId: string; casePk: number }[]> {
  if (!entityIds.length) return [];
  const rows: { org_id: string; case_pk: number }[] = await crossTenant(db, 'sweep').query(
    `SELECT DISTINCT f.org_id, f.case_pk FROM monitoring_facts f
       JOIN monitored_cases m ON m.org_id = f.org_id AND m.case_pk = f.case_pk
     WHERE f.present = 1 AND (f.fact_key LIKE 'sanctions\\_hit:%' OR f.fact_key LIKE 'pep\\_change:%')
       AND SUBSTRING(f.fact_key, LOCATE(':', f.fact_key, LOCATE(':', f.fact_key) + 1) + 1) IN (?)`,
    [entityIds],
  );
  return rows.map((r) => ({ orgId: r.org_id, casePk: r.case_pk }));
}

/**
 * Leases a list change for one job (`claimedBy`, until `leaseUntil`): true when this job holds it now; false
 * when it was handled already or another job holds a lease that is not over.
 */
export async function claimWatchlistChange(db: Queryable, reloadId: number, claimedBy: string, now: Date, leaseUntil: Date): Promise<boolean> {
  const sweep = crossTenant(db, 'sweep');
  await sweep.query(
    `INSERT INTO monitoring_watchlist_changes (reload_id, claimed_by, lease_until) VALUES (?, ?, ?)
     ON DUPLICATE KEY UPDATE
       claimed_by = IF(handled_at IS NULL AND lease_until <= ?, VALUES(claimed_by), claimed_by),
       lease_until = IF(claimed_by = VALUES(claimed_by), VALUES(lease_until), lease_until)`,
    [reloadId, claimedBy, leaseUntil, now],
  );
  const [row]: { claimed_by: string; handled_at: Date | null }[] = await sweep.query(
    'SELECT claimed_by, handled_at FROM monitoring_watchlist_changes WHERE reload_id = ?', [reloadId],
  );
  return Boolean(row && row.handled_at === null && row.claimed_by === claimedBy);
}

export interface WatchlistChangeOutcome {
  changedEntities: number;
  subjectsCompared: number;
  casesRescreened: number;
  alertsGenerated: number;
  outcome: string;
}

/** Marks a list change handled, with what the rescreen did. */
export async function finishWatchlistChange(db: Queryable, reloadId: number, claimedBy: string, o: WatchlistChangeOutcome, now: Date): Promise<void> {
  await crossTenant(db, 'sweep').query(
    `UPDATE monitoring_watchlist_changes SET changed_entities = ?, subjects_compared = ?, cases_rescreened = ?, alerts_generated = ?, outcome = ?, handled_at = ?
     WHERE reload_id = ? AND claimed_by = ?`,
    [o.changedEntities, o.subjectsCompared, o.casesRescreened, o.alertsGenerated, o.outcome.slice(0, 300), now, reloadId, claimedBy],
  );
}

/** Of these list changes, the ones monitoring has handled. */
export async function findHandledWatchlistChanges(db: Queryable, reloadIds: number[]): Promise<Set<number>> {
  if (!reloadIds.length) return new Set();
  const rows: { reload_id: number }[] = await crossTenant(db, 'sweep').query(
    'SELECT reload_id FROM monitoring_watchlist_changes WHERE reload_id IN (?) AND handled_at IS NOT NULL', [reloadIds],
  );
  return new Set(rows.map((r) => r.reload_id));
}

/** Where the tick starts looking for list changes to hand out: before the oldest one not handled, else after the newest handled. */
export async function watchlistChangeFloor(db: Queryable): Promise<number> {
  const [row]: { open_min: number | null; handled_max: number | null }[] = await crossTenant(db, 'sweep').query(
    `SELECT (SELECT MIN(reload_id) FROM monitoring_watchlist_changes WHERE handled_at IS NULL) AS open_min,
            (SELECT MAX(reload_id) FROM monitoring_watchlist_changes WHERE handled_at IS NOT NULL) AS handled_max`,
  );
  if (row?.open_min != null) return Number(row.open_min) - 1;
  return Number(row?.handled_max ?? 0);
}
