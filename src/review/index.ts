export type { CaseReviewer, CaseReviewFacts, CaseReviewResult } from './case-reviewer';
export {
  REVIEW_RECOMMENDATIONS, REVIEW_CONFIDENCES, RISK_FACTOR_SEVERITIES, type ReviewRecommendation, type ReviewConfidence, type RiskFactorSeverity,
} from './ai-review.entity';
export { LocalCaseReviewer, OFFSHORE_JURISDICTIONS } from './local-reviewer';
export { loadCaseReviewFacts } from './load-case-review-facts';
export { reviewCase, CaseReviewFailed, type ReviewTrigger } from './review-case';
export { runAiReview } from './run-ai-review';
export { loadLatestAiReviews } from './load-latest-ai-reviews';
export { findLatestAiReview, type AiReview } from './ai-reviews.repository';
export { aiReviewView, type AiReviewView } from './ai-review-views';
export { formSubmissionTrigger, confirmReviewTrigger } from './review-triggers';
