import type { FeatureTask } from '../platform/index';
import { deliverIntakeCode } from './intake-codes';

/** Sends one public-intake code email. The domain owns the retries (MAIL_RETRY_SCHEDULE, within the code's 10 minutes). */
export const sendIntakeCodeTask: FeatureTask = (svc) => async (payload) => {
  const codeId = Number((payload as { codeId?: unknown } | null)?.codeId);
  if (!Number.isSafeInteger(codeId) || codeId <= 0) throw new Error('send-intake-code: payload must be {codeId: positive integer}');
  await deliverIntakeCode(svc, codeId);
};
