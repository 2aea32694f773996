import type { RetentionPolicyRecord, CaseRetentionFacts } from './schedules.repository';

/** Where a case stands under the tenant's retention policy. */
export type RetentionPeriod =
  /** No period runs: no policy, the case's kind has no period, or the case is not decided (approved or declined). */
  | { state: 'none' }
  /** The period runs from closedAt and ends at dueAt. */
  | { state: 'running' | 'ended'; closedAt: Date; dueAt: Date; basis: string };

const addDays = (d: Date, days: number) => new Date(d.getTime() + days * 86_400_000);
const addYears = (d: Date, years: number) => {
  const x = new Date(d.getTime());
  x.setUTCFullYear(x.getUTCFullYear() + years);
  return x;
};

/**
 * A case's retention period under a policy, at `now`. Closure: for a declined case its last decision; for an
 * approved one the later of its last decision and its last monitoring run (monitoring runs on schedule while the
 * relationship is active, each run moving the closure on, so an active relationship's period does not end). No case is withdrawn today: the service has no withdrawn status yet, so withdrawnDays applies to none.
 */
export function retentionPeriod(policy: RetentionPolicyRecord | null, c: CaseRetentionFacts, now: Date): RetentionPeriod {
  if (!policy || !c.decidedAt) return { state: 'none' };
  if (c.status === 'declined' && policy.declinedDays !== null) {
    const dueAt = addDays(c.decidedAt, policy.declinedDays);
    return { state: dueAt <= now ? 'ended' : 'running', closedAt: c.decidedAt, dueAt, basis: `declined: ${policy.declinedDays} days after the decline` };
  }
  if (c.status === 'approved' && policy.yearsAfterClosure !== null) {
    const closedAt = c.lastMonitoredAt && c.lastMonitoredAt > c.decidedAt ? c.lastMonitoredAt : c.decidedAt;
    const dueAt = addYears(closedAt, policy.yearsAfterClosure);
    return { state: dueAt <= now ? 'ended' : 'running', closedAt, dueAt, basis: `AML record keeping: ${policy.yearsAfterClosure} years after the relationship ended` };
  }
  return { state: 'none' };
}
