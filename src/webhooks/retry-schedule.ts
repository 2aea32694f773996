import type { Config } from '../config';

/**
 * The contract's retry schedule, owned by the domain (the queue's own back-off is for infrastructure
 * faults only): attempt 1, then one retry after each wait of WEBHOOK_RETRY_SCHEDULE (default 1 s, 5 s,
 * 30 s, 5 min, 30 min), each wait counted from the end of the attempt before; then failed.
 * Returns the wait before the next attempt, or null when the schedule is spent.
 */
export function nextRetryWaitMs(config: Pick<Config, 'webhookRetryScheduleMs'>, attemptsMade: number): number | null {
  return config.webhookRetryScheduleMs[attemptsMade - 1] ?? null;
}

/**
 * How long a worker holds a delivery while it makes an attempt: the response budget plus a margin
 * (half of it, at least 1 s). A worker that dies mid-attempt delays its delivery by at most this.
 */
export function attemptLeaseMs(config: Pick<Config, 'webhookTimeoutMs'>): number {
  return config.webhookTimeoutMs + Math.max(1000, Math.round(config.webhookTimeoutMs / 2));
}
