import type { FeatureModule } from '../platform/index';
import { slaAtRiskMail } from './at-risk.mail';
import { SlaReactor } from './sla-reactions';
import { sweepSlas } from './sweep-slas';

/**
 * SLAs: clocks follow cases through the outbox (SlaReactor); the sweep emails owners as time makes cases at
 * risk and catches up lost reactions; the at-risk email is a kind of the mail outbox.
 */
export const slaModule: FeatureModule = {
  name: 'sla',
  sweeps: [{ name: 'sla sweep', order: 86, run: sweepSlas }],
  subscribers: () => [new SlaReactor()],
  mail: [slaAtRiskMail],
};
