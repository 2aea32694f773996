import type { FeatureModule } from '../platform/index';
import { sweepWorkQueues } from './sweep-work-queues';
import { WorkQueueReactor } from './work-queue-reactions';

/**
 * Work queues: they follow cases through the outbox (WorkQueueReactor places a case again after each of
 * its events and hands out what waits); the sweep catches up what a lost reaction or the passing of time
 * (conditions on a case's age) left behind.
 */
export const workQueuesModule: FeatureModule = {
  name: 'work-queues',
  sweeps: [{ name: 'work queue sweep', order: 85, run: sweepWorkQueues }],
  subscribers: () => [new WorkQueueReactor()],
};
