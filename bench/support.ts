import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes, generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { cpuDelta, cpuSnapshot } from './cpu-usage';
import { dropMysqlDatabase } from '../src/db/index';
import { createApiClient } from '../src/oauth/index';
import { createLogger, loadConfig, type Config, type Env, type Services } from '../src/platform/index';
import { createTenant } from '../src/tenants/index';
import { compose, prepareDatabases, type Runtime } from '../bin/compose';
import { dropPgDatabase } from '../worker/pg-database';
import { operatorActor, SERVICE_OPERATOR } from '../src/access/index';
import { generateWatchlist } from './watchlist';

/** The URLs of a throwaway pair of databases, `svc_bench_<id>` on the local MariaDB and PostgreSQL. */
export function benchDatabaseUrls(): { MYSQL_URL: string; PG_URL: string } {
  const id = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  return { MYSQL_URL: `mysql://root@127.0.0.1:3306/svc_bench_${id}`, PG_URL: `postgres://postgres@127.0.0.1:5432/svc_bench_${id}` };
}

/**
 * The configuration of a benchmark that runs the service in its own process (bench/pipeline-cases.ts,
 * monitoring.ts, monitoring-delta.ts): throwaway databases (not created yet: prepareDatabases), a temporary
 * directory `bench-<name>-*` holding DATA_DIR and a synthetic FtM watchlist of `entities` entities
 * (WATCHLIST_PATH), NODE_ENV test, silent logs; `env` adds or overrides variables (the benchmark's own).
 */
export interface BenchConfig {
  config: Config;
  /** The temporary directory (DATA_DIR is its `data`), removed by dispose. */
  dir: string;
  /** The synthetic watchlist's path (WATCHLIST_PATH). */
  watchlist: string;
  /** Drops the databases and removes the directory (close the runtime first). */
  dispose(): Promise<void>;
}

export async function benchConfig(name: string, entities: number, env: Env = {}): Promise<BenchConfig> {
  const dir = await mkdtemp(join(tmpdir(), `bench-${name}-`));
  const watchlist = join(dir, 'watchlist.ftm.jsonl');
  await generateWatchlist(watchlist, entities, 15);
  const config = loadConfig({
    NODE_ENV: 'test', LOG_LEVEL: 'silent', PATH: process.env.PATH, ...benchDatabaseUrls(),
    SECRETS_KEY: `k1:${randomBytes(32).toString('hex')}`, DATA_DIR: join(dir, 'data'), WATCHLIST_PATH: watchlist,
    ...env,
  });
  return {
    config, dir, watchlist,
    async dispose() {
      await dropMysqlDatabase(config.mysqlUrl);
      await dropPgDatabase(config.pgUrl);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A throwaway pair of databases, the service in a child process, and a tenant with an API client. */
export interface BenchEnv {
  env: Env;
  rt: Runtime;
  svc: Services;
  url: string;
  server: ChildProcess;
  orgId: string;
  token: string;
  close(): Promise<void>;
}

/** `extraEnv`: more of the service's environment (e.g. DATA_DIR), for the child and this process alike. */
export async function startBench(extraEnv: Env = {}): Promise<BenchEnv> {
  const throwaway = benchDatabaseUrls();
  const env: Env = {
    NODE_ENV: 'test',
    MYSQL_URL: process.env.BENCH_MYSQL_URL ?? throwaway.MYSQL_URL,
    PG_URL: process.env.BENCH_PG_URL ?? throwaway.PG_URL,
    SECRETS_KEY: `k1:${randomBytes(32).toString('hex')}`,
    JWT_SIGNING_KEY: generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    PULL_RATE_LIMIT_PER_MINUTE: '1000000',
    LOG_LEVEL: 'silent',
    PATH: process.env.PATH,
    ...extraEnv,
  };
  const config = loadConfig(env);
  await prepareDatabases(config, createLogger('silent'));
  const rt = await compose(config);
  const { server, url } = await forkServer(env);
  // The issuer and audience of tokens are BASE_URL; the child was started with the default, so tokens
  // are requested from the child itself and verified by it.
  const tenant = await createTenant(rt.svc, SERVICE_OPERATOR, { name: 'Bench Tenant' });
  const client = await createApiClient(rt.svc, operatorActor(tenant.id), { name: 'Bench CRM' });
  const res = await fetch(`${url}/v1/oauth/token`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret }),
  });
  if (res.status !== 200) throw new Error(`token: ${res.status} ${await res.text()}`);
  const token = ((await res.json()) as { access_token: string }).access_token;
  return {
    env, rt, svc: rt.svc, url, server, orgId: tenant.id, token,
    async close() {
      server.send({ stop: true });
      await new Promise((r) => server.once('exit', r));
      await rt.close();
      if (!process.env.BENCH_MYSQL_URL) await dropMysqlDatabase(config.mysqlUrl);
      if (!process.env.BENCH_PG_URL) await dropPgDatabase(config.pgUrl);
    },
  };
}

