import { generateKeyPairSync, randomBytes, createHash, createPrivateKey } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import ipaddr from 'ipaddr.js';

/** Validated service configuration. Every key is documented in docs/configuration.md. */
export interface Config {
  /** NODE_ENV; `production` turns off every test-only switch. Default development. */
  nodeEnv: string;
  /** PORT: TCP port of the HTTP server. Default 3000. */
  port: number;
  /** BASE_URL: public address of the API (token issuer, schema $ids). Default http://localhost:<PORT>. */
  baseUrl: string;
  /** APP_URL: public address of the console and portal (analystUrl, crm-record-id route). Default http://localhost:<PORT>. */
  appUrl: string;
  /** MYSQL_URL: the domain database. Default mysql://root@127.0.0.1:3306/svc. */
  mysqlUrl: string;
  /** PG_URL: graphile-worker's queue database. Default postgres://postgres@127.0.0.1:5432/svc. */
  pgUrl: string;
  /** SECRETS_KEY: AES-256 master keys for stored secrets; the first encrypts, all decrypt. */
  secretsKeys: { id: string; key: Buffer }[];
  /** JWT_SIGNING_KEY: ES256 (P-256) private key, PEM, for access tokens. */
  jwtSigningKeyPem: string;
  /** SMTP_URL: outgoing mail server; unset keeps mail in the local outbox table. */
  smtpUrl: string | null;
  /** WEBHOOK_RETRY_SCHEDULE: waits before each automatic retry, in ms. Default 1s,5s,30s,5m,30m. */
  webhookRetryScheduleMs: number[];
  /** WEBHOOK_TIMEOUT_MS: budget for a receiver's whole response, ms. Default 10000. */
  webhookTimeoutMs: number;
  /**
   * WEBHOOK_ALLOW_PRIVATE_TARGETS: let webhooks, and the requests to an SSO identity provider, target private/loopback addresses
   * (tests, demos). Default false; refused in production.
   */
  webhookAllowPrivateTargets: boolean;
  /** OUTBOX_SWEEP_INTERVAL_MS: how often a worker re-hands-off work that a crash left behind, ms. Default 5000. */
  outboxSweepIntervalMs: number;
  /** WEBHOOK_HEALTH_CHECK_INTERVAL_MS: how often a worker reads new webhook attempts for failure alerts, ms. Default 60000. */
  webhookHealthCheckIntervalMs: number;
  /** WORKER_CONCURRENCY: jobs a worker process runs at once. Default 16. */
  workerConcurrency: number;
  /**
   * WORKER_RESTART_SCHEDULE: waits before each restart of a job runner that stopped on its own, ms. When
   * the runner stops again after the last wait (without a minute of running in between), the process
   * gives up and exits 1 for its supervisor. Default 1s,2s,5s,10s,30s,1m.
   */
  workerRestartScheduleMs: number[];
  /** READY_MAX_JOB_DELAY: /readyz of a worker fails when the oldest due job has waited longer, ms. Default 1m. */
  readyMaxJobDelayMs: number;
  /**
   * WORKER_STALL_TIMEOUT: a running job runner that has neither fetched, started nor finished a job for this
   * long while a due job waits that no worker holds is stuck (no error told us) and is restarted, ms. Default 2m.
   */
  workerStallTimeoutMs: number;
  /** PIPELINE_SWEEP_AFTER: an unfinished decisioning pipeline untouched this long gets its step job again, ms. Default 2m. */
  pipelineSweepAfterMs: number;
  /** HEALTH_PORT: a worker-only process (`--worker`) serves /healthz and /readyz on this port. Default unset (none). */
  healthPort: number | null;
  /** LOG_LEVEL: pino level. Default info (silent under test). */
  logLevel: string;
  /** LOG_FORMAT: `json` (default) or `pretty` (pino-pretty, for a developer's terminal). */
  logFormat: 'json' | 'pretty';
  /** METRICS_TOKEN: GET /metrics on PORT (and HEALTH_PORT) answers only with `Authorization: Bearer <token>`. Default unset. */
  metricsToken: string | null;
  /** METRICS_PORT: /metrics is served on this port, bound to 127.0.0.1, without a token. Default unset. */
  metricsPort: number | null;
  /** PULL_RATE_LIMIT_PER_MINUTE: pull-API requests per client (per tenant for connectors) per minute. Default 120. */
  pullRateLimitPerMinute: number;
  /** TOKEN_RATE_LIMIT_PER_MINUTE: POST /v1/oauth/token requests per client per minute. Default 30. */
  tokenRateLimitPerMinute: number;
  /** CONSOLE_OUTBOUND_RATE_LIMIT_PER_MINUTE: console mutations that reach outside services (webhook pings and tests, AI reviews, monitoring runs, verification resends), per member per minute. Default 30. */
  consoleOutboundRateLimitPerMinute: number;
  /** AUTHORIZE_RATE_LIMIT_PER_MINUTE: GET /v1/oauth/authorize requests per source address per minute. Default 60. */
  authorizeRateLimitPerMinute: number;
  /**
   * TRUST_PROXY: the proxies whose X-Forwarded-For names the client's address (per-address limits): a
   * hop count, or comma-separated addresses, CIDRs and the names loopback, linklocal, uniquelocal.
   * Default unset (false): the connection's peer is the client.
   */
  trustProxy: false | number | string[];
  /**
   * PASSWORD_HASH_COST: log2 of scrypt's N for new password hashes (OWASP's floor, 17: 128 MiB and about a fifth
   * of a second a hash). From 17 to 20; below 17 (down to 10) only when NODE_ENV=test, where the suite hashes
   * thousands of passwords (as Django's tests swap in a fast hasher). A hash keeps its own N, so stored hashes
   * verify whatever the setting. Default 17.
   */
  passwordHashCost: number;
  // --- case intake (POST /v1/cases, invites, mail) ---
  /** INVITE_TTL: how long a magic-link invite stays valid, ms. Default 7 days (168h). */
  inviteTtlMs: number;
  /** MAIL_FROM: sender address of customer mail; the tenant's name is the display name. Default no-reply@localhost. */
  mailFrom: string;
  /** MAIL_RETRY_SCHEDULE: waits before each retry of an email of the mail outbox the mail server refused, ms. Default 30s,2m,10m,1h,6h. */
  mailRetryScheduleMs: number[];
  // --- uploaded documents ---
  /** DATA_DIR: directory of the service's local files (uploaded documents under blobs/ when BLOB_STORE=local); created on first use. Default ./data. */
  dataDir: string;
  /** BLOB_STORE: where uploaded documents' bytes are kept, `local` (under DATA_DIR) or `s3` (the S3_* keys). Default local. */
  blobStore: 'local' | 's3';
  /** The S3-compatible bucket when BLOB_STORE=s3; null otherwise. */
  s3: S3Config | null;
  // --- document extraction ---
  /** EXTRACTION_SWEEP_AFTER: a document still `processing` this long after its last change gets its extraction job again, ms. Default 5m. */
  extractionSweepAfterMs: number;
  /** EXTRACTION_OCR: read PNG and JPEG documents with the bundled offline OCR (tesseract.js); false leaves images Low with a warning. Default true. */
  extractionOcr: boolean;
  /** EXTRACTION_PDF_HEAP_MB: V8 heap limit of the child process that reads one PDF, MiB; a PDF needing more ends `error`. Default 256. */
  extractionPdfHeapMb: number;
  /** EXTRACTION_PDF_TIMEOUT: wall-clock limit of reading one PDF, as a duration; a slower PDF ends `error`. Default 30s. */
  extractionPdfTimeoutMs: number;
  /** EXTRACTION_PDF_MAX_INFLATED_MB: what one PDF's Flate streams may inflate to in all, MiB; more (a compression bomb) ends `error`. Default 256. */
  extractionPdfMaxInflatedBytes: number;
  // --- LLM adapters (OpenAI-compatible Chat Completions; off unless a provider below is `llm`) ---
  /** LLM_URL: base URL of an OpenAI-compatible API (`{LLM_URL}/chat/completions`); https in production unless loopback. Default unset. */
  llmUrl: string | null;
  /** LLM_API_KEY: bearer key of LLM_URL (a secret: never logged nor put in errors). Default unset (no Authorization header). */
  llmApiKey: string | null;
  /** LLM_MODEL: the model every LLM adapter asks for; required when a provider is `llm`. Default unset. */
  llmModel: string | null;
  /** LLM_TIMEOUT_MS: budget of one LLM request (headers and whole answer), ms. Default 30000. */
  llmTimeoutMs: number;
  /** EXTRACTION_PROVIDER: document extraction engine, `local` (no network) or `llm` (needs LLM_URL and LLM_MODEL). Default local. */
  extractionProvider: LlmProviderChoice;
  /** TRIAGE_PROVIDER: screening-hit triage engine, `local` (deterministic rules) or `llm`. Default local. */
  triageProvider: LlmProviderChoice;
  /** REVIEW_PROVIDER: AI case review engine, `local` (deterministic rules) or `llm`. Default local. */
  reviewProvider: LlmProviderChoice;
  // --- screening (sanctions and PEP lists) ---
  /** SCREENING_PROVIDER: who matches parties against the lists, `local` (WATCHLIST_PATH, in process) or `yente` (YENTE_URL). Default local. */
  screeningProvider: 'local' | 'yente';
  /** WATCHLIST_PATH: the local provider's FollowTheMoney JSON-lines watchlist (an OpenSanctions export). Default the bundled fictional sample, data/watchlist/sample.ftm.jsonl. */
  watchlistPath: string;
  /** SCREENING_MATCH_THRESHOLD: score (0 to 1) a watchlist entity needs to be a hit, for either provider. Default 0.7. */
  screeningMatchThreshold: number;
  /** The yente matching API when SCREENING_PROVIDER=yente; null otherwise. */
  yente: YenteConfig | null;
  /** IDV_LINK_TTL: how long an identity-verification link stays usable, as a duration. Default 168h (7 days). */
  idvLinkTtlMs: number;
  /** IDV_PROVIDER: who verifies identities, `local` (the portal's upload page and the MRZ checks) or `hosted` (a hosted-flow vendor at IDV_URL). Default local. */
  idvProvider: 'local' | 'hosted';
  /** The hosted-flow vendor when IDV_PROVIDER=hosted; null otherwise. */
  idvVendor: IdvVendorConfig | null;
  // --- perpetual monitoring (src/monitoring) ---
  /** MONITORING_BATCH_SIZE: due cases a run job claims and runs in one batch (one transaction per tenant). Default 200. */
  monitoringBatchSize: number;
  /** MONITORING_RUN_JOBS: run jobs the scheduler's tick starts when cases are due (they claim batches side by side). Default 2. */
  monitoringRunJobs: number;
  /** REGISTRY_PROVIDER: the company registry of the registry refresh, `local` (REGISTRY_PATH) or `http` (REGISTRY_URL). Default local. */
  registryProvider: 'local' | 'http';
  /** REGISTRY_PATH: the local registry's JSON-lines file. Default the bundled fictional sample, data/registry/sample.jsonl. */
  registryPath: string;
  /** ADVERSE_MEDIA_PROVIDER: the adverse media search, `local` (ADVERSE_MEDIA_PATH) or `http` (ADVERSE_MEDIA_URL). Default local. */
  adverseMediaProvider: 'local' | 'http';
  /** ADVERSE_MEDIA_PATH: the local corpus, JSON lines. Default the bundled fictional sample, data/adverse-media/sample.jsonl. */
  adverseMediaPath: string;
  /** The registry API when REGISTRY_PROVIDER=http (REGISTRY_URL, REGISTRY_API_KEY, REGISTRY_TIMEOUT_MS); null otherwise. */
  registryHttp: VendorHttpConfig | null;
  /** The adverse media API when ADVERSE_MEDIA_PROVIDER=http (ADVERSE_MEDIA_URL, ADVERSE_MEDIA_API_KEY, ADVERSE_MEDIA_TIMEOUT_MS); null otherwise. */
  adverseMediaHttp: VendorHttpConfig | null;
}

