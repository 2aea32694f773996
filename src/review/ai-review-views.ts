import type { ReviewConfidence, ReviewRecommendation, RiskFactorSeverity } from './ai-review.entity';
import type { AiReviewRow } from './ai-reviews.repository';

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

export function aiReviewView(r: AiReviewRow): AiReviewView {
  return {
    reviewId: Number(r.id),
    triggeredBy: r.triggered_by,
    reviewer: r.reviewer,
    recommendation: r.recommendation,
    confidence: r.confidence,
    riskFactors: typeof r.risk_factors === 'string' ? JSON.parse(r.risk_factors) : r.risk_factors,
    completedAt: r.completed_at.toISOString(),
  };
}
