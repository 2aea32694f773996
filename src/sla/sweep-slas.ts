import { openCaseQueueFactsAfter } from '../cases/index';
import { forTenant } from '../db/index';
import type { Services } from '../services';
import { mailAtRiskOwners } from './at-risk.mail';
import { refreshCaseSlas } from './refresh-case-slas';
import { findPolicy, stalestClocks, tenantsWithPolicies } from './sla.repository';

/** Open cases looked at again per tenant and run, and stale clocks. */
const CASES_PER_RUN = 2000;
const STALE_PER_RUN = 500;

/** Where each tenant's walk over its open cases stands (pk), per process: it wraps around. */
const cursors = new Map<string, number>();

/**
 * The SLAs' periodic work, for each tenant with a policy: the passing of time (owners of cases that reached
 * 80 % of their target since are emailed; at_risk and breached themselves are read from the time, so the
 * lists are right without it; test cases' owners at their test time), and recovery: the next CASES_PER_RUN open
 * live cases and the STALE_PER_RUN clocks (of either mode) refreshed longest ago are looked at again (a lost
 * reaction; a case that closed unseen). Returns how many at-risk emails it queued.
 */
export async function sweepSlas(svc: Services): Promise<number> {
  let mailed = 0;
  for (const orgId of await tenantsWithPolicies(svc.db)) {
    const db = forTenant(svc.db, orgId);
    const policy = await findPolicy(db);
    const page = await openCaseQueueFactsAfter(db, cursors.get(orgId) ?? 0, CASES_PER_RUN);
    cursors.set(orgId, page.length < CASES_PER_RUN ? 0 : page[page.length - 1]!.pk);
    const pks = [...new Set([...page.map((c) => c.pk), ...(await stalestClocks(db, STALE_PER_RUN))])];
    await refreshCaseSlas(svc, orgId, pks, policy);
    mailed += await mailAtRiskOwners(svc, orgId);
    // Test cases' clocks run on the test clock, which moves with the service's between advances.
    mailed += await mailAtRiskOwners(svc, orgId, 'test');
  }
  return mailed;
}