/** IDV_PROVIDER=hosted: a verification vendor with its own hosted page that reports results by signed callback. */
export interface IdvVendorConfig {
  /** IDV_VENDOR_NAME: the vendor's name in idv.completed (vendorName) and in its callback path `/hooks/idv/<name>`. Default `hosted`. */
  name: string;
  /** IDV_URL: the vendor API's base URL (sessions are created with POST {IDV_URL}/sessions). Required with IDV_PROVIDER=hosted. */
  url: string;
  /** IDV_API_KEY: sent as `Authorization: Bearer <key>` to the vendor. Required with IDV_PROVIDER=hosted. */
  apiKey: string;
  /** IDV_WEBHOOK_SECRET: the HMAC-SHA256 key the vendor signs its callbacks with. Required with IDV_PROVIDER=hosted. */
  webhookSecret: string;
  /** IDV_TIMEOUT_MS: budget for one vendor request, ms. Default 10000. */
  timeoutMs: number;
}

/** An HTTPS JSON vendor API of monitoring. */
export interface VendorHttpConfig {
  /** Base URL (https in production). */
  url: string;
  /** The API key (a secret: never logged nor put in errors). Default unset. */
  apiKey: string | null;
  /** Budget of one request, ms. Default 10000. */
  timeoutMs: number;
}

