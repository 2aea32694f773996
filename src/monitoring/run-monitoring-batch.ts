import { forTenant } from '../db/index';
import { inTransaction, type Tx } from '../db/transaction';
import { recordCaseEvents, type RecordEventInput } from '../events/index';
import { onMonitoringAlert, type MonitoringAlertFact } from '../monitoring-reviews/index';
import { screenWithTenantSettings, type ScreeningSubject } from '../screening/index';
import type { Services } from '../services';
import { observeCase, type CaseObservation, type CheckRun, type MonitoringCheck } from './monitoring-checks';
import { CHECK_FAMILIES, diffFacts, pepFingerprint, sanctionsFingerprint, type KnownFact, type ObservedFact } from './monitoring-facts';
import {
  findBaselineHits, findCasesForRun, findFacts, findPartiesForRun, findProfilesForRun, groupBy, insertAlert, insertRun, saveFacts,
  type BaselineHit, type MonitoredCase,
} from './monitoring.repository';

/** One case to run: scheduled (triggeredBy `scheduled`) or ad hoc (triggeredBy the analyst's email). */
export interface MonitoringTarget {
  orgId: string;
  casePk: number;
  source: 'scheduled' | 'ad_hoc';
  triggeredBy: string;
}

export type MonitoringRunOutcome =
  | { orgId: string; casePk: number; status: 'ran'; runId: number; alertsGenerated: number; checksRun: CheckRun[] }
  /** The case is not (or no longer) approved, or its personal data was purged: nothing to monitor. */
  | { orgId: string; casePk: number; status: 'not_monitored' };

/** Cases whose checks run at once (vendor calls in flight); the local matcher is CPU-bound anyway. */
const OBSERVE_CONCURRENCY = 8;

const isMonitorable = (c: MonitoredCase) => c.status === 'approved' && c.purgedAt === null;

/**
 * Runs monitoring on many cases of one or more tenants: the checks of every case first (outside any
 * transaction, they call vendors), then one transaction per tenant that locks the cases' rows (runs of one
 * case serialise), compares what the checks saw with each case's facts, and writes each case's run, its
 * new alerts (each one `monitoring.alert.created`), its facts, and `monitoring.run.completed` (the events
 * of the whole batch in three statements, recordCaseEvents), then the reviews hook for each new alert. A case no longer approved (or purged) by then is left out: `not_monitored`.
 */
export async function runMonitoringBatch(
  svc: Services, targets: MonitoringTarget[],
  /** The checks to run (default all three; a watchlist change runs the rescreening alone, which settles only its own facts). */
  options: { checks?: readonly MonitoringCheck[] } = {},
): Promise<MonitoringRunOutcome[]> {
  const outcomes: MonitoringRunOutcome[] = [];
  let watchlistVersion: string | null = null;
  try {
    watchlistVersion = await svc.screening.listVersion();
  } catch {
    // the rescreening check reports the provider's failure itself
  }
  // One run per case per batch.
  const unique = [...new Map(targets.map((t) => [`${t.orgId}|${t.casePk}`, t])).values()];
  for (const [orgId, group] of groupBy(unique, (t) => t.orgId)) {
    const pks = group.map((t) => t.casePk);
    const db = forTenant(svc.db, orgId);
    const [cases, profiles, parties] = await Promise.all([
      findCasesForRun(db, pks), findProfilesForRun(db, pks), findPartiesForRun(db, pks),
    ]);
    const caseByPk = new Map(cases.map((c) => [c.pk, c]));
    const profileByPk = new Map(profiles.map((p) => [p.casePk, p]));
    const partiesByPk = groupBy(parties, (p) => p.casePk);
    const startedAt = svc.clock.now();
    const runnable = group.filter((t) => {
      const c = caseByPk.get(t.casePk);
      return c && isMonitorable(c);
    });
    const observations = new Map<MonitoringTarget, CaseObservation & { companyName: string | null }>();
    for (let i = 0; i < runnable.length; i += OBSERVE_CONCURRENCY) {
      await Promise.all(runnable.slice(i, i + OBSERVE_CONCURRENCY).map(async (t) => {
        const c = caseByPk.get(t.casePk)!;
        const profile = profileByPk.get(t.casePk) ?? null;
        // The company as the customer's application names it (as screening does), else the case's.
        const companyName = profile?.companyName?.trim() || c.companyName;
        // The tenant's screening settings and cleared pairs apply as to its cases' own screening.
        const screenParties = async (subjects: ScreeningSubject[]) => (await screenWithTenantSettings(
          forTenant(svc.db, orgId), svc.screening, svc.config.screeningMatchThreshold, svc.clock.now(), t.casePk, subjects,
        )).map((r) => ({ subject: r.subject, matches: r.matches.map((m) => m.match) }));
        observations.set(t, { ...(await observeCase(svc, c, profile, partiesByPk.get(t.casePk) ?? [], options.checks, screenParties)), companyName });
      }));
    }
    const written = await inTransaction(svc, (tx) => recordRuns(tx, orgId, group, observations, { startedAt, watchlistVersion }));
    outcomes.push(...written);
  }
  return outcomes;
}

