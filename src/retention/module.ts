import type { FeatureModule } from '../platform/index';
import { sweepPurges } from './sweep-purges';

/** Zero retention: purge checks whose job was lost, and purged documents whose blobs are still there. */
export const retentionModule: FeatureModule = {
  name: 'retention',
  sweeps: [{ name: 'retention sweep', order: 70, run: sweepPurges }],
};