/** SCREENING_PROVIDER=yente: OpenSanctions' self-hosted matching API. */
export interface YenteConfig {
  /** YENTE_URL: the yente server's base URL. Required with SCREENING_PROVIDER=yente. */
  url: string;
  /** YENTE_DATASET: the dataset (or collection) matched against, `/match/{dataset}`. Default `default`. */
  dataset: string;
  /** YENTE_API_KEY: sent as `Authorization: ApiKey <key>` (the hosted OpenSanctions API needs one; a self-hosted yente does not). Default unset. */
  apiKey: string | null;
  /** YENTE_TIMEOUT_MS: budget for one yente request, ms. Default 10000. */
  timeoutMs: number;
}

/** Which engine a pipeline step uses: the local default, or the OpenAI-compatible LLM at LLM_URL. */
export type LlmProviderChoice = 'local' | 'llm';

/** BLOB_STORE=s3: an S3-compatible bucket (AWS S3, MinIO, Ceph, R2 ...). */
export interface S3Config {
  /** S3_BUCKET: the bucket's name. Required with BLOB_STORE=s3. */
  bucket: string;
  /** S3_REGION: the bucket's region. Default us-east-1. */
  region: string;
  /** S3_ENDPOINT: the S3-compatible server's URL; unset means AWS S3 itself. */
  endpoint: string | null;
  /** S3_FORCE_PATH_STYLE: address buckets as <endpoint>/<bucket> rather than <bucket>.<endpoint>. Default true when S3_ENDPOINT is set. */
  forcePathStyle: boolean;
  /** S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: static credentials; unset uses the AWS SDK's default chain (AWS_* variables, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** S3_PREFIX: prefix of every object key (e.g. `documents/`). Default empty. */
  prefix: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export type Env = Record<string, string | undefined>;

export interface LoadConfigOptions {
  /** Where development secrets are generated and kept. Default ./.local-secrets.json (git-ignored). */
  localSecretsFile?: string;
}

/** The local development databases (and the ones the tests use). */
export const DEFAULT_MYSQL_URL = 'mysql://root@127.0.0.1:3306/svc';
export const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/svc';

/** The fictional sample watchlist shipped with the service (data/watchlist/ at the package root, beside dist/). */
export const BUNDLED_WATCHLIST = resolve(__dirname, '..', '..', 'data', 'watchlist', 'sample.ftm.jsonl');
/** The fictional sample company registry and adverse media corpus shipped with the service (data/ beside dist/). */
export const BUNDLED_REGISTRY = resolve(__dirname, '..', '..', 'data', 'registry', 'sample.jsonl');
export const BUNDLED_ADVERSE_MEDIA = resolve(__dirname, '..', '..', 'data', 'adverse-media', 'sample.jsonl');

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const DURATION_UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** Parses `1s`, `250ms`, `5m`, `2h` into milliseconds; null when malformed. */
export function parseDuration(text: string): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h)\s*$/.exec(text);
  if (!m) return null;
  return Math.round(Number(m[1]) * DURATION_UNITS[m[2]!]!);
}

