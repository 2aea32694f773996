#!/usr/bin/env node
// `npm start` (API + worker), `npm run start:api`, `npm run start:worker`. docs/operations.md says how
// to run it under a supervisor and what the exit codes and /readyz mean.
// First: tracing must be started before the modules it instruments are loaded (bin/tracing.ts).
import { processTracing } from './tracing';
import 'reflect-metadata';
import type { Server } from 'node:http';
import type { Express } from 'express';
import { DatabaseUnavailableError } from '../src/db/index';
import { flushPullApiRateLimits } from '../src/access/index';
import { ConfigError, createLogger, loadConfig } from '../src/platform/index';
import { createHealthApp, createMetricsApp } from '../rest/app';
import { createPrometheusMetrics } from './prometheus';
import { startWorker, type WorkerHandle } from '../worker/runner';
import { compose, prepareDatabases } from './compose';
import { buildHttpApp, type HttpApp } from './http-app';
import { LocalServiceError, ensureLocalServers, localServersFor } from './local-services';

const DRAIN_TIMEOUT_MS = 30_000;

function listen(app: Express, port: number): Promise<Server> {
  return new Promise<Server>((resolve, reject) => {
    const s = app.listen(port, () => resolve(s));
    s.once('error', reject);
  });
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const api = !args.includes('--worker') || args.includes('--api');
  const worker = !args.includes('--api') || args.includes('--worker');

  const config = loadConfig(process.env);
  const log = createLogger(config.logLevel, undefined, config.logFormat);
  // On a development machine, the local MariaDB and PostgreSQL are started when they do not answer.
  await ensureLocalServers(localServersFor(config), { nodeEnv: config.nodeEnv, say: (line) => log.info(line) });
  await prepareDatabases(config, log);
  // Metrics are kept only when something may read them (METRICS_TOKEN or METRICS_PORT).
  const metrics = config.metricsToken || config.metricsPort !== null ? createPrometheusMetrics(api && worker ? 'all' : api ? 'api' : 'worker') : undefined;
  const tracing = processTracing();
  const runtime = await compose(config, { log, metrics, ...(tracing ? { tracing } : {}) });
  metrics?.bind(runtime.svc, runtime.queue);
  const metricsServer = metrics && config.metricsPort !== null
    ? await new Promise<Server>((resolve, reject) => {
      const s = createMetricsApp(runtime.svc).listen(config.metricsPort!, '127.0.0.1', () => resolve(s));
      s.once('error', reject);
    })
    : null;

  let server: Server | null = null;
  let http: HttpApp | null = null;
  let workerHandle: WorkerHandle | null = null;
  let draining = false;
  const drain = async (reason: string, exitCode: 0 | 1) => {
    if (draining) return;
    draining = true;
    log.info({ reason }, 'draining');
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
        if (api) await flushPullApiRateLimits(runtime.svc);
      }
      if (workerHandle) await workerHandle.stop();
      if (metricsServer) {
        const closed = new Promise<void>((resolve) => metricsServer.close(() => resolve()));
        metricsServer.closeAllConnections();
        await closed;
      }
      await runtime.close();
      // The spans still buffered are exported before exit.
      await tracing?.shutdown().catch((err: unknown) => log.warn({ err }, 'could not export the last spans'));
      log.info({ exitCode }, 'drained; bye');
      process.exit(exitCode);
    } catch (err) {
      log.error({ err }, 'drain failed');
      process.exit(1);
    }
  };

  if (worker) {
    workerHandle = await startWorker(runtime.svc, runtime.queue, {
      // The runner could not be brought back: exit non-zero so that the supervisor starts a fresh process.
      onGiveUp: () => void drain('the job runner could not be restarted', 1),
    });
    runtime.svc.runner = workerHandle;
  }
  let port: number | null = null;
  if (api) {
    http = await buildHttpApp(runtime.svc);
    server = await listen(http.app, config.port);
  } else if (config.healthPort !== null) {
    server = await listen(createHealthApp(runtime.svc), config.healthPort);
  }
  if (server) {
    const address = server.address();
    port = typeof address === 'object' && address ? address.port : null;
  }
  // The one line a start logs at info (besides migrations it applied).
  const metricsPort = metricsServer ? (metricsServer.address() as { port: number }).port : undefined;
  log.info({ api, worker, port, ...(metricsPort ? { metricsPort } : {}), ...(api ? { baseUrl: config.baseUrl, consoleUrl: `${config.appUrl}/console` } : {}) }, 'service started');
  // For the person at the terminal (the log above is JSON for machines): where to go next, on stderr.
  if (api) {
    process.stderr.write([
      `Console:  ${config.appUrl}/console`,
      `Portal:   ${config.appUrl}/portal/app (customers arrive by their magic link or ${config.appUrl}/apply/<slug>)`,
      `Pull API: ${config.baseUrl}/v1 (OpenAPI at ${config.baseUrl}/v1/openapi.json)`,
      '',
    ].join('\n'));
  }

  process.on('SIGTERM', () => void drain('SIGTERM', 0));
  process.on('SIGINT', () => void drain('SIGINT', 0));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DatabaseUnavailableError || err instanceof LocalServiceError) {
    process.stderr.write(`${err.message}\n`);
  } else {
    process.stderr.write(`startup failed: ${(err as Error)?.message ?? String(err)}\n`);
  }
  process.exit(1);
});
