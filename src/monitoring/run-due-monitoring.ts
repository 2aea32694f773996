import { forTenant } from '../db/index';
import { inTransaction } from '../db/transaction';
import type { Services } from '../services';
import { nextDueAfter } from './monitoring-schedule';
import { claimDueCases, findMonitoringSchedule, groupBy, savePlans, unenrolCases } from './monitoring.repository';
import { runMonitoringBatch } from './run-monitoring-batch';

/** How long a claimed batch is held before another job may take its cases again (its job died), ms. */
const LEASE_MS = 10 * 60_000;

export interface RunDueResult {
  /** Cases run. */
  ran: number;
  /** Cases found no longer approved (or purged) and no longer monitored. */
  unenrolled: number;
}

/**
 * A run job (system work, every tenant): claims up to MONITORING_BATCH_SIZE due cases, runs them as one
 * batch (runMonitoringBatch: one transaction per tenant), gives each the next slot of its tenant's
 * schedule after this run, and goes on until no case is due. A case found not monitorable any more is
 * unenrolled (the tick enrols it again if it is approved again).
 */
export async function runDueMonitoring(svc: Services, options: { maxBatches?: number } = {}): Promise<RunDueResult> {
  const result: RunDueResult = { ran: 0, unenrolled: 0 };
  const size = svc.config.monitoringBatchSize;
  for (let batch = 0; batch < (options.maxBatches ?? Infinity); batch++) {
    const now = svc.clock.now();
    const claimed = await inTransaction(svc, (tx) => claimDueCases(tx.manager, now, new Date(now.getTime() + LEASE_MS), size));
    if (!claimed.length) break;
    const outcomes = await runMonitoringBatch(svc, claimed.map((c) => ({ orgId: c.orgId, casePk: c.casePk, source: 'scheduled' as const, triggeredBy: 'scheduled' })));
    const ranAt = svc.clock.now();
    const spread = new Map(claimed.map((c) => [`${c.orgId}|${c.casePk}`, c.spreadPpm]));
    for (const [orgId, list] of groupBy(outcomes, (o) => o.orgId)) {
      const schedule = await findMonitoringSchedule(forTenant(svc.db, orgId));
      const ran = list.filter((o) => o.status === 'ran');
      const gone = list.filter((o) => o.status === 'not_monitored').map((o) => o.casePk);
      await inTransaction(svc, async (tx) => {
        const db = forTenant(tx.manager, orgId);
        await savePlans(db, ran.map((o) => {
          const spreadPpm = spread.get(`${orgId}|${o.casePk}`)!;
          return { casePk: o.casePk, spreadPpm, nextDueAt: nextDueAfter(ranAt, schedule, spreadPpm), lastRunAt: ranAt };
        }));
        await unenrolCases(db, gone);
      });
      result.ran += ran.length;
      result.unenrolled += gone.length;
    }
    if (claimed.length < size) break;
  }
  return result;
}
