import type { Task } from 'graphile-worker';
import { deliverInvite } from '../../src/invites/index';
import { type Services } from '../../src/platform/index';

/**
 * Sends one invite email. The domain owns the retry schedule (MAIL_RETRY_SCHEDULE) and records every
 * attempt on the invite; throwing (graphile's retry) is left to infrastructure faults.
 */
export const sendInviteTask = (svc: Services): Task => async (payload) => {
  const inviteId = Number((payload as { inviteId?: unknown } | null)?.inviteId);
  if (!Number.isSafeInteger(inviteId) || inviteId <= 0) throw new Error('send-invite: payload must be {inviteId: positive integer}');
  await deliverInvite(svc, inviteId);
};
