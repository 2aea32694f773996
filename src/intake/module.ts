import { registerMailKind } from '../mail/index';
import type { FeatureModule } from '../platform/index';
import { intakeCodeMail } from './intake-code.mail';
import { sweepIntakeCodes } from './intake-codes';

// The code email is sent by the mail outbox (src/mail), which learns its kind here.
registerMailKind(intakeCodeMail);

/** Public intake: codes past their 24 hours (their code emails are a kind of the mail outbox, swept there). */
export const intakeModule: FeatureModule = {
  name: 'intake',
  sweeps: [{ name: 'intake code sweep', order: 50, run: sweepIntakeCodes }],
};
