import type { FeatureModule } from '../platform/index';
import { RELAY_TASK } from './record-event';
import { relayEventsTask } from './relay-events.task';
import { sweepOutbox } from './sweep';

/** The outbox: the relay's job; events committed but never relayed (their relay job lost), and subscribers' own leftovers. */
export const eventsModule: FeatureModule = {
  name: 'events',
  tasks: { [RELAY_TASK]: relayEventsTask },
  sweeps: [{ name: 'outbox sweep', order: 10, run: sweepOutbox }],
};
