import { forTenant } from '../db/index';
import type { Tx } from '../services';
import { insertMail } from './outgoing-mails.repository';

/** The worker task that sends one email of the outbox; payload `{mailId}` alone (no address, link or code reaches the queue). */
export const SEND_MAIL_TASK = 'send-mail';

/** The job key of an email's send job: one queued job per email, however often it is handed off. */
export const sendMailJobKey = (mailId: number): string => `${SEND_MAIL_TASK}:${mailId}`;

/**
 * Queues one email in the caller's transaction (a transactional outbox): the row is written with the work
 * that asks for it, and its send job is enqueued after commit (the mail sweep re-enqueues a lost one).
 * `kind` names a MailKind the owning feature's module contributes, `reference` the owning row's id (one
 * email per kind and reference). `sendBefore`: past it the email is not worth sending (a link or code that expires); it is
 * failed instead, and no retry is planned at or after it. `mode` test (an email about a test case): it is never sent,
 * whatever SMTP_URL says, but kept in the service (the console's Mail page in test view). Returns the email's id.
 */
export async function queueMail(
  tx: Tx, input: { orgId: string; kind: string; reference: number; sendBefore?: Date; mode?: 'live' | 'test' },
): Promise<number> {
  const svc = tx.services;
  const mailId = await insertMail(forTenant(tx.manager, input.orgId), {
    kind: input.kind, reference: input.reference, sendBefore: input.sendBefore ?? null, now: svc.clock.now(), mode: input.mode ?? 'live',
  });
  tx.afterCommit(() => svc.jobs.enqueue(SEND_MAIL_TASK, { mailId }, { jobKey: sendMailJobKey(mailId), orgId: input.orgId }));
  return mailId;
}
