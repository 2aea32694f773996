import type { DataSource, EntityManager } from 'typeorm';
import type { Config } from './config';
import type { DocumentExtractor } from './documents/document-extractor';
import type { EventRecord } from './events/event.entity';
import type { EventPayload, EventType } from './events/catalogue';
import type { TakeCaseSequences } from './events/case-sequences';
import type { Logger } from './logger';
import type { Mailer, MailMessage, MailReceipt } from './mail/mailer';
import type { AccessTokenCache } from './oauth/access-token-cache';
import type { CaseReviewer } from './review/case-reviewer';
import type { BlobStore, Clock, HostResolver, JobQueue, RevocationFeed, RunnerStatus } from './ports';
import type { WebhookSender } from './webhooks/webhook-sender';
import type { ScreeningProvider } from './screening/screening-provider';
import type { HitTriager } from './screening/hit-triager';
import type { IdentityVerifier } from './idv/identity-verifier';
import type { CompanyRegistry } from './monitoring/company-registry';
import type { AdverseMediaSource } from './monitoring/adverse-media-source';

/**
 * Everything a use case needs, wired once by the composition root (bin/). Use cases are plain
 * functions taking Services first; adapters hold one Services and never build their own.
 */
export interface Services {
  config: Config;
  db: DataSource;
  log: Logger;
  jobs: JobQueue;
  clock: Clock;
  /** Who receives committed events from the outbox relay (webhook fan-out, and test recorders). */
  subscribers: EventSubscriber[];
  /** The feature modules' handlers of other features' hooks (FeatureHook below), which runHook calls. */
  hooks: HookHandler[];
  /**
   * How recordEvent takes a case's next caseSequence numbers (bumping and locking the case row):
   * src/cases' takeCaseSequences, wired here because cases imports events and only cases writes `cases`.
   */
  caseSequences: TakeCaseSequences;
  /** Features' reactions to events inside the recording transaction (FeatureModule.reactions, EventReaction below). */
  reactions: readonly EventReaction[];
  /** Uploaded files' bytes (documents): the DATA_DIR directory, or an S3-compatible bucket (BLOB_STORE=s3). */
  blobs: BlobStore;
  /** Reads uploaded documents (pipeline step 1): the local default (PDF text, OCR, MRZ, field rules), no network. */
  extractor: DocumentExtractor;
  /** Outgoing mail: nodemailer over SMTP, or the local mail_outbox table when SMTP_URL is unset. */
  mailer: Mailer;
  /** The kinds of email the mail outbox sends, by name: each feature's module contributes its own (FeatureModule.mail). */
  mailKinds: ReadonlyMap<string, MailKind>;
  /** Name resolution for the webhook URL guard (tests inject one). */
  resolver: HostResolver;
  /** The HTTP client of webhook requests; connects only to the address the guard checked. */
  webhookSender: WebhookSender;
  /** Revocations told to every process (flushes their bearer-check caches). */
  revocations: RevocationFeed;
  /** This process's caches of the bearer check (verified signatures, live checks). */
  accessTokenCache: AccessTokenCache;
  /** The AI case review (REVIEW_PROVIDER): the local rules, or the OpenAI-compatible LLM at LLM_URL. */
  reviewer: CaseReviewer;
  /** Sanctions and PEP screening of a case's parties: the local watchlist matcher, or yente (SCREENING_PROVIDER). */
  screening: ScreeningProvider;
  /** A first opinion on each screening hit: the local deterministic rules (svc-rules), or an LLM adapter. */
  triager: HitTriager;
  /** Identity verification of a case's people (IDV_PROVIDER): the portal's upload page with the local MRZ checks, or a hosted-flow vendor. */
  idv: IdentityVerifier;
  /** Company registry refresh of monitoring runs: the local registry file, or a Companies House-like API (REGISTRY_PROVIDER). */
  registry: CompanyRegistry;
  /** Adverse media search of monitoring runs: the bundled local corpus, or an HTTP search API (ADVERSE_MEDIA_PROVIDER). */
  adverseMedia: AdverseMediaSource;
  /** The job runner, when this process runs the worker (set by bin/start); absent in an API-only process. */
  runner?: RunnerStatus;
  /**
   * Webhook first attempts made in this process right after the relay's commit (set by the worker while
   * it runs); absent elsewhere, where each delivery gets a queued job.
   */
  webhookFirstAttempts?: { add(deliveryIds: number[]): Promise<void> };
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
 * A consumer of committed events. The relay calls onEvents inside its own transaction with a batch of
 * events not yet relayed; the subscriber writes its own rows there (for example one delivery per
 * endpoint) and enqueues its jobs with tx.afterCommit. If it throws, the batch stays unrelayed and
 * is offered again: onEvents must be idempotent (unique keys, INSERT IGNORE).
 */
export interface EventSubscriber {
  readonly name: string;
  onEvents(tx: Tx, events: EventRecord[]): Promise<void>;
  /**
   * Optional: run by the periodic outbox sweep to re-hand-off the subscriber's own work that a crash
   * left behind (for example deliveries whose job was lost). Returns how many items it re-handed off.
   */
  sweep?(svc: Services): Promise<number>;
}

/**
 * A feature's reaction to an event of another feature inside the transaction that records it: the
 * reaction's writes commit or roll back with the event (where an outbox subscriber, which runs after
 * commit, would leave a window). The recorder runs every reaction whose `types` name the event, in module
 * order, right after inserting it. Keep reactions few and quick: they lengthen the recording transaction.
 * Composed from the feature modules (FeatureModule.reactions) into svc.reactions.
 */
export interface EventReaction {
  /** Names the reaction in errors. */
  name: string;
  types: readonly EventType[];
  react(tx: Tx, event: ReactedEvent): Promise<void>;
}

/** The event a reaction is given: its type, tenant, the case's primary key (case events) and its payload. */
export interface ReactedEvent<T extends EventType = EventType> {
  type: T;
  orgId: string;
  casePk: number | null;
  payload: EventPayload<T>;
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

/** One feature's reaction to a hook, contributed by its module. */
export interface HookHandler<P = unknown> {
  readonly hook: FeatureHook<P>;
  /** Names the handler in the log line of its failure. */
  readonly name: string;
  run(svc: Services, payload: P): Promise<void>;
}

/** One email of the mail outbox (src/mail), as its kind is given it. */
export interface OutboxMail {
  id: number;
  orgId: string;
  kind: string;
  /** The id of the owning feature's row the email is about (an invite, a member link, an intake code ...). */
  reference: number;
  /** Attempts made before this one. */
  attempts: number;
}

/** The message of one email, as a kind renders it (the outbox adds the tenant). */
export type RenderedMail = Omit<MailMessage, 'orgId'>;

/**
 * A kind's answer when there is nothing to send any more (the link was spent, the recipient removed, the
 * case's personal data purged ...): the email is failed with this reason as its last error.
 */
export interface Unsendable {
  unsendable: string;
}

/**
 * One kind of outgoing email, contributed by the feature that owns it (its module's `mail`): how to build
 * the message from that feature's rows, and how the feature reacts once the mail system accepted it or the
 * email was given up. The mail outbox (src/mail) keeps only the state of the sending; what an email says,
 * and its secret (a link token or a code, sealed), stay in the owning feature's row.
 */
export interface MailKind {
  /** Stored on each row of the outbox (`outgoing_mails.kind`); unique across features. */
  readonly kind: string;
  /** Builds the message, at each attempt, from the owning feature's data (nothing of it is stored in the outbox). */
  render(svc: Services, mail: OutboxMail): Promise<RenderedMail | Unsendable>;
  /**
   * The owning feature's reaction once the mail system accepted the message, in the transaction that marks
   * the email sent (once: a second job for the same email finds it sent). Events the email stands for are
   * recorded here, so only for an email really handed to the mail system.
   */
  onAccepted?(tx: Tx, mail: OutboxMail, accepted: { at: Date; receipt: MailReceipt }): Promise<void>;
  /** The reaction once the email is given up (retries used up, expired, unsendable), in the transaction that marks it failed. */
  onFailed?(tx: Tx, mail: OutboxMail): Promise<void>;
}
