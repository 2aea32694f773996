import { forTenant } from '../db/index';
import type { Services } from '../services';
import { mailAtRiskOwners } from './at-risk.mail';
import { refreshOpenCaseSlas } from './refresh-case-slas';
import { countClocksDueBetween } from './sla.repository';

/**
 * Before a tenant's test clock moves: every open test case's clock is looked at again at the current test time,
 * so that a status change the outbox has not reacted to yet starts its clock when it happened, not after the
 * advance. Nothing without an SLA policy.
 */
export async function settleTestCaseSlas(svc: Services, orgId: string): Promise<void> {
  await refreshOpenCaseSlas(svc, orgId, 'test');
}

/**
 * After a tenant's test clock moved from `from` to `to` (test time): owners of test cases now at risk are
 * emailed (kept, never sent: mailAtRiskOwners), and the test cases whose SLA the move breached (due in
 * (from, to], running) are counted. At-risk and breached themselves are read from the clock's time.
 */
export async function runTestCaseSlas(svc: Services, orgId: string, from: Date, to: Date): Promise<{ atRiskEmails: number; breaches: number }> {
  const atRiskEmails = await mailAtRiskOwners(svc, orgId, 'test');
  const breaches = await countClocksDueBetween(forTenant(svc.db, orgId), 'test', from, to);
  return { atRiskEmails, breaches };
}
