import type { Services } from '../services';
import { REMINDER_TASK } from './reminder-jobs';
import { dueReminders } from './requested-items.repository';

/** A reminder due this long ago whose job has not run is presumed lost (ms). */
const SWEEP_GRACE_MS = 60_000;

/** Re-enqueues due reminders whose job was lost (a crash between commit and enqueue). Periodic, with the other sweeps. */
export async function sweepReminders(svc: Services): Promise<number> {
  const due = await dueReminders(svc.db, new Date(svc.clock.now().getTime() - SWEEP_GRACE_MS), 100);
  for (const r of due) await svc.jobs.enqueue(REMINDER_TASK, { orgId: r.orgId, casePk: r.casePk }, { jobKey: `${REMINDER_TASK}:${r.orgId}:${r.casePk}`, orgId: r.orgId });
  return due.length;
}
