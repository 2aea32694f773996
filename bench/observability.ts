import { createServer, type Server } from 'node:http';
import type { ChildProcess } from 'node:child_process';
import { forkServer, load, seedCases, startBench, stopServer, type Figures } from './support';

const CASES = Number(process.env.BENCH_CASES ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const PATH = '/v1/cases?limit=50';

/** An OTLP/HTTP endpoint that takes every export, counts it and its bytes, and answers 200 (a collector that keeps nothing). */
async function sink(): Promise<{ url: string; exports: () => number; bytes: () => number; close(): Promise<void> }> {
  let exports = 0;
  let bytes = 0;
  const server: Server = createServer((req, res) => {
    req.on('data', (d: Buffer) => (bytes += d.length));
    req.on('end', () => {
      exports++;
      res.writeHead(200, { 'content-type': String(req.headers['content-type'] ?? 'application/json') }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    exports: () => exports,
    bytes: () => bytes,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/**
 * What observability costs on the pull API's busiest call: requests per second of GET /v1/cases?limit=50 (a
 * tenant with 10,000 cases, one API client) on three processes of the same service, run in turn, ROUNDS times
 * each, interleaved: metrics and tracing off (the baseline), metrics on (METRICS_TOKEN: every request timed
 * into prom-client), tracing on (OTEL_EXPORTER_OTLP_ENDPOINT at a local sink, http/protobuf, every request
 * sampled: its server span and its statements' spans exported). Prints each run, the averages and the ratios.
 */
export async function observabilityBench(): Promise<void> {
  const b = await startBench();
  const collector = await sink();
  const extra: ChildProcess[] = [];
  try {
    const t0 = Date.now();
    await seedCases(b.svc, b.orgId, CASES);
    process.stdout.write(`seeded ${CASES} cases in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
    const metricsOn = await forkServer({ ...b.env, METRICS_TOKEN: 'bench-metrics-token-0123456789abcdef' });
    const tracingOn = await forkServer({
      ...b.env, OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_EXPORTER_OTLP_PROTOCOL: process.env.BENCH_OTLP_PROTOCOL ?? 'http/protobuf',
    });
    extra.push(metricsOn.server, tracingOn.server);
    const auth = { authorization: `Bearer ${b.token}` };
    const variants = [
      { name: 'metrics and tracing off', url: b.url, pid: b.server.pid! },
      { name: 'metrics on', url: metricsOn.url, pid: metricsOn.server.pid! },
      { name: 'tracing on (OTLP, local sink)', url: tracingOn.url, pid: tracingOn.server.pid! },
    ];
    for (const v of variants) {
      const res = await fetch(v.url + PATH, { headers: auth });
      const page = (await res.json()) as { data?: unknown[] };
      if (res.status !== 200 || page.data?.length !== 50) throw new Error(`${v.name}: ${res.status}, ${page.data?.length} items`);
    }
    process.stdout.write('\n');
    const runs = new Map<string, Figures[]>(variants.map((v) => [v.name, []]));
    for (let round = 1; round <= ROUNDS; round++) {
      for (const v of variants) runs.get(v.name)!.push(await load(`${v.name} #${round}`, { url: v.url + PATH, headers: auth }, [v.pid]));
    }
    const mean = (name: string) => {
      const f = runs.get(name)!;
      return { rps: f.reduce((s, x) => s + x.rps, 0) / f.length, p99: f.reduce((s, x) => s + x.p99, 0) / f.length };
    };
    const base = mean(variants[0]!.name);
    process.stdout.write(`\nGET ${PATH}, mean of ${ROUNDS} runs each:\n`);
    for (const v of variants) {
      const m = mean(v.name);
      process.stdout.write(`${v.name.padEnd(34)} ${m.rps.toFixed(0).padStart(8)} req/s  p99 ${m.p99.toFixed(1).padStart(6)} ms   ${(m.rps / base.rps).toFixed(2)}x the baseline's req/s\n`);
    }
    // Let the traced process's last batch reach the sink before counting.
    await stopServer(tracingOn.server);
    process.stdout.write(`the sink took ${collector.exports()} OTLP exports, ${(collector.bytes() / 1e6).toFixed(1)} MB\n`);
  } finally {
    for (const s of extra) await stopServer(s);
    await collector.close();
    await b.close();
  }
}
