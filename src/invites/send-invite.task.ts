import type { FeatureTask } from '../platform/index';
import { deliverInvite } from './invites';

/**
 * Sends one invite email. The domain owns the retry schedule (MAIL_RETRY_SCHEDULE) and records every
 * attempt on the invite; throwing (graphile's retry) is left to infrastructure faults.
 */
export const sendInviteTask: FeatureTask = (svc) => async (payload) => {
  const inviteId = Number((payload as { inviteId?: unknown } | null)?.inviteId);
  if (!Number.isSafeInteger(inviteId) || inviteId <= 0) throw new Error('send-invite: payload must be {inviteId: positive integer}');
  await deliverInvite(svc, inviteId);
};
