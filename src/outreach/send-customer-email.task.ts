import type { FeatureTask } from '../platform/index';
import { deliverCustomerEmail } from './deliver-customer-email';

/**
 * Sends one queued customer email. The domain owns the retry schedule (MAIL_RETRY_SCHEDULE) and records
 * every attempt on the row; throwing (graphile's retry) is left to infrastructure faults.
 */
export const sendCustomerEmailTask: FeatureTask = (svc) => async (payload) => {
  const emailId = Number((payload as { emailId?: unknown } | null)?.emailId);
  if (!Number.isSafeInteger(emailId) || emailId <= 0) throw new Error('send-customer-email: payload must be {emailId: positive integer}');
  await deliverCustomerEmail(svc, emailId);
};
