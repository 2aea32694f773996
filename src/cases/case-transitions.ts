import { DomainError } from '../errors';
import type { CaseStatus } from './case.entity';

/**
 * decisions.md "Case status": every move a case may make. `in_progress -> in_review` is the customer's
 * submission; `approved | declined -> in_review` only by an explicit reopen. Anything else is refused.
 */
export const CASE_TRANSITIONS: Readonly<Record<CaseStatus, readonly CaseStatus[]>> = {
  in_progress: ['in_review'],
  in_review: ['approved', 'declined', 'pending_senior'],
  pending_senior: ['returned'],
  returned: ['approved', 'declined', 'pending_senior'],
  approved: ['in_review'],
  declined: ['in_review'],
};

/** The statuses a case may move to `to` from. */
export function statusesLeadingTo(to: CaseStatus): CaseStatus[] {
  return (Object.keys(CASE_TRANSITIONS) as CaseStatus[]).filter((from) => CASE_TRANSITIONS[from].includes(to));
}

/** The statuses a case may be reopened from (reopenCase): decided cases only. */
export const REOPENABLE_FROM: readonly CaseStatus[] = ['approved', 'declined'];

/** Whether a case at `from` may move to `to` (what assertTransition enforces), without throwing. */
export function mayMove(from: CaseStatus, to: CaseStatus, allowedFrom: readonly CaseStatus[] = statusesLeadingTo(to)): boolean {
  return allowedFrom.includes(from) && CASE_TRANSITIONS[from].includes(to);
}

/**
 * Throws invalid_transition unless a case at `from` may move to `to`; the message names the case's
 * current status and the statuses the action is allowed from (`what`: "decided", "escalated" ...).
 */
export function assertTransition(caseId: string, from: CaseStatus, to: CaseStatus, what: string, allowedFrom: readonly CaseStatus[] = statusesLeadingTo(to)): void {
  if (mayMove(from, to, allowedFrom)) return;
  throw new DomainError(
    'invalid_transition',
    `Case ${caseId} is ${from}; it can only be ${what} when it is ${allowedFrom.join(' or ')}.`,
    { currentStatus: from, allowedFrom: [...allowedFrom] },
  );
}
