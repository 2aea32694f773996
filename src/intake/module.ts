import type { FeatureModule } from '../platform/index';
import { SEND_INTAKE_CODE_TASK, sweepIntakeCodes } from './intake-codes';
import { sendIntakeCodeTask } from './send-intake-code.task';

/** Public intake: the code email's send job, code emails whose send job was lost, and codes past their 24 hours. */
export const intakeModule: FeatureModule = {
  name: 'intake',
  tasks: { [SEND_INTAKE_CODE_TASK]: sendIntakeCodeTask },
  sweeps: [{ name: 'intake code sweep', order: 50, run: sweepIntakeCodes }],
};
