import type { FeatureTask } from '../platform/index';
import { deliverWebhookAlertMail } from './webhook-alert-mail';

/**
 * Sends one webhook failure-alert or recovery email. The payload is `{mailId}` alone. The domain owns the
 * retry schedule (MAIL_RETRY_SCHEDULE) and records every attempt; throwing is left to infrastructure faults.
 */
export const sendWebhookAlertMailTask: FeatureTask = (svc) => async (payload) => {
  const mailId = Number((payload as { mailId?: unknown } | null)?.mailId);
  if (!Number.isSafeInteger(mailId) || mailId <= 0) throw new Error('send-webhook-alert-mail: payload must be {mailId: positive integer}');
  await deliverWebhookAlertMail(svc, mailId);
};
