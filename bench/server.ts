// The service's HTTP app (REST and /graphql) in its own process for benchmarks (the load generator must
// not share its event loop), plus GET /bench/baseline: the same bytes as a real page, from memory, no auth, no DB.
// Like bin/start.ts: tracing when OTEL_EXPORTER_OTLP_ENDPOINT is set (imported first), metrics when METRICS_TOKEN is.
import { processTracing } from '../bin/tracing';
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createGraphqlServer } from '../graphql/server';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createApp } from '../rest/app';
import { webRoutes } from '../rest/web.routes';
import { loadConfig } from '../src/platform/index';
import { compose } from '../bin/compose';
import { createPrometheusMetrics } from '../bin/prometheus';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const tracing = processTracing();
  const metrics = config.metricsToken ? createPrometheusMetrics('api') : undefined;
  const runtime = await compose(config, { ...(tracing ? { tracing } : {}), ...(metrics ? { metrics } : {}) });
  metrics?.bind(runtime.svc, runtime.queue);
  const graphql = await createGraphqlServer(runtime.svc);
  let baseline = '{"data":[],"nextCursor":null,"hasMore":false}';
  process.on('message', (m: { baseline?: string; stop?: boolean }) => {
    if (m.baseline) baseline = m.baseline;
    if (m.stop) void graphql.stop().then(() => runtime.close()).then(() => tracing?.shutdown()).then(() => process.exit(0));
  });
  const app = createApp(runtime.svc, (a) => {
    a.get('/bench/baseline', (_req, res) => {
      res.type('application/json').send(baseline);
    });
    // The upload benchmark's HTTP baseline: the raw request body straight to a file under DATA_DIR (no
    // parsing, hashing, checks or database), in the same server.
    a.post('/bench/upload-baseline', async (req, res) => {
      const dir = join(config.dataDir, 'bench-baseline');
      mkdirSync(dir, { recursive: true });
      await pipeline(req, createWriteStream(join(dir, randomBytes(16).toString('hex'))));
      res.status(201).json({ ok: true });
    });
    // The web app (dist/web) for the browser benchmarks (console-page).
    a.use(webRoutes());
  }, (a) => a.use(graphql.router));
  const server = app.listen(0, '127.0.0.1', () => {
    process.send!({ port: (server.address() as AddressInfo).port });
  });
}

main().catch((err: unknown) => {
  process.stderr.write(`bench server failed: ${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
