export { onMonitoringAlert, opensReview, type MonitoringAlertFact } from './on-monitoring-alert';
export { dispositionMonitoringReview, MAX_REVIEW_NOTE } from './disposition-review';
export { approveMonitoringReview } from './approve-review';
export { resolveMonitoringReview } from './resolve-review';
export { reopenMonitoringReview } from './reopen-review';
export { getMonitoringReview } from './get-review';
export { listMonitoringReviews } from './list-reviews';
export { REVIEW_STATES, DISPOSITIONS, type ReviewState, type ReviewDisposition, type AttachedAlertRow, type HistoryRow } from './reviews.repository';
export type { MonitoringReviewView, MonitoringReviewDetail } from './review-views';
