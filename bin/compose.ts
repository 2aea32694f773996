// The composition root: the one place that wires ports to adapters. Entry points (start.ts, svc.ts)
// and tests build the service through it.
import { takeCaseSequences } from '../src/cases/index';
import { connectDataSource, createDataSource, ensureMysqlDatabase, runMigrations, type Queryable } from '../src/db/index';
import { LocalDocumentExtractor } from '../src/documents/index';
import { moduleSubscribers, type EventSubscriber } from '../src/events/index';
import { keepMailLocally, moduleMailKinds } from '../src/mail/index';
import { AccessTokenCache } from '../src/oauth/index';
import { ConsoleSessionCache } from '../src/sessions/index';
import {
  createLogger, moduleHooks, systemClock, type Clock, type Config, type HostResolver, type Logger, type Metrics, type Services, type Tracing,
} from '../src/platform/index';
import { LocalCaseReviewer } from '../src/review/index';
import { LocalHitTriager, LocalScreeningProvider, watchlistReloadLog, type ScreeningProvider } from '../src/screening/index';
import { YenteScreeningProvider } from '../worker/vendors/yente';
import { HostedFlowVendor } from '../worker/vendors/hosted-idv';
import { LocalIdentityVerifier } from '../src/idv/index';
import { LocalAdverseMediaSource, LocalCompanyRegistry, type AdverseMediaSource, type CompanyRegistry } from '../src/monitoring/index';
import { createNodemailerMailer } from '../worker/mail/nodemailer-mailer';
import { createBlobStore } from '../worker/blob/index';
import { GraphileJobQueue } from '../worker/job-queue';
import { ENTITIES } from './entities';
import { FEATURE_MODULES } from '../worker/modules';
import { ensurePgDatabase } from '../worker/pg-database';
import { PgRevocationFeed } from '../worker/revocation-feed';
import { UndiciWebhookSender, systemResolver } from '../worker/webhook-sender';
import {
  createLlmCaseReviewer, createLlmDocumentExtractor, createLlmHitTriager, HttpAdverseMediaSource, HttpCompanyRegistry,
} from '../worker/vendors/index';

export interface Runtime {
  svc: Services;
  queue: GraphileJobQueue;
  close(): Promise<void>;
}

/** Creates both databases when missing and applies pending migrations (MySQL's and graphile-worker's). */
export async function prepareDatabases(config: Config, log: Logger): Promise<void> {
  await ensureMysqlDatabase(config.mysqlUrl);
  await ensurePgDatabase(config.pgUrl);
  const db = await connectDataSource(createDataSource(config.mysqlUrl, ENTITIES, 2), config.mysqlUrl);
  try {
    const applied = await runMigrations(db);
    if (applied.length) log.info({ applied }, 'applied migrations');
  } finally {
    await db.destroy();
  }
  const queue = new GraphileJobQueue(config.pgUrl, log, 1);
  try {
    await queue.migrate();
  } finally {
    await queue.close();
  }
}

export interface ComposeOptions {
  log?: Logger;
  /** Extra outbox subscribers (tests). */
  subscribers?: EventSubscriber[];
  /** Webhooks: a CA (PEM) the sender trusts instead of the system roots; tests and local demos only. */
  webhookCa?: string | Buffer;
  /** Webhooks: name resolution for the URL guard (tests inject one). Default the system's. */
  resolver?: HostResolver;
  /** Counters and histograms (bin/prometheus.ts); default none (nothing counted). */
  metrics?: Metrics;
  /** Spans and trace context (bin/otel-tracing.ts, when OTEL_EXPORTER_OTLP_ENDPOINT is set); default none. */
  tracing?: Tracing;
}

