import type { Services } from '../services';
import { relayEvents } from './relay';

/** How old an unrelayed event must be before the sweep takes it (the nudge normally wins). */
export const SWEEP_GRACE_MS = 1000;

/**
 * The periodic sweep: whatever a crash left between commit and hand-off is handed off now.
 * Runs on every worker at OUTBOX_SWEEP_INTERVAL_MS; SKIP LOCKED keeps concurrent sweeps apart.
 */
export async function sweepOutbox(svc: Services): Promise<{ relayed: number; resubmitted: number }> {
  const relayed = await relayEvents(svc, { olderThanMs: SWEEP_GRACE_MS });
  if (relayed > 0) svc.log.info({ relayed }, 'sweep relayed events whose hand-off was lost');
  // Then each subscriber's own leftovers (deliveries whose job was lost or whose worker died).
  let resubmitted = 0;
  for (const subscriber of svc.subscribers) {
    const n = subscriber.sweep ? await subscriber.sweep(svc) : 0;
    if (n > 0) svc.log.info({ subscriber: subscriber.name, resubmitted: n }, 'sweep re-handed off work a crash left behind');
    resubmitted += n;
  }
  return { relayed, resubmitted };
}
