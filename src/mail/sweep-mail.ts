import type { Services } from '../services';
import { findLostMail } from './outgoing-mails.repository';
import { SEND_MAIL_TASK, sendMailJobKey } from './queue-mail';

/** An email due this long ago whose job has not taken it is presumed lost and re-enqueued by the sweep. */
export const MAIL_SWEEP_GRACE_MS = 30_000;
const BATCH = 100;

/**
 * Re-enqueues the send job of pending emails whose job was lost: a crash between commit and enqueue, or a
 * worker that died holding the email (once its lease ran out). Periodic, across tenants; returns how many.
 */
export async function sweepMail(svc: Services): Promise<number> {
  const now = svc.clock.now();
  const ids = await findLostMail(svc.db, new Date(now.getTime() - MAIL_SWEEP_GRACE_MS), now, BATCH);
  for (const mailId of ids) await svc.jobs.enqueue(SEND_MAIL_TASK, { mailId }, { jobKey: sendMailJobKey(mailId) });
  if (ids.length > 0) svc.log.info({ emails: ids.length }, 'mail sweep re-enqueued emails whose send job was lost');
  return ids.length;
}
