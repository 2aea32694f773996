import type { DataSource } from 'typeorm';
import type { Config } from './config';
import type { EventSubscriber } from './events/event-subscriber';
import type { Logger } from './logger';
import type { Mailer } from './mail/mailer';
import type { AccessTokenCache } from './oauth/access-token-cache';
import type { Clock, JobQueue, RevocationFeed, RunnerStatus } from './ports';
import type { HostResolver } from './webhooks/url-guard';
import type { WebhookSender } from './webhooks/webhook-sender';

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
  /** Outgoing mail (invites): nodemailer over SMTP, or the local mail outbox when SMTP_URL is unset. */
  mailer: Mailer;
  /** Name resolution for the webhook URL guard (tests inject one). */
  resolver: HostResolver;
  /** The HTTP client of webhook requests; connects only to the address the guard checked. */
  webhookSender: WebhookSender;
  /** Revocations told to every process (flushes their bearer-check caches). */
  revocations: RevocationFeed;
  /** This process's caches of the bearer check (verified signatures, live checks). */
  accessTokenCache: AccessTokenCache;
  /** The job runner, when this process runs the worker (set by bin/start); absent in an API-only process. */
  runner?: RunnerStatus;
}
