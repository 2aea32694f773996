import { createHash } from 'node:crypto';

/** A tenant's monitoring schedule: how often each approved case is run. `off` runs none (ad hoc runs still work). */
export const MONITORING_SCHEDULES = ['off', 'daily', 'weekly', 'monthly'] as const;
export type MonitoringSchedule = (typeof MONITORING_SCHEDULES)[number];
export const DEFAULT_MONITORING_SCHEDULE: MonitoringSchedule = 'daily';

const DAY_MS = 86_400_000;
/** The period of each schedule, ms (`monthly` is 30 days, so that every period has the same length). */
export const SCHEDULE_PERIOD_MS: Record<Exclude<MonitoringSchedule, 'off'>, number> = { daily: DAY_MS, weekly: 7 * DAY_MS, monthly: 30 * DAY_MS };

export function isMonitoringSchedule(v: unknown): v is MonitoringSchedule {
  return typeof v === 'string' && (MONITORING_SCHEDULES as readonly string[]).includes(v);
}

/**
 * Where in each period a case runs, in millionths of the period: a hash of the tenant and case, so that
 * a tenant's 100,000 cases spread evenly over the day (about 70 a minute) instead of all running at once,
 * and each case keeps its slot from one period to the next.
 */
export function spreadOf(orgId: string, casePk: number): number {
  return createHash('sha256').update(`${orgId}:${casePk}`).digest().readUInt32BE(0) % 1_000_000;
}

/**
 * The case's next slot strictly after `after`: the period's slots are anchored at the Unix epoch, each
 * case offset into the period by its spread. Null when the schedule is off.
 */
export function nextDueAfter(after: Date, schedule: MonitoringSchedule, spreadPpm: number): Date | null {
  if (schedule === 'off') return null;
  const period = SCHEDULE_PERIOD_MS[schedule];
  const offset = Math.floor((spreadPpm * period) / 1_000_000);
  const t = after.getTime();
  const k = Math.floor((t - offset) / period) + 1;
  return new Date(k * period + offset);
}
