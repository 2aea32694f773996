import type { Services } from '../services';
import { oldestUnrelayedEventAgeSeconds } from './events.repository';

/** The outbox relay's lag for operators (metrics): the age of the oldest event not relayed yet, seconds; 0 when none waits. */
export function relayLagSeconds(svc: Services): Promise<number> {
  return oldestUnrelayedEventAgeSeconds(svc.db, svc.clock.now());
}
