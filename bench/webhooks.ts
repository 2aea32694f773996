// `npm run bench -- webhooks [events]`: signed webhook delivery through the outbox and graphile-worker,
// against two baselines measured in the same run on the same machine:
//   (a) a bare sender loop: undici + HMAC straight to the receiver, no database, no queue;
//   (b) graphile-worker running no-op jobs (unbatched, the worker's own ceiling).
// Then the service: N events to one endpoint on a local HTTPS receiver that verifies every signature,
// deliveries per second from the first commit to the last 2xx, and the first second's rate over the steady
// rate (the ramp); and p50/p99 latency from commit to receipt at a steady 100 events per second. The
// receiver's ledger must equal the producer's.
// The receiver runs in its own process (bench/webhook-receiver.ts, forked; (a) sends to it too), so that
// the producer's commits here do not slow its answers; it reports its ledger over IPC. Commit and receipt
// times are both wall-clock ms with sub-ms resolution (performance.timeOrigin + performance.now(), see
// wallNow), and the offset between the two processes' clocks is measured and printed.
// First attempts are made by the worker's own sender right after the relay's commit (no job each); the
// queue carries the relay's nudges and retries only.
// Diagnostics: BENCH_CONCURRENCY (worker concurrency, default 16), BENCH_WORKERS (worker processes,
// default 1; (b) then runs as many runners), BENCH_WARMUP (events delivered before the ledger, default 1),
// BENCH_DIAG=1 (relay and queue lag,
// attempts per 250 ms, CPU per delivery by process group), BENCH_WORKER_PROF=1 (CPU profile of the worker
// process into /tmp/wprof), BENCH_WORKER_ARGS (Node options of the worker processes, as BENCH_SERVER_ARGS).
import { fork, spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { makeWorkerUtils, run as runGraphile } from 'graphile-worker';
import { dropMysqlDatabase, inTransaction } from '../src/db/index';
import { recordEvent } from '../src/events/index';
import { createLogger, loadConfig, type Services } from '../src/platform/index';
import { createTenant } from '../src/tenants/index';
import { webhookHeaders, createWebhookEndpoint } from '../src/webhooks/index';
import { compose, prepareDatabases, type Runtime } from '../bin/compose';
import { createDevTls } from '../bin/dev-tls';
import { graphileLogger } from '../worker/job-queue';
import { dropPgDatabase } from '../worker/pg-database';
import { UndiciWebhookSender } from '../worker/webhook-sender';
import { cpuDelta, cpuSnapshot } from './cpu-usage';
import { benchDatabaseUrls } from './support';
import { wallNow, type ReceiverAnswer, type ReceiverCommand, type ReceiverReply, type ReceiverRequest } from './webhook-receiver';
import { operatorActor, SERVICE_OPERATOR } from '../src/access/index';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
// Worker processes of the service, each at CONCURRENCY; (b) runs as many no-op runners, so that both
// have the same number of jobs in flight.
const WORKERS = Number(process.env.BENCH_WORKERS ?? 1);

/** The receiver process (bench/webhook-receiver.ts): the same HTTPS receiver, its ledger read over IPC. */
interface Receiver {
  url: string;
  pid: number;
  /** Empties the ledger (not the count of bad signatures). */
  clear(): Promise<void>;
  /** Resolves once the ledger holds at least `count` events (rejects after `timeoutMs`). */
  waitFor(what: string, count: number, timeoutMs: number): Promise<void>;
  /** eventId -> wall-clock ms (wallNow) of the first receipt; and the count of bad signatures so far. */
  ledger(): Promise<{ received: Map<string, number>; invalid: number }>;
  /** The receiver's clock minus this process's, from the exchange with the shortest round trip, and that round trip. */
  clockCheck(rounds?: number): Promise<{ offsetMs: number; rttMs: number }>;
  close(): Promise<void>;
}

async function startReceiver(tls: { key: string; cert: string }, secret: string): Promise<Receiver> {
  const child = fork(join(__dirname, 'webhook-receiver.js'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const pending = new Map<number, (m: ReceiverAnswer) => void>();
  let exited: Error | null = null;
  let nextId = 1;
  const port = await new Promise<number>((resolve, reject) => {
    child.on('message', (m: ReceiverReply) => {
      if ('port' in m) return resolve(m.port);
      const done = pending.get(m.id);
      pending.delete(m.id);
      done?.(m);
    });
    child.once('exit', (code) => {
      exited = new Error(`webhook receiver exited with ${code}`);
      reject(exited);
      for (const [, done] of pending) done({ id: -1, count: 0, invalid: 0, now: 0 });
    });
    child.send({ op: 'start', key: tls.key, cert: tls.cert, secret } satisfies ReceiverRequest);
  });
  const ask = (req: ReceiverCommand, timeoutMs = 30_000, what: string = req.op) => {
    if (exited) return Promise.reject(exited);
    const id = nextId++;
    return new Promise<ReceiverAnswer>((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`timed out waiting for ${what}`));
      }, timeoutMs);
      pending.set(id, (m) => {
        clearTimeout(timer);
        if (m.id === -1) reject(exited);
        else resolve(m);
      });
      child.send({ ...req, id } satisfies ReceiverRequest);
    });
  };
  return {
    url: `https://127.0.0.1:${port}/hook`,
    pid: child.pid ?? 0,
    clear: async () => { await ask({ op: 'clear' }); },
    waitFor: async (what, count, timeoutMs) => { await ask({ op: 'wait', count }, timeoutMs, what); },
    ledger: async () => {
      const m = await ask({ op: 'ledger' });
      return { received: new Map(m.ledger), invalid: m.invalid };
    },
    clockCheck: async (rounds = 20) => {
      let best = { offsetMs: 0, rttMs: Infinity };
      for (let i = 0; i < rounds; i++) {
        const sent = wallNow();
        const { now } = await ask({ op: 'clock' });
        const back = wallNow();
        if (back - sent < best.rttMs) best = { offsetMs: now - (sent + back) / 2, rttMs: back - sent };
      }
      return best;
    },
    close: async () => {
      if (exited || child.exitCode !== null) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      await ask({ op: 'stop' }).catch(() => undefined);
      await gone;
    },
  };
}

