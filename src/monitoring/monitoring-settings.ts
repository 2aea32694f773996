import { forTenant } from '../db/index';
import { auditName, authorize, type Actor } from '../access/index';
import { recordAudit } from '../audit/record-audit';
import { inTransaction } from '../db/transaction';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { isMonitoringSchedule, MONITORING_SCHEDULES } from './monitoring-schedule';
import { clearPlans, findMonitoringSchedule, saveMonitoringSchedule } from './monitoring.repository';
import type { MonitoringSettingsView } from './monitoring-views';

/** The tenant's monitoring schedule (any member may see it). */
export async function getMonitoringSettings(svc: Services, actor: Actor): Promise<MonitoringSettingsView> {
  authorize(actor, 'monitoring:read');
  return { schedule: await findMonitoringSchedule(forTenant(svc.db, actor)) };
}

/**
 * Sets the tenant's monitoring schedule (compliance_admin), with an audit line naming the previous one.
 * The tenant's cases are planned again by the next scheduler tick, each at its own slot of the new period
 * (none while off). Setting the current schedule again changes nothing and writes no line.
 */
export async function setMonitoringSchedule(svc: Services, actor: Actor, input: { schedule: unknown }): Promise<MonitoringSettingsView> {
  authorize(actor, 'monitoring:configure');
  const schedule = input.schedule;
  if (!isMonitoringSchedule(schedule)) {
    throw DomainError.validation([{ path: 'schedule', message: `must be one of ${MONITORING_SCHEDULES.join(', ')}` }]);
  }
  return inTransaction(svc, async (tx) => {
    const db = forTenant(tx.manager, actor);
    // The tenant row lock serialises concurrent changes of one tenant's settings.
    await tx.manager.query('SELECT id FROM tenants WHERE id = ? FOR UPDATE', [actor.orgId]);
    const previous = await findMonitoringSchedule(db);
    if (previous === schedule) return { schedule };
    const now = svc.clock.now();
    await saveMonitoringSchedule(db, schedule, now);
    await clearPlans(db);
    await recordAudit(tx, { orgId: actor.orgId, actor: auditName(actor), action: 'monitoring_schedule.set', details: { schedule, previous }, at: now });
    return { schedule };
  });
}
