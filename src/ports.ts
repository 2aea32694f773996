import type { Readable } from 'node:stream';

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
  /** The tenant whose work the job is (a queue flag `org:<orgId>`); none for system work across tenants (relay, sweeps). */
  orgId?: string;
}

/** The job queue (graphile-worker). Payloads carry ids only: never a secret or a body. */
export interface JobQueue {
  enqueue(task: string, payload: Record<string, string | number>, options?: EnqueueOptions): Promise<void>;
  /** Optional: many jobs in one round trip (same meaning as calling enqueue for each). */
  enqueueMany?(jobs: { task: string; payload: Record<string, string | number>; options?: EnqueueOptions }[]): Promise<void>;
  /** Resolves when the queue's database answers (readiness). */
  ping(): Promise<void>;
  /**
   * Readiness of the workers: how long the oldest job that is due and that no worker holds has been
   * waiting, in ms; 0 when there is none. The queue is shared, so this is every worker's backlog.
   */
  oldestDueJobAgeMs(): Promise<number>;
}

/**
 * The job runner of a worker process, as readiness sees it: `running`; `restarting` (it stopped on
 * its own and a restart is scheduled); `stopped` (drained, or given up after its restarts failed).
 */
export type RunnerState = 'running' | 'restarting' | 'stopped';

export interface RunnerStatus {
  state(): RunnerState;
}

/** Name resolution (DNS and the hosts file) for the webhook URL guard. Tests inject one; bin/ wires the system's. */
export interface HostResolver {
  /** Every address the host name resolves to (IPv4 and IPv6, as strings); rejects when it does not resolve. */
  resolve(hostname: string): Promise<string[]>;
}

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * Revocations told to every process (PostgreSQL LISTEN/NOTIFY), so that the per-process caches of live
 * checks (the bearer check's, the console session check's) are flushed everywhere when a client, grant or
 * token dies, or a session ends or its member changes.
 */
export interface RevocationFeed {
  /** Tells every subscribed process that credentials were revoked: this one at once (before the returned promise settles), the others through the feed. */
  publish(): Promise<void>;
  /**
   * Delivers every published revocation to `revoked`. `listening(true)` once the process reliably
   * receives them; `listening(false)` whenever that stops (connection lost), until it is back.
   */
  subscribe(handlers: { revoked(): void; listening(on: boolean): void }): void;
}

/** What a stored blob is: its storage key (random, never derived from user input), size in bytes and SHA-256 (hex). */
export interface StoredBlob {
  key: string;
  size: number;
  sha256: string;
}

/**
 * Where uploaded files' bytes live (documents): a local directory (DATA_DIR) or an S3-compatible bucket.
 * Only keys, sizes and digests go to MySQL; the bytes never pass through the database or the queue.
 */
export interface BlobStore {
  /**
   * Streams `body` to a new blob under a fresh random key, computing its size and SHA-256 on the way.
   * When the stream fails (or is destroyed) nothing is left behind and the stream's error is rethrown.
   */
  put(body: AsyncIterable<Uint8Array>): Promise<StoredBlob>;
  /** The blob's bytes; rejects with an error whose `code` is `ENOENT` when there is no such blob. */
  open(key: string): Promise<Readable>;
  /** Deletes the blob; a missing blob is not an error (deletes are retried after crashes). */
  delete(key: string): Promise<void>;
}
