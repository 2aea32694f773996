import { DomainError } from '../errors';
import type { MonitoringReview, ReviewState } from './reviews.repository';

/** The fields every monitoring.review.* event shares beyond the envelope (caseId and crmSource come from the case). */
export function sharedReviewFields(r: MonitoringReview) {
  return {
    reviewCaseId: r.reviewCaseId, reviewRef: r.reviewRef, alertType: r.alertType, severity: r.severity, subjectRole: r.subjectRole,
    subjectRef: r.subjectRef, personId: r.personId, occurrenceNo: r.occurrenceNo,
  };
}

/**
 * The review state machine (the contract's table plus docs/monitoring-reviews.md): which states each
 * action may start from. Anything else is refused with invalid_transition naming the current state.
 */
const FROM: Record<string, { states: ReviewState[]; what: string }> = {
  disposition: { states: ['open', 'reopened'], what: 'An analyst verdict can be given only while the review is open or reopened' },
  approve: { states: ['pending_approval'], what: 'Only a review pending approval can be approved' },
  resolve: { states: ['with_mlro'], what: 'Only a review handed to the MLRO (with_mlro) can be resolved' },
  reopen: { states: ['closed'], what: 'Only a closed review can be reopened' },
};

/** Whether `action` may start from a review in `state` (what assertReviewTransition enforces), without throwing. */
export function mayStartFrom(state: ReviewState, action: keyof typeof FROM & string): boolean {
  return FROM[action]!.states.includes(state);
}

export function assertReviewTransition(r: MonitoringReview, action: keyof typeof FROM & string): void {
  const rule = FROM[action]!;
  if (!mayStartFrom(r.state, action)) {
    throw new DomainError('invalid_transition', `${rule.what}; review ${r.reviewRef} is ${r.state}.`, { reviewRef: r.reviewRef, state: r.state });
  }
}

/** What a confirmed (true_match) verdict on an alert of this type feeds the risk engine: a sanctions or PEP fact, or nothing. */
export function riskInputOf(alertType: string): 'sanctioned' | 'pep' | null {
  if (alertType.startsWith('sanction')) return 'sanctioned';
  if (alertType.startsWith('pep')) return 'pep';
  return null;
}

const BAND_RANK = ['low', 'medium', 'high', 'prohibited'];
/** Whether `after` is a higher risk band than `before` (no band before counts as low). */
export function bandRaised(before: string | null, after: string | null): boolean {
  return BAND_RANK.indexOf(after ?? 'low') > BAND_RANK.indexOf(before ?? 'low');
}
