import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintColumn, jsonColumn, timestampColumn, uuidColumn } from '../db/columns';

export const REVIEW_RECOMMENDATIONS = ['Approve', 'Refer', 'Decline'] as const;
export type ReviewRecommendation = (typeof REVIEW_RECOMMENDATIONS)[number];
export const REVIEW_CONFIDENCES = ['High', 'Medium', 'Low'] as const;
export type ReviewConfidence = (typeof REVIEW_CONFIDENCES)[number];
export const RISK_FACTOR_SEVERITIES = ['HIGH', 'MEDIUM', 'LOW'] as const;
export type RiskFactorSeverity = (typeof RISK_FACTOR_SEVERITIES)[number];

/** One finished AI case review (ai_review.completed); `id` is the event's reviewId. */
@Entity('ai_reviews')
export class AiReview {
  @PrimaryGeneratedColumn(bigintColumn as object) id!: number;
  @Column(uuidColumn) orgId!: string;
  @Column(bigintColumn) casePk!: number;
  /** The analyst's email, or `system:form-submission:<email>` / `system:confirm-review:<email>`. */
  @Column() triggeredBy!: string;
  /** The CaseReviewer's name: `local` or `llm:<model>`. */
  @Column() reviewer!: string;
  @Column({ type: 'varchar' }) recommendation!: ReviewRecommendation;
  @Column({ type: 'varchar' }) confidence!: ReviewConfidence;
  @Column(jsonColumn) riskFactors!: { text: string; severity: RiskFactorSeverity }[];
  /** A background run's dedup key (unique per case), or null. */
  @Column({ type: 'varchar', nullable: true }) runKey!: string | null;
  @Column(timestampColumn) completedAt!: Date;
}
