#!/usr/bin/env node
// `npm start` (API + worker), `npm run start:api`, `npm run start:worker`.
import 'reflect-metadata';
import type { Server } from 'node:http';
import { DatabaseUnavailableError } from '../src/db/index';
import { flushPullApiRateLimits } from '../src/oauth/index';
import { ConfigError, createLogger, loadConfig } from '../src/platform/index';
import { startWorker, type WorkerHandle } from '../worker/runner';
import { buildHttpApp, compose, prepareDatabases, type HttpApp } from './compose';

const DRAIN_TIMEOUT_MS = 30_000;

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const api = !args.includes('--worker') || args.includes('--api');
  const worker = !args.includes('--api') || args.includes('--worker');

  const config = loadConfig(process.env);
  const log = createLogger(config.logLevel);
  await prepareDatabases(config, log);
  const runtime = await compose(config, { log });

  let server: Server | null = null;
  let http: HttpApp | null = null;
  let workerHandle: WorkerHandle | null = null;
  if (worker) workerHandle = await startWorker(runtime.svc, runtime.queue);
  if (api) {
    http = await buildHttpApp(runtime.svc);
    const app = http.app;
    server = await new Promise<Server>((resolve, reject) => {
      const s = app.listen(config.port, () => resolve(s));
      s.once('error', reject);
    });
    const address = server.address();
    log.info({ port: typeof address === 'object' && address ? address.port : config.port, baseUrl: config.baseUrl }, 'HTTP server listening');
  }
  log.info({ api, worker }, 'service started');

  let draining = false;
  const drain = async (signal: string) => {
    if (draining) return;
    draining = true;
    log.info({ signal }, 'draining');
    const force = setTimeout(() => {
      log.error('drain timed out; exiting');
      process.exit(1);
    }, DRAIN_TIMEOUT_MS);
    force.unref();
    try {
      if (server) {
        const closed = new Promise<void>((resolve) => server!.close(() => resolve()));
        server.closeIdleConnections();
        await closed;
        await http?.stop();
        // Hits counted in this process but not yet written still count for the other processes.
        await flushPullApiRateLimits(runtime.svc);
      }
      if (workerHandle) await workerHandle.stop();
      await runtime.close();
      log.info('drained; bye');
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'drain failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void drain('SIGTERM'));
  process.on('SIGINT', () => void drain('SIGINT'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DatabaseUnavailableError) {
    process.stderr.write(`${err.message}\n`);
  } else {
    process.stderr.write(`startup failed: ${(err as Error)?.message ?? String(err)}\n`);
  }
  process.exit(1);
});
