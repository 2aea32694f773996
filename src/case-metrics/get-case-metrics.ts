import { authorize, type Actor } from '../access/index';
import { CASE_STATUSES, ONBOARDING_STAGES } from '../cases/index';
import { forTenant, type TenantDb } from '../db/index';
import { DomainError, type ValidationDetail } from '../errors';
import type { Services } from '../services';
import { slaBreaches } from '../sla/index';
import { findQueue, queuesOfCases } from '../work-queues/index';
import { LIVE_ONLY_FIGURES, MAX_RANGE_DAYS, type CaseMetricsView, type DecisionOutcomeCount } from './case-metrics';
import { analystFigures, decisionCounts, openCaseCounts, spellPercentiles } from './case-metrics.repository';

const DAY_MS = 86_400_000;
const share = (part: number, total: number) => (total === 0 ? null : part / total);

/**
 * The dashboard of the caller's tenant over [from, to) (at most MAX_RANGE_DAYS days, from before to), or of
 * one work queue's cases (unknown queue: not_found): open cases now by status and onboarding stage; per status,
 * the time spells in it took (p50, p90) among those that ended in the range; the decisions of the range by
 * outcome, the automatic share and first-time-right; per analyst, the cases they closed and their median
 * handling time; the open cases whose SLA is breached now (src/sla's clocks, narrowed to the queue's cases).
 * The open counts are of the caller's mode (a console member with "Test data" on sees the test cases'); the other
 * figures are live in both views (LIVE_ONLY_FIGURES, named in `liveOnly` of the test view). Reads only
 * (case_status_spells, kept by the outbox subscriber, the cases' covering index, case_slas).
 */
export async function caseMetrics(svc: Services, actor: Actor, input: { from: Date; to: Date; queueId?: string | null }): Promise<CaseMetricsView> {
  authorize(actor, 'metrics:read');
  const details: ValidationDetail[] = [];
  const valid = (d: Date) => d instanceof Date && !Number.isNaN(d.getTime());
  if (!valid(input.from)) details.push({ path: 'from', message: 'must be a date-time' });
  if (!valid(input.to)) details.push({ path: 'to', message: 'must be a date-time' });
  if (details.length === 0) {
    if (input.to.getTime() <= input.from.getTime()) details.push({ path: 'to', message: 'must be after from' });
    else if (input.to.getTime() - input.from.getTime() > MAX_RANGE_DAYS * DAY_MS) details.push({ path: 'to', message: `must be at most ${MAX_RANGE_DAYS} days after from` });
  }
  if (details.length) throw DomainError.validation(details);
  const db = forTenant(svc.db, actor);
  const mode = db.mode ?? 'live';
  const live = forTenant(svc.db, { orgId: actor.orgId, mode: 'live' });
  let queueId: number | null = null;
  if (input.queueId != null) {
    const q = await findQueue(db, input.queueId);
    if (!q) throw DomainError.notFound('Queue');
    queueId = q.id;
  }
  const range = { from: input.from, to: input.to, queueId };
  const [open, spells, decisions, analysts, breachedNow] = await Promise.all([
    openCaseCounts(db, queueId), spellPercentiles(live, range), decisionCounts(live, range), analystFigures(live, range),
    breachedCount(live, svc.clock.now(), queueId),
  ]);

  const byStatus = new Map<string, number>();
  const byStage = new Map<string, number>();
  for (const o of open) {
    byStatus.set(o.status, (byStatus.get(o.status) ?? 0) + o.count);
    byStage.set(o.stage, (byStage.get(o.stage) ?? 0) + o.count);
  }
  const outcomes: DecisionOutcomeCount[] = (['approved', 'declined'] as const).map((outcome) => ({
    outcome,
    count: decisions.filter((d) => d.outcome === outcome).reduce((n, d) => n + d.count, 0),
    automatic: decisions.filter((d) => d.outcome === outcome && d.automatic).reduce((n, d) => n + d.count, 0),
  }));
  const total = outcomes.reduce((n, o) => n + o.count, 0);
  const automatic = outcomes.reduce((n, o) => n + o.automatic, 0);
  const firstTimeRight = decisions.filter((d) => d.firstTimeRight).reduce((n, d) => n + d.count, 0);
  const order = (s: string) => CASE_STATUSES.indexOf(s as never);
  return {
    from: input.from, to: input.to, queueId: queueId === null ? null : String(queueId), mode, liveOnly: mode === 'test' ? [...LIVE_ONLY_FIGURES] : [],
    openTotal: open.reduce((n, o) => n + o.count, 0),
    openByStatus: CASE_STATUSES.filter((s) => byStatus.has(s)).map((status) => ({ status, count: byStatus.get(status)! })),
    openByStage: ONBOARDING_STAGES.filter((s) => byStage.has(s)).map((stage) => ({ stage, count: byStage.get(stage)! })),
    timeInStatus: spells.sort((a, b) => order(a.status) - order(b.status)).map((s) => ({ status: s.status, spells: s.spells, p50Seconds: s.p50, p90Seconds: s.p90 })),
    decisions: { total, automatic, automaticShare: share(automatic, total), firstTimeRight, firstTimeRightShare: share(firstTimeRight, total), byOutcome: outcomes },
    analysts: analysts.map((a) => ({ analyst: a.analyst, casesClosed: a.closed, medianHandlingSeconds: a.median })),
    sla: { breachedNow },
  };
}

/** How many open cases have a breached SLA at `now` (src/sla keeps clocks of open cases only), in the queue when given. */
async function breachedCount(db: TenantDb, now: Date, queueId: number | null): Promise<number> {
  const breached = await slaBreaches(db, now);
  if (queueId === null || breached.length === 0) return breached.length;
  const places = await queuesOfCases(db, breached.map((b) => b.casePk));
  return [...places.values()].filter((q) => q === queueId).length;
}
