import { Field, Float, GraphQLISODateTime, ID, Int, ObjectType } from 'type-graphql';
import type { CaseStatus, DecisionOutcome, OnboardingStage } from '../../src/cases/index';
import type { CaseMetricsView } from '../../src/case-metrics/index';
import { CaseStatusEnum, DecisionOutcomeEnum, OnboardingStageEnum } from './case.type';

@ObjectType({ simpleResolvers: true, description: 'Open cases in one status.' })
export class StatusCount {
  @Field(() => CaseStatusEnum) status!: CaseStatus;
  @Field(() => Int) count!: number;
}

@ObjectType({ simpleResolvers: true, description: 'Open cases at one onboarding stage.' })
export class StageCount {
  @Field(() => OnboardingStageEnum) stage!: OnboardingStage;
  @Field(() => Int) count!: number;
}

@ObjectType({ simpleResolvers: true, description: 'Time spent in one status by the spells in it that ended within the range (nearest-rank percentiles, whole seconds).' })
export class TimeInStatus {
  @Field(() => CaseStatusEnum) status!: CaseStatus;
  @Field(() => Int, { description: 'Spells in this status that ended within the range.' }) spells!: number;
  @Field(() => Int) p50Seconds!: number;
  @Field(() => Int) p90Seconds!: number;
}

@ObjectType({ simpleResolvers: true, description: 'Decisions of one outcome made within the range.' })
export class DecisionOutcomeCount {
  @Field(() => DecisionOutcomeEnum) outcome!: DecisionOutcome;
  @Field(() => Int) count!: number;
  @Field(() => Int, { description: 'Of them, made by the decision policy.' }) automatic!: number;
}

@ObjectType({ simpleResolvers: true, description: 'The decisions made within the range.' })
export class DecisionMetrics {
  @Field(() => Int) total!: number;
  @Field(() => Int) automatic!: number;
  @Field(() => Float, { nullable: true, description: 'automatic / total (0 to 1); null without decisions.' }) automaticShare!: number | null;
  @Field(() => Int, { description: 'Decisions reached without the case ever having been returned by a senior or reopened before.' }) firstTimeRight!: number;
  @Field(() => Float, { nullable: true, description: 'firstTimeRight / total (0 to 1); null without decisions.' }) firstTimeRightShare!: number | null;
  @Field(() => [DecisionOutcomeCount]) byOutcome!: DecisionOutcomeCount[];
}

@ObjectType({ simpleResolvers: true, description: 'One member\'s decisions within the range.' })
export class AnalystMetrics {
  @Field({ description: 'The deciding member as recorded (their email).' }) analyst!: string;
  @Field(() => Int, { description: 'Decisions they made (each closes a case).' }) casesClosed!: number;
  @Field(() => Int, { description: 'Median (nearest rank) seconds from the case\'s last entry into in_review to their decision.' }) medianHandlingSeconds!: number;
}

@ObjectType({ simpleResolvers: true, description: 'SLA figures of the dashboard (see setSlaPolicy).' })
export class SlaMetrics {
  @Field(() => Int, { description: 'Open cases whose SLA is breached now (with queueId: those sitting in that queue now).' }) breachedNow!: number;
}

@ObjectType({ simpleResolvers: true, description: 'The dashboard\'s figures over [from, to), for the organisation or one work queue. See docs/console.md "Dashboard".' })
export class CaseMetrics {
  @Field(() => GraphQLISODateTime) from!: Date;
  @Field(() => GraphQLISODateTime) to!: Date;
  @Field(() => ID, { nullable: true }) queueId!: string | null;
  @Field(() => Int, { description: 'Open cases now (not approved or declined).' }) openTotal!: number;
  @Field(() => [StatusCount], { description: 'Open cases now by status.' }) openByStatus!: StatusCount[];
  @Field(() => [StageCount], { description: 'Open cases now by onboarding stage.' }) openByStage!: StageCount[];
  @Field(() => [TimeInStatus], { description: 'Per status (the dashboard\'s stages), the p50 and p90 time spent in it.' }) timeInStatus!: TimeInStatus[];
  @Field(() => DecisionMetrics) decisions!: DecisionMetrics;
  @Field(() => [AnalystMetrics], { description: 'Per deciding member, most decisions first.' }) analysts!: AnalystMetrics[];
  @Field(() => SlaMetrics, { description: 'SLA breaches now (a snapshot, whatever the range).' }) sla!: SlaMetrics;
  @Field(() => String, { description: 'The data the figures are of: live, or test while the console session has "Test data" on (the open cases are of this mode).' })
  mode!: string;
  @Field(() => [String], {
    description: 'In the test view, the figures that still count live cases only (timeInStatus, decisions, analysts, sla: status spells are recorded and SLAs kept for live cases only); empty in the live view.',
  })
  liveOnly!: string[];
}

export const caseMetricsOf = (v: CaseMetricsView): CaseMetrics => v as CaseMetrics;
