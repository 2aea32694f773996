import type { Services } from '../services';

/** The job that checks whether a case's personal data may be purged now. Payload `{orgId, casePk}`, nothing else. */
export const PURGE_CHECK_TASK = 'case.purge-check';

/** One queued check per case: a burst of deliveries (several endpoints answering) debounces to one job. */
export const purgeCheckJobKey = (orgId: string, casePk: number) => `case-purge-check:${orgId}:${casePk}`;

/** Hands purge checks to the queue (after commit: never inside a transaction). */
export async function enqueuePurgeChecks(svc: Pick<Services, 'jobs'>, cases: { orgId: string; casePk: number }[]): Promise<void> {
  for (const c of cases) {
    await svc.jobs.enqueue(PURGE_CHECK_TASK, { orgId: c.orgId, casePk: c.casePk }, { jobKey: purgeCheckJobKey(c.orgId, c.casePk), orgId: c.orgId });
  }
}
