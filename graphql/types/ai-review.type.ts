import { Field, GraphQLISODateTime, Int, ObjectType, registerEnumType } from 'type-graphql';
import {
  REVIEW_CONFIDENCES, REVIEW_RECOMMENDATIONS, RISK_FACTOR_SEVERITIES, type AiReviewView, type ReviewConfidence, type ReviewRecommendation,
  type RiskFactorSeverity,
} from '../../src/review/index';

const enumOf = <T extends string>(values: readonly T[]) => Object.fromEntries(values.map((v) => [v, v])) as { [K in T]: K };

export const AiRecommendationEnum = enumOf(REVIEW_RECOMMENDATIONS);
registerEnumType(AiRecommendationEnum, { name: 'AiRecommendation', description: "The AI case review's recommendation (ai_review.completed)." });
export const AiReviewConfidenceEnum = enumOf(REVIEW_CONFIDENCES);
registerEnumType(AiReviewConfidenceEnum, { name: 'AiReviewConfidence' });
export const AiRiskFactorSeverityEnum = enumOf(RISK_FACTOR_SEVERITIES);
registerEnumType(AiRiskFactorSeverityEnum, { name: 'AiRiskFactorSeverity' });

@ObjectType({ simpleResolvers: true, description: 'One risk factor an AI case review found.' })
export class AiRiskFactor {
  @Field() text!: string;
  @Field(() => AiRiskFactorSeverityEnum) severity!: RiskFactorSeverity;
}

@ObjectType({ simpleResolvers: true, description: 'An AI case review of a case: the same fields as ai_review.completed, and the engine that made it.' })
export class AiReview {
  @Field(() => Int, { description: 'The reviewId of ai_review.completed.' }) reviewId!: number;
  @Field({ description: 'The analyst who ran it, or system:form-submission:<email> / system:confirm-review:<email> for a background run.' })
  triggeredBy!: string;
  @Field({ description: 'The review engine: local (deterministic rules) or llm:<model>.' }) reviewer!: string;
  @Field(() => AiRecommendationEnum) recommendation!: ReviewRecommendation;
  @Field(() => AiReviewConfidenceEnum) confidence!: ReviewConfidence;
  @Field(() => [AiRiskFactor], { description: 'Most severe first.' }) riskFactors!: AiRiskFactor[];
  @Field(() => GraphQLISODateTime) completedAt!: string;
}

export const aiReviewOf = (r: AiReviewView): AiReview => r;
