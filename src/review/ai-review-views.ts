import type { ReviewConfidence, ReviewRecommendation, RiskFactorSeverity } from './ai-review.entity';
import type { AiReview } from './ai-reviews.repository';

/** A stored AI case review as the console shows it (the ai_review.completed fields, and the reviewer). */
export interface AiReviewView {
  reviewId: number;
  triggeredBy: string;
  /** `local` or `llm:<model>`. */
  reviewer: string;
  recommendation: ReviewRecommendation;
  confidence: ReviewConfidence;
  riskFactors: { text: string; severity: RiskFactorSeverity }[];
  completedAt: string;
}

export function aiReviewView(r: AiReview): AiReviewView {
  return {
    reviewId: r.id,
    triggeredBy: r.triggeredBy,
    reviewer: r.reviewer,
    recommendation: r.recommendation,
    confidence: r.confidence,
    riskFactors: r.riskFactors,
    completedAt: r.completedAt.toISOString(),
  };
}
