import type { FeatureModule } from '../platform/index';
import { QUEUE_SLA_DIGEST_TASK, queueSlaDigestMail, queueSlaDigestTask } from './sla-digest';
import { sweepWorkQueues } from './sweep-work-queues';
import { WorkQueueReactor } from './work-queue-reactions';

/**
 * Work queues: they follow cases through the outbox (WorkQueueReactor places a case again after each of
 * its events and hands out what waits); the sweep catches up what a lost reaction or the passing of time
 * (conditions on a case's age) left behind. Every morning (07:00 UTC) each queue's members get a digest of
 * its SLA breaches (src/sla's), through the mail outbox.
 */
export const workQueuesModule: FeatureModule = {
  name: 'work-queues',
  sweeps: [{ name: 'work queue sweep', order: 85, run: sweepWorkQueues }],
  subscribers: () => [new WorkQueueReactor()],
  tasks: { [QUEUE_SLA_DIGEST_TASK]: queueSlaDigestTask },
  cron: [{ task: QUEUE_SLA_DIGEST_TASK, match: '0 7 * * *', identifier: QUEUE_SLA_DIGEST_TASK, options: { backfillPeriod: 0, maxAttempts: 3 } }],
  mail: [queueSlaDigestMail],
};
