// `npm run bench -- token`: client-credentials tokens per second at concurrency 32, and an authenticated
// no-op /v1 request (bearer check + live client lookup + MySQL rate-limit counter) against the same
// server's unauthenticated GET /healthz, with the ratio. The server runs in this process against
// throw-away databases; the limits are raised so every request is counted but none is refused.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { createApp } from '../rest/app';
import { bearerAuth } from '../rest/v1/bearer-auth';
import { dropMysqlDatabase } from '../src/db/index';
import { createApiClient } from '../src/oauth/index';
import { createLogger, loadConfig } from '../src/platform/index';
import { createTenant } from '../src/tenants/index';
import { compose, prepareDatabases } from '../bin/compose';
import { dropPgDatabase } from '../worker/pg-database';
import { operatorActor, SERVICE_OPERATOR } from '../src/access/index';

const CONNECTIONS = 32;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function measure(url: string, options: Partial<autocannon.Options>): Promise<Figures> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, ...options });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}

const line = (name: string, f: Figures) =>
  `${name.padEnd(42)} ${f.rps.toFixed(0).padStart(7)} req/s   p50 ${String(f.p50).padStart(4)} ms   p99 ${String(f.p99).padStart(4)} ms   non-2xx ${f.non2xx}   errors ${f.errors}`;

export async function run(): Promise<void> {
  const id = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const mysqlBase = new URL(process.env.MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/svc');
  const pgBase = new URL(process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/svc');
  mysqlBase.pathname = `/svc_bench_${id}`;
  pgBase.pathname = `/svc_bench_${id}`;
  const config = loadConfig({
    NODE_ENV: 'test', LOG_LEVEL: 'silent', MYSQL_URL: mysqlBase.toString(), PG_URL: pgBase.toString(),
    SECRETS_KEY: randomBytes(32).toString('hex'),
    JWT_SIGNING_KEY: generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    PULL_RATE_LIMIT_PER_MINUTE: '1000000', TOKEN_RATE_LIMIT_PER_MINUTE: '1000000',
  });
  await prepareDatabases(config, createLogger('silent'));
  const runtime = await compose(config);
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const svc = { ...runtime.svc, config: { ...runtime.svc.config, baseUrl: base } };
  server.on('request', createApp(svc, (app) => {
    app.get('/v1/bench/noop', bearerAuth(svc), (_req, res) => {
      res.status(204).end();
    });
  }));
  try {
    const tenant = await createTenant(svc, SERVICE_OPERATOR, { name: 'Bench Ltd' });
    const client = await createApiClient(svc, operatorActor(tenant.id), { name: 'bench' });
    const basic = `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`;
    const tokenRequest = {
      method: 'POST' as const,
      headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    };
    const warm = await fetch(`${base}/v1/oauth/token`, tokenRequest);
    const { access_token: token } = (await warm.json()) as { access_token: string };

    process.stdout.write(`token benchmark: ${CONNECTIONS} connections, ${DURATION_S} s each, server and load generator in one process (Node ${process.version})\n`);
    const tokens = await measure(`${base}/v1/oauth/token`, tokenRequest);
    process.stdout.write(`${line('POST /v1/oauth/token (client_credentials)', tokens)}\n`);
    const baseline = await measure(`${base}/healthz`, {});
    process.stdout.write(`${line('GET /healthz (unauthenticated)', baseline)}\n`);
    const authed = await measure(`${base}/v1/bench/noop`, { headers: { authorization: `Bearer ${token}` } });
    process.stdout.write(`${line('GET /v1 no-op (bearer check)', authed)}\n`);
    process.stdout.write(`ratio authenticated / unauthenticated: ${(authed.rps / baseline.rps).toFixed(2)}\n`);
    process.stdout.write(`ratio token issuance / unauthenticated: ${(tokens.rps / baseline.rps).toFixed(2)}\n`);
  } finally {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    await runtime.close();
    await dropMysqlDatabase(config.mysqlUrl);
    await dropPgDatabase(config.pgUrl);
  }
}
