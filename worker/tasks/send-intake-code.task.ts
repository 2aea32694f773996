import type { Task } from 'graphile-worker';
import { deliverIntakeCode } from '../../src/intake/index';
import { type Services } from '../../src/platform/index';

/** Sends one public-intake code email. The domain owns the retries (MAIL_RETRY_SCHEDULE, within the code's 10 minutes). */
export const sendIntakeCodeTask = (svc: Services): Task => async (payload) => {
  const codeId = Number((payload as { codeId?: unknown } | null)?.codeId);
  if (!Number.isSafeInteger(codeId) || codeId <= 0) throw new Error('send-intake-code: payload must be {codeId: positive integer}');
  await deliverIntakeCode(svc, codeId);
};
