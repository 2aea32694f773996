import type { DataSource, EntityManager } from 'typeorm';
import type { Config } from './config';
import type { Logger } from './logger';
import type { Metrics } from './metrics';
import type { Tracing } from './tracing';
import type { BlobStore, Clock, HostResolver, JobQueue, RevocationFeed, RunnerStatus } from './ports';

/**
 * Everything a use case needs, wired once by the composition root (bin/). Use cases are plain
 * functions taking Services first; adapters hold one Services and never build their own.
 *
 * The kernel declares only its own fields here. Each feature adds the ports and lists it owns by
 * declaration merging, in the file that defines their type (`declare module '../services' { interface
 * Services { ... } }`): events the outbox subscribers and caseSequences (events/event-consumers.ts,
 * events/case-sequences.ts), mail the mailer and mail kinds, documents the extractor, screening the
 * screening provider and the hit triager, and so on. The kernel thus imports no feature, and every field
 * is still there for every use case (all of src/ is compiled together).
 */
export interface Services {
  config: Config;
  db: DataSource;
  log: Logger;
  jobs: JobQueue;
  clock: Clock;
  /** The feature modules' handlers of other features' hooks (FeatureHook below), which runHook calls. */
  hooks: HookHandler[];
  /** Uploaded files' bytes (documents): the DATA_DIR directory, or an S3-compatible bucket (BLOB_STORE=s3). */
  blobs: BlobStore;
  /** Name resolution for the webhook URL guard (tests inject one). */
  resolver: HostResolver;
  /** Revocations told to every process (flushes their bearer-check caches). */
  revocations: RevocationFeed;
  /** The job runner, when this process runs the worker (set by bin/start); absent in an API-only process. */
  runner?: RunnerStatus;
  /** Counters and histograms (src/metrics.ts); absent: nothing is counted (metricsOf gives the no-op). */
  metrics?: Metrics;
  /** Spans and trace context (src/tracing.ts); absent: nothing is traced (tracingOf gives the no-op). */
  tracing?: Tracing;
}

/**
 * A unit of work: one MySQL transaction plus the hooks to run once it has committed.
 * Nothing inside a transaction touches the network or the queue; afterCommit is where that goes.
 */
export class Tx {
  private readonly hooks: (() => Promise<void> | void)[] = [];
  private readonly keys = new Set<string>();
  constructor(
    readonly manager: EntityManager,
    readonly services: Services,
  ) {}

  /** Runs fn after a successful commit. A failing hook is logged, never thrown: the sweep recovers. */
  afterCommit(fn: () => Promise<void> | void): void {
    this.hooks.push(fn);
  }

  /** Like afterCommit, but once per key however often it is called in this transaction. */
  afterCommitOnce(key: string, fn: () => Promise<void> | void): void {
    if (this.keys.has(key)) return;
    this.keys.add(key);
    this.hooks.push(fn);
  }

  /** @internal */
  takeHooks(): (() => Promise<void> | void)[] {
    return this.hooks.splice(0);
  }
}

/**
 * A point where one feature lets others react, in process, to a change of its own that is not a recorded
 * event (a webhook delivery answered 2xx; a document whose extraction failed, which the contract keeps off
 * the wire). A recorded event goes to outbox subscribers instead. The owning feature declares the hook
 * (defineHook, src/hooks.ts) and runs it (runHook) once its change has committed; a feature that reacts
 * registers a handler from its module (FeatureModule.hooks), so the owner never imports the features that react.
 */
export interface FeatureHook<P> {
  readonly name: string;
  /** Type only: what the hook hands its handlers. */
  readonly payload?: P;
}

/**
 * One feature's reaction to a hook, contributed by its module: `run` after the owner's change committed
 * (runHook), or `runInTx` inside the owner's transaction (runHookInTx), where the reaction's writes commit
 * or roll back with the change.
 */
export interface HookHandler<P = unknown> {
  readonly hook: FeatureHook<P>;
  /** Names the handler in the log line of its failure. */
  readonly name: string;
  run?(svc: Services, payload: P): Promise<void>;
  runInTx?(tx: Tx, payload: P): Promise<void>;
}
