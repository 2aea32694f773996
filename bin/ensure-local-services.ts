#!/usr/bin/env node
// `node dist/bin/ensure-local-services.js [--for-tests]`: what a fresh development machine needs before
// the service or its tests run (see local-services.ts). Without options: the servers of MYSQL_URL and
// PG_URL (their defaults when unset). --for-tests (npm test's pretest): the servers the tests use, and
// Debian's Chromium for the browser tests. Prints one line per action on stderr; exit 1 with what to do
// when something is missing and cannot be provided.
import { parseArgs } from 'node:util';
import { DEFAULT_MYSQL_URL, DEFAULT_PG_URL } from '../src/platform/index';
import { LocalServiceError, ensureChromium, ensureLocalServers, localServersFor } from './local-services';

async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({ args: argv, options: { 'for-tests': { type: 'boolean' } }, strict: true, allowPositionals: false });
  const forTests = values['for-tests'] === true;
  const say = (line: string) => process.stderr.write(`${line}\n`);
  // The tests always use the default local servers (test/support/env.ts), whatever the environment says.
  const urls = forTests
    ? { mysqlUrl: DEFAULT_MYSQL_URL, pgUrl: DEFAULT_PG_URL }
    : { mysqlUrl: process.env.MYSQL_URL || DEFAULT_MYSQL_URL, pgUrl: process.env.PG_URL || DEFAULT_PG_URL };
  const nodeEnv = process.env.NODE_ENV || 'development';
  if (nodeEnv === 'production') say('NODE_ENV=production: local database servers are not started.');
  const errors: string[] = [];
  await ensureLocalServers(localServersFor(urls), { nodeEnv, say }).catch((err: Error) => errors.push(err.message));
  if (forTests) await ensureChromium({ say }).catch((err: Error) => errors.push(err.message));
  if (errors.length) throw new LocalServiceError(errors.join('\n'));
}

main(process.argv.slice(2)).catch((err: unknown) => {
  process.stderr.write(`${err instanceof LocalServiceError || err instanceof TypeError ? err.message : String(err)}\n`);
  process.exit(1);
});
