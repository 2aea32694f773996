/**
 * The job that sends a case's due reminder; payload {orgId, casePk}, one job key per case, scheduled
 * (run_at) for the reminder's due time. The job checks the time against the stored due time, so an
 * early, late or duplicate job is harmless; the sweep re-enqueues a due reminder whose job was lost.
 */
export const REMINDER_TASK = 'outreach.reminder';