/** Reads and validates the configuration; throws a ConfigError listing every invalid key at once. */
export function loadConfig(env: Env = process.env, options: LoadConfigOptions = {}): Config {
  const problems: string[] = [];
  const nodeEnv = env.NODE_ENV || 'development';
  const production = nodeEnv === 'production';

  const int = (key: string, dflt: number, min: number, max: number): number => {
    const raw = env[key];
    if (raw === undefined || raw === '') return dflt;
    const n = Number(raw);
    if (!/^\d+$/.test(raw.trim()) || n < min || n > max) {
      problems.push(`${key} must be an integer from ${min} to ${max} (got "${raw}")`);
      return dflt;
    }
    return n;
  };
  const passwordHashCost = int('PASSWORD_HASH_COST', 17, nodeEnv === 'test' ? 10 : 17, 20);
  const url = (key: string, dflt: string, protocols: string[]): string => {
    const raw = env[key] || dflt;
    try {
      const u = new URL(raw);
      if (!protocols.includes(u.protocol)) throw new Error('protocol');
      return raw.replace(/\/+$/, '');
    } catch {
      problems.push(`${key} must be a ${protocols.join(' or ')} URL (got "${raw}")`);
      return dflt;
    }
  };
  const bool = (key: string, dflt: boolean): boolean => {
    const raw = env[key];
    if (raw === undefined || raw === '') return dflt;
    if (raw === 'true' || raw === '1') return true;
    if (raw === 'false' || raw === '0') return false;
    problems.push(`${key} must be true or false (got "${raw}")`);
    return dflt;
  };

  const port = int('PORT', 3000, 0, 65535);
  // Unset, the public addresses are the local server's own, on the port it serves.
  const localUrl = `http://localhost:${port}`;
  const baseUrl = url('BASE_URL', localUrl, ['http:', 'https:']);
  const appUrl = url('APP_URL', localUrl, ['http:', 'https:']);
  const mysqlUrl = url('MYSQL_URL', DEFAULT_MYSQL_URL, ['mysql:', 'mariadb:']);
  const pgUrl = url('PG_URL', DEFAULT_PG_URL, ['postgres:', 'postgresql:']);
  const smtpUrl = env.SMTP_URL ? url('SMTP_URL', env.SMTP_URL, ['smtp:', 'smtps:']) : null;

  const scheduleRaw = env.WEBHOOK_RETRY_SCHEDULE || '1s,5s,30s,5m,30m';
  const webhookRetryScheduleMs = scheduleRaw.split(',').map(parseDuration);
  if (webhookRetryScheduleMs.some((d) => d === null)) {
    problems.push(`WEBHOOK_RETRY_SCHEDULE must be a comma-separated list of waits such as 1s,5s,30s,5m,30m (units ms, s, m, h) (got "${scheduleRaw}")`);
  }
  const webhookTimeoutMs = int('WEBHOOK_TIMEOUT_MS', 10_000, 1, 600_000);
  const webhookAllowPrivateTargets = bool('WEBHOOK_ALLOW_PRIVATE_TARGETS', false);
  if (webhookAllowPrivateTargets && production) {
    problems.push('WEBHOOK_ALLOW_PRIVATE_TARGETS must not be true when NODE_ENV=production');
  }
  const outboxSweepIntervalMs = int('OUTBOX_SWEEP_INTERVAL_MS', 5000, 50, 3_600_000);
  const webhookHealthCheckIntervalMs = int('WEBHOOK_HEALTH_CHECK_INTERVAL_MS', 60_000, 50, 3_600_000);
  const workerConcurrency = int('WORKER_CONCURRENCY', 16, 1, 256);
  const restartRaw = env.WORKER_RESTART_SCHEDULE || '1s,2s,5s,10s,30s,1m';
  const workerRestartScheduleMs = restartRaw.split(',').map(parseDuration);
  if (workerRestartScheduleMs.some((d) => d === null)) {
    problems.push(`WORKER_RESTART_SCHEDULE must be a comma-separated list of waits such as 1s,2s,5s (units ms, s, m, h) (got "${restartRaw}")`);
  }
  const readyDelayRaw = env.READY_MAX_JOB_DELAY || '1m';
  const readyMaxJobDelayMs = parseDuration(readyDelayRaw) ?? 0;
  if (readyMaxJobDelayMs <= 0) problems.push(`READY_MAX_JOB_DELAY must be a duration such as 1m (units ms, s, m, h) (got "${readyDelayRaw}")`);
  const stallRaw = env.WORKER_STALL_TIMEOUT || '2m';
  const workerStallTimeoutMs = parseDuration(stallRaw) ?? 0;
  const pipelineSweepRaw = env.PIPELINE_SWEEP_AFTER || '2m';
  const pipelineSweepAfterMs = parseDuration(pipelineSweepRaw) ?? 0;
  if (pipelineSweepAfterMs <= 0) problems.push(`PIPELINE_SWEEP_AFTER must be a duration such as 2m (units ms, s, m, h) (got "${pipelineSweepRaw}")`);
  if (workerStallTimeoutMs < 1000) problems.push(`WORKER_STALL_TIMEOUT must be a duration of at least 1s such as 2m (units ms, s, m, h) (got "${stallRaw}")`);
  const healthPort = env.HEALTH_PORT ? int('HEALTH_PORT', 0, 0, 65535) : null;
  const pullRateLimitPerMinute = int('PULL_RATE_LIMIT_PER_MINUTE', 120, 1, 1_000_000);
  const tokenRateLimitPerMinute = int('TOKEN_RATE_LIMIT_PER_MINUTE', 30, 1, 1_000_000);
  const consoleOutboundRateLimitPerMinute = int('CONSOLE_OUTBOUND_RATE_LIMIT_PER_MINUTE', 30, 1, 1_000_000);
  const authorizeRateLimitPerMinute = int('AUTHORIZE_RATE_LIMIT_PER_MINUTE', 60, 1, 1_000_000);
  const trustProxy = parseTrustProxy(env.TRUST_PROXY, problems);
  const logLevel = env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info');
  const logFormatRaw = env.LOG_FORMAT || 'json';
  if (logFormatRaw !== 'json' && logFormatRaw !== 'pretty') problems.push(`LOG_FORMAT must be json or pretty (got "${logFormatRaw}")`);
  const logFormat = logFormatRaw === 'pretty' ? 'pretty' : 'json';
  const metricsToken = env.METRICS_TOKEN || null;
  if (metricsToken !== null && metricsToken.length < 16) problems.push('METRICS_TOKEN must be at least 16 characters');
  const metricsPort = env.METRICS_PORT ? int('METRICS_PORT', 0, 0, 65535) : null;
  const inviteTtlRaw = env.INVITE_TTL || '168h';
  const inviteTtlMs = parseDuration(inviteTtlRaw) ?? 0;
  if (inviteTtlMs <= 0) problems.push(`INVITE_TTL must be a duration such as 168h (units ms, s, m, h) (got "${inviteTtlRaw}")`);
  const mailFrom = env.MAIL_FROM || 'no-reply@localhost';
  if (!/^[^\s@<>]+@[^\s@<>]+$/.test(mailFrom)) problems.push(`MAIL_FROM must be a bare email address (got "${mailFrom}")`);
  const mailScheduleRaw = env.MAIL_RETRY_SCHEDULE || '30s,2m,10m,1h,6h';
  const mailRetryScheduleMs = mailScheduleRaw.split(',').map(parseDuration);
  if (mailRetryScheduleMs.some((d) => d === null)) {
    problems.push(`MAIL_RETRY_SCHEDULE must be a comma-separated list of waits such as 30s,2m,10m (units ms, s, m, h) (got "${mailScheduleRaw}")`);
  }
  const dataDir = resolve(env.DATA_DIR || './data');
  const blobStore = (env.BLOB_STORE || 'local') as Config['blobStore'];
  if (blobStore !== 'local' && blobStore !== 's3') problems.push(`BLOB_STORE must be local or s3 (got "${env.BLOB_STORE}")`);
  let s3: S3Config | null = null;
  if (blobStore === 's3') {
    const endpoint = env.S3_ENDPOINT ? url('S3_ENDPOINT', env.S3_ENDPOINT, ['http:', 'https:']) : null;
    const bucket = env.S3_BUCKET ?? '';
    if (!bucket) problems.push('S3_BUCKET is required when BLOB_STORE=s3');
    const keyId = env.S3_ACCESS_KEY_ID ?? '';
    const secret = env.S3_SECRET_ACCESS_KEY ?? '';
    if (Boolean(keyId) !== Boolean(secret)) problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or both unset for the AWS default credential chain)');
    s3 = {
      bucket, region: env.S3_REGION || 'us-east-1', endpoint, forcePathStyle: bool('S3_FORCE_PATH_STYLE', endpoint !== null),
      credentials: keyId && secret ? { accessKeyId: keyId, secretAccessKey: secret } : null, prefix: env.S3_PREFIX ?? '',
    };
  }
  const extractionSweepRaw = env.EXTRACTION_SWEEP_AFTER || '5m';
  const extractionSweepAfterMs = parseDuration(extractionSweepRaw) ?? 0;
  if (extractionSweepAfterMs <= 0) problems.push(`EXTRACTION_SWEEP_AFTER must be a duration such as 5m (units ms, s, m, h) (got "${extractionSweepRaw}")`);
  const extractionOcr = bool('EXTRACTION_OCR', true);
  const extractionPdfHeapMb = int('EXTRACTION_PDF_HEAP_MB', 256, 16, 16_384);
  const pdfTimeoutRaw = env.EXTRACTION_PDF_TIMEOUT || '30s';
  const extractionPdfTimeoutMs = parseDuration(pdfTimeoutRaw) ?? 0;
  if (extractionPdfTimeoutMs <= 0) problems.push(`EXTRACTION_PDF_TIMEOUT must be a duration such as 30s (units ms, s, m, h) (got "${pdfTimeoutRaw}")`);
  const extractionPdfMaxInflatedBytes = int('EXTRACTION_PDF_MAX_INFLATED_MB', 256, 1, 16_384) * 1024 * 1024;
  const llm = loadLlmConfig(env, production, int, problems);
  const screeningProvider = (env.SCREENING_PROVIDER || 'local') as Config['screeningProvider'];
  if (screeningProvider !== 'local' && screeningProvider !== 'yente') problems.push(`SCREENING_PROVIDER must be local or yente (got "${env.SCREENING_PROVIDER}")`);
  const watchlistPath = resolve(env.WATCHLIST_PATH || BUNDLED_WATCHLIST);
  const thresholdRaw = env.SCREENING_MATCH_THRESHOLD;
  let screeningMatchThreshold = 0.7;
  if (thresholdRaw !== undefined && thresholdRaw.trim() !== '') {
    const n = Number(thresholdRaw);
    if (Number.isFinite(n) && n >= 0 && n <= 1) screeningMatchThreshold = n;
    else problems.push(`SCREENING_MATCH_THRESHOLD must be a number from 0 to 1 (got "${thresholdRaw}")`);
  }
  let yente: YenteConfig | null = null;
  if (screeningProvider === 'yente') {
    if (!env.YENTE_URL) problems.push('YENTE_URL is required when SCREENING_PROVIDER=yente');
    const dataset = env.YENTE_DATASET || 'default';
    if (!/^[A-Za-z0-9_-]{1,100}$/.test(dataset)) problems.push(`YENTE_DATASET must be a dataset name (letters, digits, _ and -) (got "${dataset}")`);
    yente = {
      url: env.YENTE_URL ? url('YENTE_URL', env.YENTE_URL, ['http:', 'https:']) : '', dataset,
      apiKey: env.YENTE_API_KEY || null, timeoutMs: int('YENTE_TIMEOUT_MS', 10_000, 1, 600_000),
    };
  }
  const idvLinkTtlRaw = env.IDV_LINK_TTL || '168h';
  const idvLinkTtlMs = parseDuration(idvLinkTtlRaw) ?? 0;
  if (idvLinkTtlMs <= 0) problems.push(`IDV_LINK_TTL must be a duration such as 168h (units ms, s, m, h) (got "${idvLinkTtlRaw}")`);
  const idvProvider = (env.IDV_PROVIDER || 'local') as Config['idvProvider'];
  if (idvProvider !== 'local' && idvProvider !== 'hosted') problems.push(`IDV_PROVIDER must be local or hosted (got "${env.IDV_PROVIDER}")`);
  let idvVendor: IdvVendorConfig | null = null;
  if (idvProvider === 'hosted') {
    for (const key of ['IDV_URL', 'IDV_API_KEY', 'IDV_WEBHOOK_SECRET'] as const) if (!env[key]) problems.push(`${key} is required when IDV_PROVIDER=hosted`);
    const name = env.IDV_VENDOR_NAME || 'hosted';
    if (!/^[a-z0-9_-]{1,64}$/.test(name)) problems.push(`IDV_VENDOR_NAME must be lower-case letters, digits, _ and - (got "${name}")`);
    idvVendor = {
      name, url: env.IDV_URL ? url('IDV_URL', env.IDV_URL, ['http:', 'https:']) : '', apiKey: env.IDV_API_KEY ?? '',
      webhookSecret: env.IDV_WEBHOOK_SECRET ?? '', timeoutMs: int('IDV_TIMEOUT_MS', 10_000, 1, 600_000),
    };
  }
  const monitoringBatchSize = int('MONITORING_BATCH_SIZE', 200, 1, 5000);
  const monitoringRunJobs = int('MONITORING_RUN_JOBS', 2, 1, 64);
  const vendorChoice = (key: string): 'local' | 'http' => {
    const raw = env[key] || 'local';
    if (raw === 'local' || raw === 'http') return raw;
    problems.push(`${key} must be local or http (got "${raw}")`);
    return 'local';
  };
  const vendorHttp = (prefix: string, provider: string): VendorHttpConfig | null => {
    if (provider !== 'http') return null;
    const raw = env[`${prefix}_URL`];
    if (!raw) problems.push(`${prefix}_URL is required when ${prefix}_PROVIDER=http`);
    const u = raw ? url(`${prefix}_URL`, raw, production ? ['https:'] : ['http:', 'https:']) : '';
    return { url: u, apiKey: env[`${prefix}_API_KEY`] || null, timeoutMs: int(`${prefix}_TIMEOUT_MS`, 10_000, 1, 600_000) };
  };
  const registryProvider = vendorChoice('REGISTRY_PROVIDER');
  const adverseMediaProvider = vendorChoice('ADVERSE_MEDIA_PROVIDER');
  const registryHttp = vendorHttp('REGISTRY', registryProvider);
  const adverseMediaHttp = vendorHttp('ADVERSE_MEDIA', adverseMediaProvider);
  const registryPath = resolve(env.REGISTRY_PATH || BUNDLED_REGISTRY);
  const adverseMediaPath = resolve(env.ADVERSE_MEDIA_PATH || BUNDLED_ADVERSE_MEDIA);
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${logLevel}")`);

  // Secrets: required in production; generated once into a git-ignored file elsewhere.
  let secretsRaw = env.SECRETS_KEY;
  let jwtRaw = env.JWT_SIGNING_KEY;
  if ((!secretsRaw || !jwtRaw) && !production) {
    const local = localSecrets(options.localSecretsFile ?? resolve('.local-secrets.json'));
    secretsRaw ||= local.SECRETS_KEY;
    jwtRaw ||= local.JWT_SIGNING_KEY;
  }
  let secretsKeys: Config['secretsKeys'] = [];
  if (!secretsRaw) problems.push('SECRETS_KEY is required when NODE_ENV=production');
  else {
    const parsed = parseSecretsKeys(secretsRaw);
    if (!parsed) problems.push('SECRETS_KEY must be one or more comma-separated keys, each 32 bytes as 64 hex characters or base64, optionally prefixed "<keyId>:"');
    else secretsKeys = parsed;
  }
  let jwtSigningKeyPem = '';
  if (!jwtRaw) problems.push('JWT_SIGNING_KEY is required when NODE_ENV=production');
  else {
    const pem = jwtRaw.includes('-----BEGIN') ? jwtRaw.replace(/\\n/g, '\n') : Buffer.from(jwtRaw, 'base64').toString('utf8');
    try {
      const key = createPrivateKey(pem);
      if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') throw new Error('curve');
      jwtSigningKeyPem = pem;
    } catch {
      problems.push('JWT_SIGNING_KEY must be a P-256 (ES256) private key in PEM (or base64 of the PEM)');
    }
  }

  if (problems.length) throw new ConfigError(problems);
  return {
    nodeEnv, port, baseUrl, appUrl, mysqlUrl, pgUrl, secretsKeys, jwtSigningKeyPem, smtpUrl,
    webhookRetryScheduleMs: webhookRetryScheduleMs as number[], webhookTimeoutMs, webhookAllowPrivateTargets,
    outboxSweepIntervalMs, webhookHealthCheckIntervalMs, workerConcurrency, workerRestartScheduleMs: workerRestartScheduleMs as number[], readyMaxJobDelayMs, workerStallTimeoutMs, pipelineSweepAfterMs, healthPort, logLevel, logFormat, metricsToken, metricsPort, pullRateLimitPerMinute, tokenRateLimitPerMinute, consoleOutboundRateLimitPerMinute, authorizeRateLimitPerMinute,
    trustProxy, passwordHashCost,
    inviteTtlMs, mailFrom, mailRetryScheduleMs: mailRetryScheduleMs as number[],
    dataDir, blobStore, s3,
    extractionSweepAfterMs, extractionOcr, extractionPdfHeapMb, extractionPdfTimeoutMs, extractionPdfMaxInflatedBytes,
    ...llm,
    screeningProvider, watchlistPath, screeningMatchThreshold, yente,
    idvLinkTtlMs, idvProvider, idvVendor,
    monitoringBatchSize, monitoringRunJobs, registryProvider, registryPath, adverseMediaProvider, adverseMediaPath, registryHttp, adverseMediaHttp,
  };
}