/** (a) undici + HMAC, no queue: `n` signed POSTs with CONCURRENCY in flight. */
async function bareSenderLoop(n: number, url: string, secret: string, ca: string): Promise<number> {
  const sender = new UndiciWebhookSender({ allowPrivateTargets: true, ca });
  const target = new URL(url);
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next < n) {
      const i = next++;
      const body = JSON.stringify({ event: 'ping', eventId: `bare-${i}`, eventVersion: 1, timestamp: new Date().toISOString(), message: 'bare' });
      const headers = webhookHeaders({ secret, body, event: 'ping', eventId: `bare-${i}`, eventVersion: 1, timestamp: new Date().toISOString(), deliveryId: i, attempt: 1 });
      const res = await sender.send({ url: target, address: '127.0.0.1', headers, body, timeoutMs: 10_000 });
      if (res.status !== 200) throw new Error(`bare loop: HTTP ${res.status} ${res.error ?? ''}`);
    }
  }));
  const seconds = (performance.now() - started) / 1000;
  await sender.close();
  return n / seconds;
}

async function until(what: string, fn: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!fn()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** (b) graphile-worker no-op jobs per second (jobs queued first, then WORKERS runners drain them). */
async function graphileNoop(rt: Runtime, n: number): Promise<number> {
  const pool = rt.queue.pool;
  const utils = await makeWorkerUtils({ pgPool: pool, logger: graphileLogger(rt.svc.log) });
  for (let i = 0; i < n; i += 1000) {
    await utils.addJobs(Array.from({ length: Math.min(1000, n - i) }, () => ({ identifier: 'bench-noop', payload: {} })));
  }
  await utils.release();
  let done = 0;
  const started = performance.now();
  const runners = await Promise.all(Array.from({ length: WORKERS }, () => runGraphile({
    pgPool: pool, concurrency: CONCURRENCY, noHandleSignals: true, pollInterval: 1000, logger: graphileLogger(rt.svc.log),
    taskList: { 'bench-noop': async () => { done++; } },
  })));
  await until('no-op jobs', () => done >= n, 600_000);
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(runners.map((r) => r.stop()));
  return n / seconds;
}

/** Records `count` events in one transaction; notes the commit time of each (wallNow). */
async function recordAt(svc: Services, orgId: string, i: number, commits: Map<string, number>, count = 1): Promise<void> {
  let committedAt = 0;
  const ids = await inTransaction(svc, async (tx) => {
    tx.afterCommit(() => { committedAt = wallNow(); });
    const out: string[] = [];
    for (let k = 0; k < count; k++) out.push((await recordEvent(tx, { orgId, type: 'ping', fields: { message: `bench ${i + k}` } })).eventId);
    return out;
  });
  for (const id of ids) commits.set(id, committedAt);
}

/**
 * The receipts per 250 ms from `from` (the first commit), and the ramp: the deliveries in the first second
 * over the steady rate, the median of the 250 ms counts after the first second (the last, partial one
 * left out), per second. `steady` is null when the run is too short to have two such counts.
 */
function rampOf(receipts: number[], from: number): { buckets: number[]; firstSecond: number; steady: number | null } {
  const last = Math.max(...receipts);
  const buckets = new Array<number>(Math.floor((last - from) / 250) + 1).fill(0);
  for (const t of receipts) buckets[Math.max(0, Math.floor((t - from) / 250))]!++;
  const firstSecond = receipts.filter((t) => t < from + 1000).length;
  const after = buckets.slice(4, -1).sort((x, y) => x - y);
  return { buckets, firstSecond, steady: after.length >= 2 ? 4 * after[Math.floor(after.length / 2)]! : null };
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const f = (n: number, d = 0) => n.toLocaleString('en-GB', { maximumFractionDigits: d, minimumFractionDigits: d });

export async function run(args: string[]): Promise<void> {
  const n = Number(args[0] ?? 10_000);
  const env = {
    NODE_ENV: 'development',
    ...benchDatabaseUrls(),
    SECRETS_KEY: randomBytes(32).toString('hex'),
    JWT_SIGNING_KEY: generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    WORKER_CONCURRENCY: String(CONCURRENCY),
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  };
  const config = loadConfig(env);
  const tls = createDevTls({ days: 1 });
  const secret = randomBytes(32).toString('hex');
  const receiver = await startReceiver(tls, secret);
  const clock = await receiver.clockCheck();
  await prepareDatabases(config, createLogger('silent'));
  const rt = await compose(config, { webhookCa: tls.ca });
  const out = (line: string) => process.stdout.write(`${line}\n`);
  try {
    out(`webhooks benchmark: ${f(n)} events, worker concurrency ${CONCURRENCY} × ${WORKERS} worker process${WORKERS === 1 ? '' : 'es'}, node ${process.version}, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    out(`    receiver: own process (pid ${receiver.pid}); its clock minus this one's ${f(clock.offsetMs, 3)} ms (IPC round trip ${f(clock.rttMs, 3)} ms)`);
    const bare = await bareSenderLoop(n, receiver.url, secret, tls.ca);
    out(`(a) bare sender loop (undici + HMAC, no queue):      ${f(bare)} requests/s`);
    const noop = await graphileNoop(rt, n);
    out(`(b) graphile-worker no-op jobs (unbatched):           ${f(noop)} jobs/s`);

    const tenant = await createTenant(rt.svc, SERVICE_OPERATOR, { name: 'Bench Ltd' });
    await createWebhookEndpoint(rt.svc, operatorActor(tenant.id), { url: receiver.url, secret });
    await receiver.clear();
    // The service's workers run as their own processes (bin/start.js --worker), as in production; this
    // process only commits events (the receiver has its own process too).
    const workers = Array.from({ length: WORKERS }, () => spawn(process.execPath, [
      ...(process.env.BENCH_WORKER_PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/wprof'] : []), ...(process.env.BENCH_WORKER_ARGS?.split(' ').filter(Boolean) ?? []), join(__dirname, '..', 'bin', 'start.js'), '--worker'], {
      env: { ...process.env, ...env, NODE_EXTRA_CA_CERTS: tls.caFile }, stdio: ['ignore', 'ignore', 'inherit'],
    }));
    const workerPids = workers.map((w) => w.pid ?? 0);
    try {
      // A running service is measured, not a cold start: BENCH_WARMUP events (default 1) go through
      // first (the worker has loaded, connected and relayed, and the receiver's connection is open; more
      // of them also warm its JIT), then the ledger starts.
      const warmup = Math.max(1, Number(process.env.BENCH_WARMUP ?? 1));
      const warm = performance.now();
      for (let i = 0; i < warmup; i += 50) await recordAt(rt.svc, tenant.id, -1 - i, new Map(), Math.min(50, warmup - i));
      await receiver.waitFor('the warm-up deliveries', warmup, 120_000);
      await receiver.clear();
      const [{ warmId }]: { warmId: number }[] = await rt.svc.db.query('SELECT MAX(id) AS warmId FROM webhook_deliveries');
      out(`    worker ready: ${f(warmup)} warm-up event${warmup === 1 ? '' : 's'} delivered ${f(performance.now() - warm)} ms after the worker was started`);
      // Throughput: N events committed as fast as the producer can (50 events per transaction, 4
      // transactions at once), so that the delivery pipeline, not the producer, sets the pace.
      const commits = new Map<string, number>();
      const cpuBefore = cpuSnapshot(workerPids, [receiver.pid]);
      let next = 0;
      await Promise.all(Array.from({ length: 4 }, async () => {
        while (next < n) {
          const i = next;
          next += 50;
          await recordAt(rt.svc, tenant.id, i, commits, Math.min(50, n - i));
        }
      }));
      await receiver.waitFor('every delivery', n, 600_000);
      const cpu = cpuDelta(cpuBefore, cpuSnapshot(workerPids, [receiver.pid]));
      const { received, invalid } = await receiver.ledger();
      const firstCommit = Math.min(...commits.values());
      const lastReceipt = Math.max(...received.values());
      const rate = n / ((lastReceipt - firstCommit) / 1000);
      const lastCommit = Math.max(...commits.values());
      out(`    producer: all ${f(n)} events committed in ${f(lastCommit - firstCommit)} ms`);
      const lost = [...commits.keys()].filter((e) => !received.has(e)).length;
      out(`(c) service: deliveries/s, first commit to last 2xx:  ${f(rate)} deliveries/s`);
      out(`    ratio to (b) graphile no-op:                      ${f(rate / noop, 2)}  (target >= 1.00)`);
      out(`    ratio to (a) bare sender loop:                    ${f(rate / bare, 2)}  (target >= 0.50)`);
      const ramp = rampOf([...received.values()], firstCommit);
      out(ramp.steady
        ? `    ramp: first 1 s at ${f((100 * ramp.firstSecond) / ramp.steady)} % of steady (${f(ramp.firstSecond)} deliveries in the first second from the first commit; steady ${f(ramp.steady)}/s, the median 250 ms count after it × 4)  (target >= 80 %)`
        : `    ramp: not judged (the run is shorter than 1.5 s after its first second)`);
      if (process.env.BENCH_DIAG) {
        const [diag] = await rt.svc.db.query(
          `SELECT AVG(TIMESTAMPDIFF(MICROSECOND, e.occurred_at, e.relayed_at))/1000 AS relay_ms,
                  AVG(TIMESTAMPDIFF(MICROSECOND, d.created_at, a.started_at))/1000 AS queue_ms,
                  AVG(a.duration_ms) AS http_ms,
                  MIN(a.started_at) AS first_start, MAX(a.finished_at) AS last_finish, MIN(d.created_at) AS first_created, MAX(d.created_at) AS last_created
           FROM webhook_deliveries d JOIN webhook_attempts a ON a.delivery_id = d.id JOIN events e ON e.seq = d.event_seq WHERE d.org_id = ? AND d.id > ?`,
          [tenant.id, warmId],
        );
        out(`    diag: ${JSON.stringify(diag)}`);
        const hist = await rt.svc.db.query(
          `SELECT FLOOR(UNIX_TIMESTAMP(a.finished_at) * 4) / 4 AS t, COUNT(*) AS n, MAX(a.attempt_no) AS maxno, AVG(a.duration_ms) AS http
           FROM webhook_attempts a WHERE a.org_id = ? AND a.delivery_id > ? GROUP BY t ORDER BY t`,
          [tenant.id, warmId],
        );
        out(`    CPU ms per delivery: bench (producer) ${f(cpu.bench / n, 3)}, receiver ${f(cpu.other / n, 3)}, worker ${f(cpu.service / n, 3)}, mariadb ${f(cpu.mariadb / n, 3)}, postgres ${f(cpu.postgres / n, 3)}`);
        out(`    per 250 ms (attempts finished, worker's HTTP ms): ${hist.map((h: { n: number; http: number }) => `${h.n}(${Math.round(h.http)}ms)`).join(' ')}`);
        out(`    per 250 ms (receipts, from the first commit): ${ramp.buckets.join(' ')}`);
      }
      out(`    ledger: produced ${f(commits.size)}, received ${f(received.size)}, lost ${lost}, bad signatures ${invalid}`);

      // Latency at a steady 100 events/s.
      const steady = Math.min(1000, n);
      const latCommits = new Map<string, number>();
      await receiver.clear();
      const t0 = performance.now();
      const pending: Promise<void>[] = [];
      for (let i = 0; i < steady; i++) {
        const due = t0 + i * 10;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        pending.push(recordAt(rt.svc, tenant.id, i, latCommits));
      }
      await Promise.all(pending);
      await receiver.waitFor('every steady delivery', steady, 120_000);
      const latLedger = await receiver.ledger();
      const lat = [...latCommits.entries()].map(([e, c]) => latLedger.received.get(e)! - c).sort((x, y) => x - y);
      const latLost = [...latCommits.keys()].filter((e) => !latLedger.received.has(e)).length;
      out(`(d) service at a steady 100 events/s (${f(steady)} events): commit to receipt p50 ${f(pct(lat, 50), 1)} ms, p99 ${f(pct(lat, 99), 1)} ms  (target p50 < 20 ms)`);
      out(`    ledger: produced ${f(latCommits.size)}, received ${f(latLedger.received.size)}, lost ${latLost}`);
    } finally {
      await Promise.all(workers.map((w) => {
        w.kill('SIGTERM');
        return new Promise((resolve) => w.once('exit', resolve));
      }));
    }
  } finally {
    await rt.close();
    await receiver.close();
    await dropMysqlDatabase(config.mysqlUrl);
    await dropPgDatabase(config.pgUrl);
  }
}
