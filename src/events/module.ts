import type { FeatureModule } from '../platform/index';
import { sweepOutbox } from './sweep';

/** The outbox: events committed but never relayed (their relay job lost), and subscribers' own leftovers. */
export const eventsModule: FeatureModule = {
  name: 'events',
  sweeps: [{ name: 'outbox sweep', order: 10, run: sweepOutbox }],
};