type LlmConfig = Pick<Config, 'llmUrl' | 'llmApiKey' | 'llmModel' | 'llmTimeoutMs' | 'extractionProvider' | 'triageProvider' | 'reviewProvider'>;

/**
 * The LLM keys. Customer data goes to the LLM only when the operator sets a provider to `llm`, which then
 * needs LLM_URL and LLM_MODEL. Messages name keys, never LLM_API_KEY's value.
 */
function loadLlmConfig(env: Env, production: boolean, int: (key: string, dflt: number, min: number, max: number) => number, problems: string[]): LlmConfig {
  const provider = (key: string): LlmProviderChoice => {
    const raw = env[key] || 'local';
    if (raw === 'local' || raw === 'llm') return raw;
    problems.push(`${key} must be local or llm (got "${raw}")`);
    return 'local';
  };
  const extractionProvider = provider('EXTRACTION_PROVIDER');
  const triageProvider = provider('TRIAGE_PROVIDER');
  const reviewProvider = provider('REVIEW_PROVIDER');
  const llmTimeoutMs = int('LLM_TIMEOUT_MS', 30_000, 1, 600_000);
  let llmUrl: string | null = null;
  if (env.LLM_URL) {
    try {
      const u = new URL(env.LLM_URL);
      if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('protocol');
      if (u.username || u.password) problems.push('LLM_URL must not carry credentials (put the key in LLM_API_KEY)');
      // Customer data and the key travel to it: in production only over TLS, unless it runs on this machine.
      const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname);
      if (production && u.protocol !== 'https:' && !loopback) problems.push('LLM_URL must be an https URL when NODE_ENV=production (http only for a loopback address)');
      llmUrl = env.LLM_URL.replace(/\/+$/, '');
    } catch {
      problems.push(`LLM_URL must be an http or https URL (got "${redactUrl(env.LLM_URL)}")`);
    }
  }
  const llmApiKey = env.LLM_API_KEY || null;
  if (llmApiKey !== null && /[\s]/.test(llmApiKey)) problems.push('LLM_API_KEY must not contain white space');
  const llmModel = env.LLM_MODEL?.trim() || null;
  const users = [['EXTRACTION_PROVIDER', extractionProvider], ['TRIAGE_PROVIDER', triageProvider], ['REVIEW_PROVIDER', reviewProvider]]
    .filter(([, p]) => p === 'llm').map(([k]) => k);
  if (users.length && !llmUrl) problems.push(`LLM_URL is required when ${users.join(', ')} ${users.length === 1 ? 'is' : 'are'} llm`);
  if (users.length && !llmModel) problems.push(`LLM_MODEL is required when ${users.join(', ')} ${users.length === 1 ? 'is' : 'are'} llm`);
  return { llmUrl, llmApiKey, llmModel, llmTimeoutMs, extractionProvider, triageProvider, reviewProvider };
}

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** `10.0.0.1`, `10.0.0.0/8`, `2001:db8::1`, `2001:db8::/32` (not ipaddr.js's shorthands such as `11`). */
function isAddressOrCidr(entry: string): boolean {
  const [address, prefix, extra] = entry.split('/');
  if (extra !== undefined || !address) return false;
  const v4 = ipaddr.IPv4.isValidFourPartDecimal(address);
  if (!v4 && !ipaddr.IPv6.isValid(address)) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (v4 ? 32 : 128));
}

