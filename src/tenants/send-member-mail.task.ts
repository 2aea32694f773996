import type { FeatureTask } from '../platform/index';
import { deliverMemberMail } from './member-tokens';

/**
 * Sends one console email (a password reset or an invitation). The payload is `{tokenId}` alone: the
 * link's token never enters the queue. The domain owns the retry schedule (MAIL_RETRY_SCHEDULE) and
 * records every attempt; throwing (graphile's retry) is left to infrastructure faults.
 */
export const sendMemberMailTask: FeatureTask = (svc) => async (payload) => {
  const tokenId = Number((payload as { tokenId?: unknown } | null)?.tokenId);
  if (!Number.isSafeInteger(tokenId) || tokenId <= 0) throw new Error('send-member-mail: payload must be {tokenId: positive integer}');
  await deliverMemberMail(svc, tokenId);
};
