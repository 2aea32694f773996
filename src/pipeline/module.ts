import type { FeatureModule } from '../platform/index';
import { sweepCasePipelines } from './sweep-case-pipelines';

/** Decisioning pipelines whose step job was lost, or that wait for a document whose nudge was lost. */
export const pipelineModule: FeatureModule = {
  name: 'pipeline',
  sweeps: [{ name: 'pipeline sweep', order: 80, run: sweepCasePipelines }],
};
