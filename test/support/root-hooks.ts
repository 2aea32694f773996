import 'reflect-metadata';
import { rm } from 'node:fs/promises';
import { dropMysqlDatabase } from '../../src/db/index';
import { createLogger } from '../../src/platform/index';
import { prepareDatabases } from '../../bin/compose';
import { dropPgDatabase } from '../../worker/pg-database';
import { TEST_DATA_DIR, TEST_MYSQL_URL, TEST_PG_URL, testConfig } from './env';
import { closeRuntime } from './runtime';

/** Creates this run's databases and migrates them once; drops them when the run ends. */
export const mochaHooks = {
  async beforeAll(this: Mocha.Context) {
    this.timeout(120_000);
    await prepareDatabases(testConfig(), createLogger('silent'));
  },
  async afterAll(this: Mocha.Context) {
    this.timeout(60_000);
    await closeRuntime();
    if (!process.env.KEEP_TEST_DATABASES) {
      await dropMysqlDatabase(TEST_MYSQL_URL);
      await dropPgDatabase(TEST_PG_URL);
      await rm(TEST_DATA_DIR, { recursive: true, force: true });
    }
  },
};
