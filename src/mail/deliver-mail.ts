import { inTransaction } from '../db/transaction';
import type { Services } from '../services';
import type { MailKind, OutboxMail } from './mail-kind';
import type { MailReceipt } from './mailer';
import { planMailRetry } from './mail-retry';
import {
  failMail, leaseMail, markMailAttemptFailed, markMailSent, readMail, releaseMailLease, type QueuedMail,
} from './outgoing-mails.repository';
import { SEND_MAIL_TASK, sendMailJobKey } from './queue-mail';

/** How long one send may hold an email: a worker that dies mid-send leaves it to the sweep once this is over. */
export const MAIL_LEASE_MS = 60_000;

export type MailOutcome = 'sent' | 'retry' | 'failed' | 'skipped';

/**
 * Sends one email of the outbox (the send-mail job). Idempotent: an email already sent, failed or leased
 * by another run is left alone ('skipped'), so a duplicate job or a sweep's hand-off is harmless. Its kind
 * renders the message from the owning feature's rows. Once the mail system accepts it, the email is marked
 * sent and, in the same transaction, the kind's onAccepted runs (once). When the mail system refuses, the
 * attempt is recorded (attempts, last error) and the next one scheduled from MAIL_RETRY_SCHEDULE, never at
 * or after its sendBefore; after the last the email is failed and the kind's onFailed runs. An email past
 * its sendBefore, or whose kind finds nothing left to send, is failed without an attempt.
 */
export async function deliverMail(svc: Services, mailId: number): Promise<MailOutcome> {
  const now = svc.clock.now();
  if (!(await leaseMail(svc.db, mailId, now, new Date(now.getTime() + MAIL_LEASE_MS)))) return 'skipped';
  const row = await readMail(svc.db, mailId);
  if (!row) return 'skipped';
  const kind = svc.mailKinds.get(row.kind);
  if (!kind) {
    await releaseMailLease(svc.db, mailId);
    throw new Error(`send-mail: no module of this process contributes the mail kind "${row.kind}"`);
  }
  const mail: OutboxMail = { id: row.id, orgId: row.orgId, kind: row.kind, reference: row.reference, attempts: row.attempts };
  if (row.sendBefore && row.sendBefore.getTime() <= now.getTime()) return giveUp(svc, kind, mail, 'It expired before it could be sent.');
  const rendered = await kind.render(svc, mail);
  if ('unsendable' in rendered) return giveUp(svc, kind, mail, rendered.unsendable);

  let receipt: MailReceipt;
  try {
    // A test case's email never leaves the service: the mailer keeps it, SMTP or not.
    receipt = await svc.mailer.send({ orgId: mail.orgId, ...rendered, ...(row.mode === 'test' ? { keep: true } : {}) });
  } catch (err) {
    return recordRefusal(svc, kind, mail, row, err);
  }
  await inTransaction(svc, async (tx) => {
    const at = svc.clock.now();
    if (await markMailSent(tx.manager, mail.id, at, receipt)) await kind.onAccepted?.(tx, mail, { at, receipt });
  });
  svc.log.info({ orgId: mail.orgId, mailId, kind: mail.kind, transport: receipt.transport }, 'email accepted');
  return 'sent';
}

async function recordRefusal(svc: Services, kind: MailKind, mail: OutboxMail, row: QueuedMail, err: unknown): Promise<MailOutcome> {
  const plan = planMailRetry(svc, mail.attempts, err, row.sendBefore ?? undefined);
  await inTransaction(svc, async (tx) => {
    if (!(await markMailAttemptFailed(tx.manager, mail.id, plan))) return;
    if (plan.final) await kind.onFailed?.(tx, mail);
    const next = plan.nextAt;
    if (next) tx.afterCommit(() => svc.jobs.enqueue(SEND_MAIL_TASK, { mailId: mail.id }, { jobKey: sendMailJobKey(mail.id), runAt: next, orgId: mail.orgId }));
  });
  svc.log.warn({ orgId: mail.orgId, mailId: mail.id, kind: mail.kind, attempts: plan.attempts, final: plan.final, error: plan.message }, 'email not accepted');
  return plan.final ? 'failed' : 'retry';
}

async function giveUp(svc: Services, kind: MailKind, mail: OutboxMail, reason: string): Promise<MailOutcome> {
  await inTransaction(svc, async (tx) => {
    if (await failMail(tx.manager, mail.id, reason)) await kind.onFailed?.(tx, mail);
  });
  svc.log.info({ orgId: mail.orgId, mailId: mail.id, kind: mail.kind, reason }, 'email given up unsent');
  return 'failed';
}
