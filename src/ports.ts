/**
 * Ports: what the domain needs from the outside world, implemented by adapters and wired in bin/.
 * The domain never imports a queue, HTTP or mail library itself.
 */

export interface EnqueueOptions {
  /** Run no earlier than this. Default now. */
  runAt?: Date;
  /** Debounce key: a job with the same key that has not started yet is replaced. */
  jobKey?: string;
  /** Infrastructure retries of the queue itself (not the webhook schedule). Default 25. */
  maxAttempts?: number;
}

/** The job queue (graphile-worker). Payloads carry ids only: never a secret or a body. */
export interface JobQueue {
  enqueue(task: string, payload: Record<string, string | number>, options?: EnqueueOptions): Promise<void>;
  /** Optional: many jobs in one round trip (same meaning as calling enqueue for each). */
  enqueueMany?(jobs: { task: string; payload: Record<string, string | number>; options?: EnqueueOptions }[]): Promise<void>;
  /** Resolves when the queue's database answers (readiness). */
  ping(): Promise<void>;
}

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
