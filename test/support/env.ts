import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type Config, type Env } from '../../src/platform/index';

/**
 * This run's prefix: made by mocha's main process and inherited by its parallel workers (SVC_TEST_RUN), so
 * that the global teardown finds every database and DATA_DIR of the run by it.
 */
export const RUN_PREFIX = (process.env.SVC_TEST_RUN ??= `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`);
/**
 * This process's databases: unique names, created by the root hooks and dropped by the global teardown.
 * Each parallel worker (MOCHA_WORKER_ID) has its own; a serial run has the prefix's.
 */
export const RUN_ID = process.env.MOCHA_WORKER_ID === undefined ? RUN_PREFIX : `${RUN_PREFIX}w${process.env.MOCHA_WORKER_ID}`;
export const TEST_MYSQL_URL = `mysql://root@127.0.0.1:3306/svc_test_${RUN_ID}`;
export const TEST_PG_URL = `postgres://postgres@127.0.0.1:5432/svc_test_${RUN_ID}`;
/** This run's DATA_DIR (uploaded documents), removed at the end like the databases. */
export const TEST_DATA_DIR = join(tmpdir(), `svc_test_${RUN_ID}`);

const jwtKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

/** Environment for the service under test (also passed to child processes). */
export function testEnv(overrides: Env = {}): Env {
  return {
    NODE_ENV: 'test',
    MYSQL_URL: TEST_MYSQL_URL,
    PG_URL: TEST_PG_URL,
    DATA_DIR: TEST_DATA_DIR,
    SECRETS_KEY: `k1:${'ab'.repeat(32)}`,
    JWT_SIGNING_KEY: jwtKey,
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    WEBHOOK_RETRY_SCHEDULE: '50ms,100ms,150ms,200ms,250ms',
    WEBHOOK_TIMEOUT_MS: '2000',
    OUTBOX_SWEEP_INTERVAL_MS: '200',
    // Every test browser comes from 127.0.0.1: the authorize limit is tested on a server of its own.
    AUTHORIZE_RATE_LIMIT_PER_MINUTE: '100000',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    PATH: process.env.PATH,
    // Passwords hashed at scrypt N=2^12 instead of 2^17: the suite hashes thousands (test/cli.test.ts checks the
    // default). Allowed under NODE_ENV=test only, so a test of production's configuration goes without it.
    ...(overrides.NODE_ENV === undefined || overrides.NODE_ENV === 'test' ? { PASSWORD_HASH_COST: '12' } : {}),
    ...overrides,
  };
}

export function testConfig(overrides: Env = {}): Config {
  return loadConfig(testEnv(overrides));
}
