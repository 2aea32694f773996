import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import {
  DISPOSITIONS, REVIEW_STATES, type MonitoringReviewDetail, type MonitoringReviewView, type ReviewViewerCan as ReviewViewerCanView,
} from '../../src/monitoring-reviews/index';
import { ConnectionOf } from '../connection';

const enumOf = <T extends string>(values: readonly T[]) => Object.fromEntries(values.map((v) => [v, v])) as { [K in T]: K };

export const ReviewStateEnum = enumOf(REVIEW_STATES);
registerEnumType(ReviewStateEnum, {
  name: 'MonitoringReviewState',
  description: 'open (awaiting a verdict), pending_approval (awaiting a second person), with_mlro (handed to the MLRO), closed, reopened (awaiting a fresh verdict).',
});
export const ReviewDispositionEnum = enumOf(DISPOSITIONS);
registerEnumType(ReviewDispositionEnum, { name: 'MonitoringReviewDisposition', description: "An analyst's verdict on a monitoring review." });
export const ResolutionEnum = enumOf(['true_match', 'false_positive'] as const);
registerEnumType(ResolutionEnum, { name: 'MonitoringReviewResolution', description: "The MLRO's final verdict on a review handed to them." });

@ObjectType({ simpleResolvers: true, description: 'A monitoring alert attached to a review (the first opened it; repeats of the same fact follow).' })
export class MonitoringReviewAlert {
  @Field(() => Int) alertId!: number;
  @Field(() => Int) runId!: number;
  @Field() alertType!: string;
  @Field() severity!: string;
  @Field({ description: 'scheduled or ad_hoc.' }) source!: string;
  @Field() attachedAt!: Date;
}

@ObjectType({ simpleResolvers: true, description: 'One step of a review\'s history, oldest first.' })
export class MonitoringReviewStep {
  @Field({ description: 'opened, alert_attached, dispositioned, approved, closed, escalated, resolved or reopened.' }) action!: string;
  @Field(() => String, { nullable: true, description: 'The member; null for the monitoring run.' }) actor!: string | null;
  @Field(() => String, { nullable: true, description: 'The verdict note, resolution note, reopening reason or hand-off note.' }) note!: string | null;
  @Field(() => GraphQLJSONObject) details!: Record<string, unknown>;
  @Field() at!: Date;
}

@ObjectType({
  simpleResolvers: true,
  description: 'What the signed-in member may do to this review now: the permission each mutation checks, the states it starts from and four-eyes. The mutation checks again.',
})
export class ReviewViewerCan implements ReviewViewerCanView {
  @Field({ description: 'dispositionMonitoringReview: analyst or above, the review open or reopened.' }) dispositionMonitoringReview!: boolean;
  @Field({ description: "approveMonitoringReview: pending_approval, and with four-eyes on not the verdict's author." }) approveMonitoringReview!: boolean;
  @Field({ description: "resolveMonitoringReview: mlro or above, with_mlro, and with four-eyes on not the verdict's author." }) resolveMonitoringReview!: boolean;
  @Field({ description: 'reopenMonitoringReview: mlro or above, the review closed.' }) reopenMonitoringReview!: boolean;
}

@ObjectType({ simpleResolvers: true, description: 'A review of a monitoring fact on an approved customer (never the flagged party\'s name: its role and position only).' })
export class MonitoringReview {
  @Field(() => ID, { description: 'reviewCaseId: a UUID, stable across every monitoring.review.* event of the review.' }) id!: string;
  @Field({ description: 'Human-readable reference, MR-<year>-<00000> per organisation.' }) reviewRef!: string;
  @Field({ description: "The monitored customer's case." }) caseId!: string;
  @Field(() => String, { nullable: true }) companyName!: string | null;
  @Field() alertType!: string;
  @Field(() => String, { nullable: true }) severity!: string | null;
  @Field(() => String, { nullable: true, description: 'e.g. UBO, Director, Intermediary, Company.' }) subjectRole!: string | null;
  @Field(() => String, { nullable: true, description: 'Position in the case ownership data, e.g. ubo_0, dir_1, company.' }) subjectRef!: string | null;
  @Field(() => Int, { nullable: true }) personId!: number | null;
  @Field(() => Int, { description: 'How many reviews this fact has opened on the customer (2 or more: reviewed before).' }) occurrenceNo!: number;
  @Field(() => String, { nullable: true }) source!: string | null;
  @Field(() => ReviewStateEnum) state!: string;
  @Field(() => ReviewDispositionEnum, { nullable: true, description: 'The verdict on the previous occurrence of the fact.' }) priorDisposition!: string | null;
  @Field(() => ReviewDispositionEnum, { nullable: true }) disposition!: string | null;
  @Field(() => String, { nullable: true }) dispositionBy!: string | null;
  @Field(() => String, { nullable: true }) dispositionNote!: string | null;
  @Field(() => Date, { nullable: true }) dispositionedAt!: Date | null;
  @Field(() => String, { nullable: true }) approvedBy!: string | null;
  @Field(() => Date, { nullable: true }) approvedAt!: Date | null;
  @Field(() => String, { nullable: true, description: 'The risk band before the verdict (or the close\'s re-check).' }) bandBefore!: string | null;
  @Field(() => String, { nullable: true }) bandAfter!: string | null;
  @Field() openedAt!: Date;
  @Field() updatedAt!: Date;
  @Field(() => Date, { nullable: true }) closedAt!: Date | null;
  @Field(() => [MonitoringReviewAlert], { nullable: true, description: 'The attached alerts (on monitoringReview and the mutations; null in lists).' })
  alerts!: MonitoringReviewAlert[] | null;
  @Field(() => [MonitoringReviewStep], { nullable: true, description: 'The history (on monitoringReview and the mutations; null in lists).' })
  history!: MonitoringReviewStep[] | null;
}

export function monitoringReviewOf(v: MonitoringReviewView | MonitoringReviewDetail): MonitoringReview {
  const { reviewCaseId, ...rest } = v;
  const detail = 'alerts' in v ? v : null;
  return { ...rest, id: reviewCaseId, alerts: detail?.alerts ?? null, history: detail?.history ?? null };
}

export const MonitoringReviewConnection = ConnectionOf(MonitoringReview, 'MonitoringReview');
