import { onHook, type FeatureModule } from '../platform/index';
import { WEBHOOK_DELIVERED } from '../webhooks/index';
import { casePurgeCheckTask } from './case-purge-check.task';
import { PURGE_CHECK_TASK } from './purge-jobs';
import { queuePurgeCheckOnDelivery } from './purge-on-delivery';
import { sweepPurges } from './sweep-purges';
import { sweepRetention } from './sweep-retention';

/**
 * Zero retention: the purge check of a case, queued when a delivery of its data package answered 2xx; purge
 * checks whose job was lost, and purged documents whose blobs are still there. Retention schedules: the cases whose
 * period under the tenant's policy ended (svc.clock), unless on legal hold.
 */
export const retentionModule: FeatureModule = {
  name: 'retention',
  tasks: { [PURGE_CHECK_TASK]: casePurgeCheckTask },
  sweeps: [{ name: 'retention sweep', order: 70, run: sweepPurges }, { name: 'retention schedule sweep', order: 71, run: sweepRetention }],
  hooks: [onHook(WEBHOOK_DELIVERED, 'retention purge check', queuePurgeCheckOnDelivery)],
};
