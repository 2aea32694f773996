import { forTenant } from '../db/index';
import { auditName, authorize, type Actor } from '../access/index';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { findCasesForRun, listRuns } from './monitoring.repository';
import { runView, type MonitoringRunView } from './monitoring-views';
import { findCasePk } from '../cases/index';
import { runMonitoringBatch } from './run-monitoring-batch';

export const NOT_MONITORED_MESSAGE = 'Only approved cases whose data is held are monitored.';

/**
 * Runs monitoring on one case now (the console's runMonitoring): an analyst of the tenant, on an approved
 * case whose personal data is held; triggeredBy is the analyst's email. Another tenant's case is not
 * found; a case that is not monitored is `invalid_transition`. Returns the run.
 */
export async function runMonitoring(svc: Services, actor: Actor, caseId: string): Promise<MonitoringRunView> {
  const db = forTenant(svc.db, actor);
  authorize(actor, 'monitoring:run');
  const casePk = await findCasePk(db, caseId);
  if (casePk === null) throw DomainError.notFound('Case');
  const [c] = await findCasesForRun(db, [casePk]);
  if (!c || c.status !== 'approved' || c.purgedAt !== null) throw new DomainError('invalid_transition', NOT_MONITORED_MESSAGE);
  const [outcome] = await runMonitoringBatch(svc, [{ orgId: actor.orgId, casePk, source: 'ad_hoc', triggeredBy: auditName(actor) }]);
  if (!outcome || outcome.status !== 'ran') throw new DomainError('invalid_transition', NOT_MONITORED_MESSAGE);
  const runs = await listRuns(db, casePk, 1);
  return runView(runs.find((r) => r.id === outcome.runId) ?? runs[0]!);
}
