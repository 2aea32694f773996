import type { FeatureModule } from '../platform/index';
import { intakeCodeMail } from './intake-code.mail';
import { sweepIntakeCodes } from './intake-codes';

/** Public intake: the code email (a kind of the mail outbox), and codes past their 24 hours. */
export const intakeModule: FeatureModule = {
  name: 'intake',
  sweeps: [{ name: 'intake code sweep', order: 50, run: sweepIntakeCodes }],
  mail: [intakeCodeMail],
};
