import { Field, GraphQLISODateTime, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import {
  MONITORING_SCHEDULES, type CaseMonitoringView, type CheckRun, type MonitoringAlertView, type MonitoringRunView, type MonitoringSchedule,
} from '../../src/monitoring/index';

const enumOf = <T extends string>(values: readonly T[]) => Object.fromEntries(values.map((v) => [v, v])) as { [K in T]: K };

export const MonitoringScheduleEnum = enumOf(MONITORING_SCHEDULES);
registerEnumType(MonitoringScheduleEnum, {
  name: 'MonitoringSchedule', description: 'How often each approved case is monitored: off, daily (the default), weekly, or monthly (every 30 days).',
});

@ObjectType({ simpleResolvers: true, description: 'One check of a monitoring run (monitoring.run.completed\'s checksRun).' })
export class MonitoringCheckRun {
  @Field({ description: 'rescreening, registry_refresh or adverse_media.' }) check!: string;
  @Field({ description: 'ok, skipped, error (reason in error) or not_found (the registry does not know the company).' }) status!: string;
  @Field(() => [String], { description: 'The subjectRefs the check covered (company, dir_0, ubo_1 ...).' }) subjects!: string[];
  @Field(() => String, { nullable: true, description: 'The reason, when status is error.' }) error!: string | null;
}

@ObjectType({ simpleResolvers: true, description: 'A monitoring run of a case.' })
export class MonitoringRun {
  @Field(() => Int) runId!: number;
  @Field({ description: 'scheduled or ad_hoc.' }) source!: string;
  @Field({ description: 'scheduled, or the email of the analyst who ran it.' }) triggeredBy!: string;
  @Field(() => Int) alertsGenerated!: number;
  @Field(() => [MonitoringCheckRun]) checksRun!: MonitoringCheckRun[];
  @Field(() => GraphQLISODateTime) startedAt!: Date;
  @Field(() => GraphQLISODateTime) completedAt!: Date;
}

@ObjectType({ simpleResolvers: true, description: 'An alert a monitoring run raised (once per fact: new, changed, or back after it had gone).' })
export class MonitoringAlert {
  @Field(() => ID) alertId!: string;
  @Field(() => Int) runId!: number;
  @Field({ description: 'sanctions_hit, pep_change, structure_change or adverse_media.' }) alertType!: string;
  @Field({ description: 'low, medium or high.' }) severity!: string;
  @Field() title!: string;
  @Field() detail!: string;
  @Field({ description: 'The fact\'s stable identity (e.g. sanctions_hit:ubo_0:<watchlist entity id>).' }) factKey!: string;
  @Field(() => String, { nullable: true, description: 'UBO, Director or Company; never a name.' }) subjectRole!: string | null;
  @Field(() => String, { nullable: true, description: 'Position in the case\'s ownership data: company, dir_1, ubo_0.' }) subjectRef!: string | null;
  @Field(() => GraphQLISODateTime) createdAt!: Date;
}

@ObjectType({ simpleResolvers: true, description: 'A case\'s perpetual monitoring: its plan, latest runs and alerts (50 of each, newest first).' })
export class CaseMonitoring {
  @Field(() => ID) caseId!: string;
  @Field({ description: 'Approved and its personal data held: covered by scheduled runs, and runMonitoring is allowed.' }) monitored!: boolean;
  @Field(() => GraphQLISODateTime, { nullable: true, description: 'When the next scheduled run is due (null: not planned yet, or the schedule is off).' }) nextRunAt!: Date | null;
  @Field(() => GraphQLISODateTime, { nullable: true }) lastRunAt!: Date | null;
  @Field(() => [MonitoringRun]) runs!: MonitoringRun[];
  @Field(() => [MonitoringAlert]) alerts!: MonitoringAlert[];
}

@ObjectType({ simpleResolvers: true, description: 'The organisation\'s monitoring settings.' })
export class MonitoringSettings {
  @Field(() => MonitoringScheduleEnum) schedule!: MonitoringSchedule;
}

const checkOf = (c: CheckRun): MonitoringCheckRun => ({ check: c.check, status: c.status, subjects: c.subjects, error: c.error ?? null });
export const monitoringRunOf = (r: MonitoringRunView): MonitoringRun => ({ ...r, checksRun: r.checksRun.map(checkOf) });
const alertOf = (a: MonitoringAlertView): MonitoringAlert => ({ ...a, alertId: String(a.alertId) });
export const caseMonitoringOf = (m: CaseMonitoringView): CaseMonitoring => ({ ...m, runs: m.runs.map(monitoringRunOf), alerts: m.alerts.map(alertOf) });