/**
 * The service's HTTP app (bench/server.ts) in a child process with this environment; resolves once it listens.
 * Stop it with `server.send({ stop: true })`.
 */
export async function forkServer(env: Env): Promise<{ server: ChildProcess; url: string }> {
  // BENCH_SERVER_PROF=<dir> writes a CPU profile of the service process there when it stops; BENCH_SERVER_ARGS adds
  // Node options of its own (e.g. --perf-basic-prof, for `perf record` to name JavaScript frames).
  const execArgv = [
    ...(process.env.BENCH_SERVER_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_SERVER_PROF}`] : []),
    ...(process.env.BENCH_SERVER_ARGS?.split(' ').filter(Boolean) ?? []),
  ];
  const server = fork(join(__dirname, 'server.js'), [], { env: env as NodeJS.ProcessEnv, execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('message', (m: { port: number }) => resolve(m.port));
    server.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { server, url: `http://127.0.0.1:${port}` };
}

/** Stops a server of forkServer and waits for its exit. */
export async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.send({ stop: true });
  await exited;
}

/** Seeds `n` cases of a tenant with multi-row INSERTs of `batch` rows (seconds for 200,000). */
export async function seedCases(svc: Services, orgId: string, n: number, batch = 2000): Promise<void> {
  const now = new Date();
  for (let done = 0; done < n; done += batch) {
    const rows = Math.min(batch, n - done);
    const values: unknown[] = [];
    for (let i = 0; i < rows; i++) {
      const k = done + i;
      // An ASCII lower-case address is its own emailKey.
      values.push(`CS-2020-${String(k).padStart(6, '0')}`, orgId, k % 7 === 0 ? 'approved' : 'in_progress', `bench+${k}@example.com`, `bench+${k}@example.com`,
        `Company ${k} Ltd`, now, now);
    }
    await svc.db.query(
      `INSERT INTO cases (case_id, org_id, status, onboarding_stage, source, customer_email, customer_email_key, company_name, created_at, updated_at)
       VALUES ${Array.from({ length: rows }, () => `(?, ?, ?, 'created', 'manual', ?, ?, ?, ?, ?)`).join(', ')}`,
      values,
    );
  }
  await svc.db.query('ANALYZE TABLE cases');
}

export interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** Server CPU µs per request (with BENCH_DIAG=1 and the service's pids given). */
  serverCpuUs?: number;
}

export async function load(name: string, options: autocannon.Options, servicePids: number[] = []): Promise<Figures> {
  // A short warm-up (JIT, pools, buffer pool) that is not measured.
  await autocannon({ connections: 32, ...options, duration: 2 });
  const before = cpuSnapshot(servicePids);
  const startUs = process.hrtime.bigint() / 1000n;
  const result = await autocannon({ connections: 32, duration: Number(process.env.BENCH_DURATION ?? 10), ...options });
  const cpu = cpuDelta(before, cpuSnapshot(servicePids));
  const endUs = process.hrtime.bigint() / 1000n;
  const f: Figures = { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx };
  process.stdout.write(`${name.padEnd(34)} ${f.rps.toFixed(0).padStart(8)} req/s   p50 ${String(f.p50).padStart(4)} ms   p99 ${String(f.p99).padStart(4)} ms   non-2xx ${f.non2xx}\n`);
  if (process.env.BENCH_DIAG) {
    const per = (ms: number) => ((1000 * ms) / Math.max(1, result.requests.total)).toFixed(0);
    process.stdout.write(`${''.padEnd(34)} CPU µs per request: server ${per(cpu.service)}, mariadb ${per(cpu.mariadb)}, load generator ${per(cpu.bench)}\n`);
    if (servicePids.length) f.serverCpuUs = (1000 * cpu.service) / Math.max(1, result.requests.total);
    // The phase's window on the monotonic clock, which V8's CPU profiles (BENCH_SERVER_PROF) also use.
    process.stdout.write(`${''.padEnd(34)} monotonic window µs: ${startUs}-${endUs}\n`);
  }
  return f;
}
