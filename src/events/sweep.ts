import type { Services } from '../services';
import { relayEvents } from './relay';

/** How old an unrelayed event must be before the sweep takes it (the nudge normally wins). */
export const SWEEP_GRACE_MS = 1000;

/**
 * The periodic sweep: whatever a crash left between commit and hand-off is handed off now.
 * Runs on every worker at OUTBOX_SWEEP_INTERVAL_MS; SKIP LOCKED keeps concurrent sweeps apart.
 */
export async function sweepOutbox(svc: Services): Promise<{ relayed: number }> {
  const relayed = await relayEvents(svc, { olderThanMs: SWEEP_GRACE_MS });
  if (relayed > 0) svc.log.info({ relayed }, 'sweep relayed events whose hand-off was lost');
  return { relayed };
}
