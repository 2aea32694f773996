import { type TenantDb, forTenant } from '../db/index';
import { auditName, authorize, type Actor } from '../access/index';
import { recordAudit } from '../audit/record-audit';
import { inTransaction } from '../db/transaction';
import { DomainError, type ValidationDetail } from '../errors';
import type { Services } from '../services';

/**
 * A tenant's reminder schedule for items requested from a customer (EDD evidence, document requests):
 * the first reminder `firstAfterDays` days after the request, then one every `everyDays` days, at most
 * `maxReminders` in all; `enabled` false sends none. Reminders stop once every requested item has
 * arrived, the case is closed, or the recipient unsubscribed.
 */
export interface ReminderSchedule {
  enabled: boolean;
  /** Days from the request to the first reminder (1..90; default 3). */
  firstAfterDays: number;
  /** Days between reminders (1..90; default 7). */
  everyDays: number;
  /** The most reminders per request (1..10; default 3). */
  maxReminders: number;
}

export interface ReminderScheduleView extends ReminderSchedule {
  /** Who last changed it (null: the defaults, never changed). */
  updatedBy: string | null;
  updatedAt: string | null;
}

export const DEFAULT_REMINDER_SCHEDULE: ReminderSchedule = { enabled: true, firstAfterDays: 3, everyDays: 7, maxReminders: 3 };
const DAY_MS = 24 * 3600 * 1000;
export const daysMs = (days: number) => days * DAY_MS;

/** The tenant's schedule (the defaults when it never set one). */
export async function reminderScheduleOf(db: TenantDb): Promise<ReminderScheduleView> {
  const orgId = db.orgId;
  const [row]: { enabled: number; first_after_days: number; every_days: number; max_reminders: number; updated_by: string; updated_at: Date }[] = await db.query(
    'SELECT enabled, first_after_days, every_days, max_reminders, updated_by, updated_at FROM reminder_schedules WHERE org_id = ?', [orgId],
  );
  if (!row) return { ...DEFAULT_REMINDER_SCHEDULE, updatedBy: null, updatedAt: null };
  return {
    enabled: Number(row.enabled) === 1, firstAfterDays: Number(row.first_after_days), everyDays: Number(row.every_days), maxReminders: Number(row.max_reminders),
    updatedBy: row.updated_by, updatedAt: row.updated_at.toISOString(),
  };
}

/** The organisation's reminder schedule (any member). */
export async function getReminderSchedule(svc: Services, actor: Actor): Promise<ReminderScheduleView> {
  authorize(actor, 'outreach:read_settings');
  return reminderScheduleOf(forTenant(svc.db, actor));
}

const whole = (v: unknown, min: number, max: number) => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/**
 * A compliance admin sets the reminder schedule; every problem is reported with its path. Audited
 * (`reminder_schedule.set` with the previous and new values); the same schedule again writes nothing.
 * It applies to reminders scheduled from then on (a reminder already due keeps its time).
 */
export async function setReminderSchedule(svc: Services, actor: Actor, input: ReminderSchedule): Promise<ReminderScheduleView> {
  authorize(actor, 'outreach:configure');
  const details: ValidationDetail[] = [];
  if (typeof input.enabled !== 'boolean') details.push({ path: 'enabled', message: 'must be true or false' });
  if (!whole(input.firstAfterDays, 1, 90)) details.push({ path: 'firstAfterDays', message: 'must be a whole number of days from 1 to 90' });
  if (!whole(input.everyDays, 1, 90)) details.push({ path: 'everyDays', message: 'must be a whole number of days from 1 to 90' });
  if (!whole(input.maxReminders, 1, 10)) details.push({ path: 'maxReminders', message: 'must be a whole number from 1 to 10' });
  if (details.length) throw DomainError.validation(details);
  const next: ReminderSchedule = { enabled: input.enabled, firstAfterDays: input.firstAfterDays, everyDays: input.everyDays, maxReminders: input.maxReminders };
  return inTransaction(svc, async (tx) => {
    await tx.manager.query('SELECT id FROM tenants WHERE id = ? FOR UPDATE', [actor.orgId]);
    const previous = await reminderScheduleOf(forTenant(tx.manager, actor));
    const same = previous.enabled === next.enabled && previous.firstAfterDays === next.firstAfterDays && previous.everyDays === next.everyDays
      && previous.maxReminders === next.maxReminders;
    if (same && previous.updatedBy !== null) return previous;
    const now = svc.clock.now();
    await tx.manager.query(
      `INSERT INTO reminder_schedules (org_id, enabled, first_after_days, every_days, max_reminders, updated_by, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON DUPLICATE KEY UPDATE enabled = VALUES(enabled), first_after_days = VALUES(first_after_days), every_days = VALUES(every_days),
       max_reminders = VALUES(max_reminders), updated_by = VALUES(updated_by), updated_at = VALUES(updated_at)`,
      [actor.orgId, next.enabled ? 1 : 0, next.firstAfterDays, next.everyDays, next.maxReminders, auditName(actor), now],
    );
    const { updatedBy: _b, updatedAt: _a, ...before } = previous;
    await recordAudit(tx, { orgId: actor.orgId, actor: auditName(actor), action: 'reminder_schedule.set', details: { ...next, previous: before }, at: now });
    return { ...next, updatedBy: auditName(actor), updatedAt: now.toISOString() };
  });
}
