import type { FeatureTask } from '../modules';
import { deliverMail } from './deliver-mail';

/**
 * Sends one email of the mail outbox (every kind: invites, console links, intake codes, customer emails,
 * webhook alerts, a removed member's credentials). The payload is `{mailId}` alone. The outbox owns the retry
 * schedule (MAIL_RETRY_SCHEDULE) and records every attempt; throwing (graphile's retry) is left to infrastructure faults.
 */
export const sendMailTask: FeatureTask = (svc) => async (payload) => {
  const mailId = Number((payload as { mailId?: unknown } | null)?.mailId);
  if (!Number.isSafeInteger(mailId) || mailId <= 0) throw new Error('send-mail: payload must be {mailId: positive integer}');
  await deliverMail(svc, mailId);
};