/** TRUST_PROXY as Express's 'trust proxy' takes it; never `true`, which would let any client name its own address. */
function parseTrustProxy(raw: string | undefined, problems: string[]): Config['trustProxy'] {
  const text = (raw ?? '').trim();
  if (text === '' || text === 'false' || text === '0') return false;
  if (/^\d+$/.test(text) && Number(text) <= 10) return Number(text);
  const entries = text.split(',').map((e) => e.trim()).filter(Boolean);
  const bad = entries.filter((e) => !PROXY_NAMES.includes(e) && !isAddressOrCidr(e));
  if (text === 'true' || bad.length || !entries.length) {
    problems.push(`TRUST_PROXY must be a hop count from 0 to 10 or a comma-separated list of proxy addresses, CIDRs or ${PROXY_NAMES.join(', ')}; true would trust any client's X-Forwarded-For (got "${raw}")`);
    return false;
  }
  return entries;
}

function parseSecretsKeys(raw: string): Config['secretsKeys'] | null {
  const out: Config['secretsKeys'] = [];
  for (const entry of raw.split(',').map((s) => s.trim()).filter(Boolean)) {
    const idx = entry.indexOf(':');
    const material = idx >= 0 ? entry.slice(idx + 1) : entry;
    const key = /^[0-9a-fA-F]{64}$/.test(material) ? Buffer.from(material, 'hex') : Buffer.from(material, 'base64');
    if (key.length !== 32) return null;
    const id = idx >= 0 ? entry.slice(0, idx) : createHash('sha256').update(key).digest('hex').slice(0, 8);
    if (!/^[A-Za-z0-9_-]{1,32}$/.test(id)) return null;
    out.push({ id, key });
  }
  return out.length ? out : null;
}

function localSecrets(file: string): { SECRETS_KEY: string; JWT_SIGNING_KEY: string } {
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const secrets = {
    SECRETS_KEY: randomBytes(32).toString('hex'),
    JWT_SIGNING_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
  try {
    writeFileSync(file, JSON.stringify(secrets, null, 2) + '\n', { mode: 0o600, flag: 'wx' });
  } catch (err) {
    // Another process started at the same moment and wrote it first: use theirs.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return JSON.parse(readFileSync(file, 'utf8'));
    throw err;
  }
  return secrets;
}

/** A URL with its password replaced, for messages and logs. */
export function redactUrl(raw: string): string {
  try {
    const u = new URL(raw);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(invalid URL)';
  }
}