/** Connects and wires the services. */
export async function compose(config: Config, options: ComposeOptions = {}): Promise<Runtime> {
  const log = options.log ?? createLogger(config.logLevel, undefined, config.logFormat);
  // A worker runs WORKER_CONCURRENCY jobs at once, each holding a connection of both pools at times.
  const poolSize = Math.max(10, config.workerConcurrency + 4);
  const db = await connectDataSource(createDataSource(config.mysqlUrl, ENTITIES, poolSize), config.mysqlUrl);
  const queue = new GraphileJobQueue(config.pgUrl, log, poolSize, options.tracing);
  const webhookSender = new UndiciWebhookSender({ allowPrivateTargets: config.webhookAllowPrivateTargets, ca: options.webhookCa });
  const revocations = new PgRevocationFeed(queue.pool, config.pgUrl, log);
  const blobs = createBlobStore(config);
  const svc: Services = {
    config,
    db,
    log,
    jobs: queue,
    clock: systemClock,
    subscribers: [...moduleSubscribers(FEATURE_MODULES), ...(options.subscribers ?? [])],
    hooks: moduleHooks(FEATURE_MODULES),
    caseSequences: takeCaseSequences,
    resolver: options.resolver ?? systemResolver,
    webhookSender,
    revocations,
    accessTokenCache: new AccessTokenCache(revocations),
    consoleSessionCache: new ConsoleSessionCache(revocations),
    blobs,
    reviewer: createLlmCaseReviewer(config) ?? new LocalCaseReviewer(systemClock),
    mailer: undefined as unknown as Services['mailer'],
    mailKinds: moduleMailKinds(FEATURE_MODULES),
    extractor: undefined as unknown as Services['extractor'],
    idv: undefined as unknown as Services['idv'],
    screening: createScreeningProvider(config, { db, log, clock: systemClock }),
    triager: createLlmHitTriager(config) ?? new LocalHitTriager(),
    registry: createCompanyRegistry(config),
    adverseMedia: createAdverseMediaSource(config),
    ...(options.metrics ? { metrics: options.metrics } : {}),
    ...(options.tracing ? { tracing: options.tracing } : {}),
  };
  // Document extraction: the LLM when EXTRACTION_PROVIDER=llm, else the local default, reading the clock
  // through svc (tests may replace it). The local one holds an OCR thread, closed with the runtime.
  const llmExtractor = createLlmDocumentExtractor(config);
  const pdf = { heapMb: config.extractionPdfHeapMb, timeoutMs: config.extractionPdfTimeoutMs, maxInflatedBytes: config.extractionPdfMaxInflatedBytes };
  const local = llmExtractor ? null : new LocalDocumentExtractor({ clock: { now: () => svc.clock.now() }, ocr: config.extractionOcr, pdf });
  svc.extractor = llmExtractor ?? local!;
  // Identity verification: a hosted-flow vendor (IDV_PROVIDER=hosted), else the local verifier, which reads
  // documents with the local extractor (its own when extraction is the LLM's: the MRZ is read offline).
  const idvReader = config.idvVendor ? null : local ?? new LocalDocumentExtractor({ clock: { now: () => svc.clock.now() }, ocr: config.extractionOcr, pdf });
  svc.idv = config.idvVendor ? new HostedFlowVendor(config.idvVendor, config.baseUrl) : new LocalIdentityVerifier(idvReader!, { now: () => svc.clock.now() });
  // Mail: SMTP when SMTP_URL is set, otherwise the local mail outbox (which needs svc itself).
  const mailer = createNodemailerMailer({
    smtpUrl: config.smtpUrl, from: config.mailFrom, log, keepLocally: (mail) => keepMailLocally(svc, mail),
  });
  svc.mailer = mailer;
  return {
    svc,
    queue,
    async close() {
      if (svc.screening instanceof LocalScreeningProvider) svc.screening.close();
      mailer.close();
      blobs.close();
      await local?.close();
      if (idvReader !== local) await idvReader?.close();
      await webhookSender.close();
      await revocations.close();
      await queue.close();
      await db.destroy();
    },
  };
}

/**
 * SCREENING_PROVIDER: yente at YENTE_URL, or the local matcher over WATCHLIST_PATH (loaded on first use).
 * With a database, the local matcher takes new lists without a restart: it watches the file and polls the
 * reload requests of `svc watchlist:reload` (watchlist_reloads).
 */
export function createScreeningProvider(config: Config, runtime?: { db: Queryable; log: Logger; clock: Clock }): ScreeningProvider {
  if (config.screeningProvider === 'yente' && config.yente) return new YenteScreeningProvider(config.yente, config.screeningMatchThreshold);
  return new LocalScreeningProvider({
    path: config.watchlistPath, threshold: config.screeningMatchThreshold,
    ...(runtime ? { reloads: watchlistReloadLog(runtime.db, runtime.clock), log: runtime.log, watch: true } : {}),
  });
}

/** REGISTRY_PROVIDER: a Companies House-like API at REGISTRY_URL, or the local registry file (REGISTRY_PATH). */
export function createCompanyRegistry(config: Config): CompanyRegistry {
  if (config.registryProvider === 'http' && config.registryHttp) return new HttpCompanyRegistry(config.registryHttp);
  return new LocalCompanyRegistry(config.registryPath);
}

/** ADVERSE_MEDIA_PROVIDER: an HTTP search API at ADVERSE_MEDIA_URL, or the local corpus (ADVERSE_MEDIA_PATH). */
export function createAdverseMediaSource(config: Config): AdverseMediaSource {
  if (config.adverseMediaProvider === 'http' && config.adverseMediaHttp) return new HttpAdverseMediaSource(config.adverseMediaHttp);
  return new LocalAdverseMediaSource(config.adverseMediaPath);
}
