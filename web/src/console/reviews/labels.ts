import type { MonitoringReviewDisposition, MonitoringReviewState } from '../../gql/graphql';

export const REVIEW_STATE_LABELS: Record<MonitoringReviewState, string> = {
  open: 'Open',
  pending_approval: 'Pending approval',
  with_mlro: 'With MLRO',
  closed: 'Closed',
  reopened: 'Reopened',
};

export const REVIEW_DISPOSITION_LABELS: Record<MonitoringReviewDisposition, string> = {
  true_match: 'True match',
  false_positive: 'False positive',
  escalate: 'Escalate to the MLRO',
};

export function reviewStateClass(state: MonitoringReviewState): string {
  if (state === 'closed') return 'badge badge-ok';
  if (state === 'with_mlro' || state === 'pending_approval') return 'badge badge-warn';
  return 'badge badge-neutral';
}

/** The flagged party without a name: `UBO (ubo_0)`. */
export function subjectLabel(role: string | null | undefined, ref: string | null | undefined): string {
  if (role && ref) return `${role} (${ref})`;
  return role ?? ref ?? 'The customer';
}
