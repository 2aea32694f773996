import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { getCaseMonitoring, getMonitoringSettings, runMonitoring, setMonitoringSchedule, type MonitoringSchedule } from '../src/monitoring/index';
import { actorOf, type GraphqlContext } from './context';
import {
  CaseMonitoring, caseMonitoringOf, MonitoringRun, monitoringRunOf, MonitoringScheduleEnum, MonitoringSettings,
} from './types/monitoring.type';

/** Perpetual monitoring in the console: a case's runs and alerts, running it now, and the organisation's schedule. */
@Resolver()
export class MonitoringResolver {
  @Query(() => CaseMonitoring, { nullable: true, description: "A case's monitoring (null for a missing case and another organisation's alike)." })
  async caseMonitoring(@Ctx() ctx: GraphqlContext, @Arg('caseId', () => ID) caseId: string): Promise<CaseMonitoring | null> {
    const m = await getCaseMonitoring(ctx.svc, actorOf(ctx), caseId);
    return m ? caseMonitoringOf(m) : null;
  }

  @Mutation(() => MonitoringRun, {
    description: 'Runs monitoring on an approved case now (analyst): rescreening, registry refresh and adverse media; triggeredBy is your email. '
      + 'A case that is not approved, or whose data was purged: CONFLICT.',
  })
  async runMonitoring(@Ctx() ctx: GraphqlContext, @Arg('caseId', () => ID) caseId: string): Promise<MonitoringRun> {
    return monitoringRunOf(await runMonitoring(ctx.svc, actorOf(ctx), caseId));
  }

  @Query(() => MonitoringSettings, { description: "The organisation's monitoring schedule." })
  async monitoringSettings(@Ctx() ctx: GraphqlContext): Promise<MonitoringSettings> {
    return getMonitoringSettings(ctx.svc, actorOf(ctx));
  }

  @Mutation(() => MonitoringSettings, {
    description: "Sets the organisation's monitoring schedule (compliance_admin). Audited. Each case runs at its own slot of the period, spread over it.",
  })
  async setMonitoringSchedule(
    @Ctx() ctx: GraphqlContext, @Arg('schedule', () => MonitoringScheduleEnum) schedule: MonitoringSchedule,
  ): Promise<MonitoringSettings> {
    return setMonitoringSchedule(ctx.svc, actorOf(ctx), { schedule });
  }
}
