import type { FeatureModule } from '../platform/index';
import { StatusSpellRecorder } from './status-spell-recorder';

/** Case metrics: the dashboard's rollup follows case.status.changed through the outbox (in the relay's transaction, so nothing is lost). */
export const caseMetricsModule: FeatureModule = {
  name: 'case-metrics',
  subscribers: () => [new StatusSpellRecorder()],
};
