import 'reflect-metadata';
import { appendFileSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { createConnection } from 'mysql2/promise';
import { createLogger } from '../../src/platform/index';
import { prepareDatabases } from '../../bin/compose';
import { RUN_PREFIX, testConfig } from './env';
import { closeRuntime, discardFinishedTenantsJobs, runtime } from './runtime';

let prepared: Promise<void> | null = null;
/** Creates and migrates this process's databases, once per process (a parallel worker runs many files). */
function prepareOnce(): Promise<void> {
  prepared ??= prepareDatabases(testConfig(), createLogger('silent'));
  return prepared;
}

/** In a parallel worker (mocha's `--parallel`), root hooks run once per file; serially, once per run. */
const inWorker = process.env.MOCHA_WORKER_ID !== undefined;

/** `npm test` sets TEST_TIMINGS to a file: each test file's wall time is appended there (scripts/test.mjs prints the slowest). */
const TIMINGS = process.env.TEST_TIMINGS;
let fileStarted = 0;
const fileOf = (ctx: Mocha.Context): string | undefined => ctx.test?.parent?.suites.find((s) => s.file)?.file;

export const mochaHooks = {
  async beforeAll(this: Mocha.Context) {
    fileStarted = Date.now();
    this.timeout(120_000);
    await prepareOnce();
    // A new file in a worker: the files before it are over, and their tenants' queued jobs with them.
    if (inWorker) await discardFinishedTenantsJobs(await runtime());
  },
  async afterAll(this: Mocha.Context) {
    this.timeout(60_000);
    if (TIMINGS && inWorker) appendFileSync(TIMINGS, `${JSON.stringify({ file: fileOf(this), ms: Date.now() - fileStarted })}\n`);
    // Serially the run ends here. A worker keeps its runtime for its next file; it ends with the worker process.
    if (!inWorker) await closeRuntime();
  },
};

/** Every database and DATA_DIR of this run: the serial run's and each parallel worker's (svc_test_<prefix>…). */
const PATTERN = `svc\\_test\\_${RUN_PREFIX}%`;

/** Main process, after every file: closes a serial run's runtime, then drops the run's databases and DATA_DIRs. */
export async function mochaGlobalTeardown(): Promise<void> {
  await closeRuntime();
  if (process.env.KEEP_TEST_DATABASES) return;
  const mysql = await createConnection({ host: '127.0.0.1', port: 3306, user: 'root' });
  try {
    const [rows] = await mysql.query('SHOW DATABASES LIKE ?', [PATTERN]);
    for (const row of rows as Record<string, string>[]) await mysql.query(`DROP DATABASE IF EXISTS \`${Object.values(row)[0]}\``);
  } finally {
    await mysql.end();
  }
  const pg = new Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await pg.connect();
  try {
    const { rows } = await pg.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [PATTERN]);
    for (const { datname } of rows) await pg.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } finally {
    await pg.end();
  }
  const dirs = (await readdir(tmpdir())).filter((d) => d.startsWith(`svc_test_${RUN_PREFIX}`));
  await Promise.all(dirs.map((d) => rm(join(tmpdir(), d), { recursive: true, force: true })));
}