async function recordRuns(
  tx: Tx, orgId: string, group: MonitoringTarget[], observations: Map<MonitoringTarget, CaseObservation & { companyName: string | null }>,
  run: { startedAt: Date; watchlistVersion: string | null },
): Promise<MonitoringRunOutcome[]> {
  const db = forTenant(tx.manager, orgId);
  const pks = [...new Set(group.map((t) => t.casePk))];
  // Locked in pk order: a concurrent run of the same case waits here, then sees this run's facts.
  const locked = new Map((await findCasesForRun(db, pks, true)).map((c) => [c.pk, c]));
  const [facts, hits] = await Promise.all([findFacts(db, pks), findBaselineHits(db, pks)]);
  const knownByCase = new Map<number, Map<string, KnownFact>>();
  for (const f of facts) {
    const pk = f.casePk;
    if (!knownByCase.has(pk)) knownByCase.set(pk, new Map());
    knownByCase.get(pk)!.set(f.factKey, { fingerprint: f.fingerprint, present: f.present });
  }
  const baseline = new Map<string, BaselineHit>();
  for (const h of hits) baseline.set(`${h.casePk}|${h.subjectId}|${h.hitId}`, h);

  const now = tx.services.clock.now();
  const outcomes: MonitoringRunOutcome[] = [];
  const factWrites: Parameters<typeof saveFacts>[1] = [];
  const events: (RecordEventInput<'monitoring.alert.created'> | RecordEventInput<'monitoring.run.completed'>)[] = [];
  const hooks: MonitoringAlertFact[] = [];
  for (const t of group) {
    const c = locked.get(t.casePk);
    const seen = observations.get(t);
    if (!c || !isMonitorable(c) || !seen) {
      outcomes.push({ orgId, casePk: t.casePk, status: 'not_monitored' });
      continue;
    }
    const settled = seen.checksRun.filter((r) => r.status === 'ok').flatMap((r) => CHECK_FAMILIES[r.check] ?? []);
    const baselineOf = (f: ObservedFact) => {
      if (!f.baseline) return null;
      const h = baseline.get(`${t.casePk}|${f.baseline.subjectId}|${f.baseline.hitId}`);
      if (!h) return null;
      if (f.alertType === 'sanctions_hit') return h.isSanctioned ? sanctionsFingerprint({ topics: h.topics, datasets: h.datasets }) : null;
      return h.isPep && !h.isSanctioned ? pepFingerprint({ topics: h.topics, positions: h.positions }) : null;
    };
    const diff = diffFacts(seen.facts, knownByCase.get(t.casePk) ?? new Map(), settled, baselineOf);
    const runId = await insertRun(db, {
      casePk: t.casePk, source: t.source, triggeredBy: t.triggeredBy, watchlistVersion: run.watchlistVersion, alertsGenerated: diff.alerts.length,
      checksRun: seen.checksRun, startedAt: run.startedAt, completedAt: now,
    });
    for (const a of diff.alerts) {
      const alertId = await insertAlert(db, {
        casePk: t.casePk, runId, alertType: a.alertType, severity: a.severity, title: a.title, detail: a.detail, factKey: a.factKey,
        fingerprint: a.fingerprint, subjectRole: a.subjectRole, subjectRef: a.subjectRef, createdAt: now,
      });
      events.push({
        orgId, type: 'monitoring.alert.created', case: { pk: t.casePk },
        fields: { companyName: seen.companyName, runId, alertType: a.alertType, severity: a.severity, title: a.title, detail: a.detail },
      });
      hooks.push({
        orgId, casePk: t.casePk, alertId, runId, alertType: a.alertType, severity: a.severity, factKey: a.factKey, fingerprint: a.fingerprint,
        subjectRole: a.subjectRole, subjectRef: a.subjectRef, personId: null, source: t.source,
      });
    }
    for (const w of diff.writes) factWrites.push({ casePk: t.casePk, ...w });
    events.push({
      orgId, type: 'monitoring.run.completed', case: { pk: t.casePk },
      fields: { runId, triggeredBy: t.triggeredBy, alertsGenerated: diff.alerts.length, checksRun: seen.checksRun },
    });
    outcomes.push({ orgId, casePk: t.casePk, status: 'ran', runId, alertsGenerated: diff.alerts.length, checksRun: seen.checksRun });
  }
  // Each case's events in order (its alerts, then its run), in three statements for the whole batch.
  await recordCaseEvents(tx, orgId, events);
  // The reviews hook, for each new alert, once its monitoring.alert.created is recorded, in this transaction.
  for (const fact of hooks) await onMonitoringAlert(tx, fact);
  await saveFacts(db, factWrites, now);
  return outcomes;
}
