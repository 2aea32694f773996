import { forTenant } from '../db/index';
import { authorize, type Actor } from '../access/index';
import { findCasePk } from '../cases/index';
import type { Services } from '../services';
import { findCasePlan, findCasesForRun, listAlerts, listRuns } from './monitoring.repository';
import { alertView, runView, type CaseMonitoringView } from './monitoring-views';

/** Runs and alerts the console shows per case (the latest). */
const SHOWN = 50;

/** A case's monitoring as the console's case page shows it; null for a missing case and another tenant's alike. */
export async function getCaseMonitoring(svc: Services, actor: Actor, caseId: string): Promise<CaseMonitoringView | null> {
  const db = forTenant(svc.db, actor);
  authorize(actor, 'monitoring:read');
  const casePk = await findCasePk(db, caseId);
  if (casePk === null) return null;
  const [[c], plan, runs, alerts] = await Promise.all([
    findCasesForRun(db, [casePk]), findCasePlan(db, casePk),
    listRuns(db, casePk, SHOWN), listAlerts(db, casePk, SHOWN),
  ]);
  const monitored = !!c && c.status === 'approved' && c.purgedAt === null;
  return {
    caseId, monitored, nextRunAt: monitored ? (plan?.nextDueAt ?? null) : null, lastRunAt: plan?.lastRunAt ?? runs[0]?.completedAt ?? null,
    runs: runs.map(runView), alerts: alerts.map(alertView),
  };
}
