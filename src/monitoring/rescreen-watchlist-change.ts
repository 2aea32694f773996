import { randomUUID } from 'node:crypto';
import { forTenant } from '../db/index';
import {
  findReload, readWatchlistDelta, refreshWatchlist, watchlistChangeOf, WatchlistIndex, type FtmEntity, type WatchlistChange,
} from '../screening/index';
import type { Services } from '../services';
import { monitoringSubjects } from './monitoring-checks';
import { findCasesForRun, findPartiesForRun, findProfilesForRun, groupBy } from './monitoring.repository';
import { runMonitoringBatch, type MonitoringTarget } from './run-monitoring-batch';
import {
  claimWatchlistChange, findCasesWithEntityFacts, finishWatchlistChange, listMonitoredCasePage, type WatchlistChangeOutcome,
} from './watchlist-changes.repository';

/** Monitored cases read per page when comparing them with the changed entities. */
const PAGE = 2_000;
/** How long a job holds a list change before another may take it over (it died). */
const LEASE_MS = 15 * 60_000;

export interface WatchlistRescreenResult extends WatchlistChangeOutcome {
  reloadId: number;
  /** `done`; `held` (another job holds it, or it was handled already); `not_found` (no such reload request). */
  status: 'done' | 'held' | 'not_found';
}

const isMonitorable = (c: { status: string; purgedAt: Date | null }) => c.status === 'approved' && c.purgedAt === null;

/**
 * After a list change (a row of watchlist_reloads: a delta applied, or a new file), rescreens the monitored
 * cases against the changed entities only, not the whole list: the entities added or modified are indexed
 * on their own (a small WatchlistIndex), and every party of every monitored case, read page by page, is
 * matched against that small index. A case with a match, or with a present sanctions or PEP fact on a
 * changed or deleted entity, then gets a monitoring run of its rescreening check (runMonitoringBatch, against
 * the whole current list, so that events, alerts and reviews are those of any run; triggeredBy `scheduled`;
 * its checksRun lists the rescreening alone, which settles only its own facts). Cases untouched by the
 * change get no run and no event. System work; one job at a time per change (a lease).
 */
export async function rescreenWatchlistChange(svc: Services, reloadId: number): Promise<WatchlistRescreenResult> {
  const empty = { changedEntities: 0, subjectsCompared: 0, casesRescreened: 0, alertsGenerated: 0 };
  const reload = await findReload(svc.db, reloadId);
  if (!reload) return { reloadId, status: 'not_found', ...empty, outcome: 'no such reload request' };
  const token = randomUUID();
  const now = svc.clock.now();
  if (!(await claimWatchlistChange(svc.db, reloadId, token, now, new Date(now.getTime() + LEASE_MS)))) {
    return { reloadId, status: 'held', ...empty, outcome: 'handled already, or another job holds it' };
  }
  // This process takes the change first (the cases' runs screen against the new list), and says what changed.
  await refreshWatchlist(svc.screening);
  const change = await changeOf(svc, reload);
  let result: WatchlistChangeOutcome;
  if (!change) {
    result = { ...empty, outcome: 'the entities this change touched are not known to this process (it loaded the list afterwards): left to the schedule' };
  } else {
    result = await rescreenAgainst(svc, change.upserts, change.removed);
  }
  await finishWatchlistChange(svc.db, reloadId, token, result, svc.clock.now());
  svc.log.info({ reloadId, kind: reload.kind, ...result }, 'monitoring: watchlist change rescreened');
  return { reloadId, status: 'done', ...result };
}

/** A delta's entities come from its file (any process can read them); a full reload's from the process that compared the lists. */
async function changeOf(svc: Services, reload: { id: number; kind: 'full' | 'delta'; path: string }): Promise<Pick<WatchlistChange, 'upserts' | 'removed'> | null> {
  const applied = watchlistChangeOf(svc.screening, reload.id);
  if (applied) return applied;
  if (reload.kind === 'delta') {
    try {
      return await readWatchlistDelta(reload.path);
    } catch {
      return null;
    }
  }
  return null;
}

/** Matches every monitored party against the changed entities, then runs the rescreening of the cases concerned. */
export async function rescreenAgainst(svc: Services, upserts: readonly FtmEntity[], removed: readonly string[]): Promise<WatchlistChangeOutcome> {
  const small = WatchlistIndex.of(upserts);
  const threshold = svc.config.screeningMatchThreshold;
  const affected = new Map<string, MonitoringTarget>();
  const target = (orgId: string, casePk: number) => affected.set(`${orgId}|${casePk}`, { orgId, casePk, source: 'scheduled', triggeredBy: 'scheduled' });
  // A modified or deleted entity may clear or change what a case already has on it.
  for (const c of await findCasesWithEntityFacts(svc.db, [...upserts.map((e) => e.id), ...removed])) target(c.orgId, c.casePk);
  let subjectsCompared = 0;
  if (small.size > 0) {
    // One comparison per distinct party (the same name, date of birth and countries across cases).
    const seen = new Map<string, boolean>();
    let after: { orgId: string; casePk: number } | null = null;
    for (;;) {
      const page = await listMonitoredCasePage(svc.db, after, PAGE);
      if (!page.length) break;
      after = page[page.length - 1]!;
      for (const [orgId, group] of groupBy(page, (c) => c.orgId)) {
        const db = forTenant(svc.db, orgId);
        const pks = group.map((c) => c.casePk);
        const [cases, profiles, parties] = await Promise.all([findCasesForRun(db, pks), findProfilesForRun(db, pks), findPartiesForRun(db, pks)]);
        const profileByPk = new Map(profiles.map((p) => [p.casePk, p]));
        const partiesByPk = groupBy(parties, (p) => p.casePk);
        for (const c of cases) {
          if (!isMonitorable(c)) continue;
          for (const s of monitoringSubjects(c, profileByPk.get(c.pk) ?? null, partiesByPk.get(c.pk) ?? [])) {
            subjectsCompared++;
            const q = s.screening;
            const key = JSON.stringify([q.schema, q.name, q.birthDate, q.nationality, q.country]);
            let hit = seen.get(key);
            if (hit === undefined) {
              hit = small.search(q, threshold, 1).length > 0;
              seen.set(key, hit);
            }
            if (hit) {
              target(orgId, c.pk);
              break;
            }
          }
        }
      }
      if (page.length < PAGE) break;
    }
  }
  let alertsGenerated = 0;
  let casesRescreened = 0;
  const targets = [...affected.values()];
  for (let i = 0; i < targets.length; i += svc.config.monitoringBatchSize) {
    for (const o of await runMonitoringBatch(svc, targets.slice(i, i + svc.config.monitoringBatchSize), { checks: ['rescreening'] })) {
      if (o.status !== 'ran') continue;
      casesRescreened++;
      alertsGenerated += o.alertsGenerated;
    }
  }
  return {
    changedEntities: upserts.length + removed.length, subjectsCompared, casesRescreened, alertsGenerated,
    outcome: `${affected.size} case(s) concerned of the monitored cases compared`,
  };
}
