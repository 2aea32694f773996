import type { FeatureModule } from '../platform/index';
import { sweepIntakeCodes } from './intake-codes';

/** Public intake: code emails whose send job was lost, and codes past their 24 hours. */
export const intakeModule: FeatureModule = {
  name: 'intake',
  sweeps: [{ name: 'intake code sweep', order: 50, run: sweepIntakeCodes }],
};
