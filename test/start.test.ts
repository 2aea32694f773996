import { expect } from 'chai';
import { dropMysqlDatabase } from '../src/db/index';
import { dropPgDatabase } from '../worker/pg-database';
import { RUN_ID, testEnv } from './support/env';
import { freePort, runNode, startNode, waitFor } from './support/processes';

async function get(port: number, path: string): Promise<{ status: number; body: unknown; headers: Headers }> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`);
  return { status: res.status, body: await res.json(), headers: res.headers };
}

describe('processes: npm start, start:api, start:worker', function () {
  this.timeout(90_000);
  // Databases of their own, so that start has to create them.
  const mysqlUrl = `mysql://root@127.0.0.1:3306/svc_start_${RUN_ID}`;
  const pgUrl = `postgres://postgres@127.0.0.1:5432/svc_start_${RUN_ID}`;
  const env = (extra: Record<string, string> = {}) => testEnv({ MYSQL_URL: mysqlUrl, PG_URL: pgUrl, LOG_LEVEL: 'info', ...extra });

  after(async () => {
    await dropMysqlDatabase(mysqlUrl);
    await dropPgDatabase(pgUrl);
  });

  it('creates both databases, migrates, answers /readyz within 30 s, says only where it listens, and drains on SIGTERM with exit 0', async () => {
    const port = await freePort();
    const started = Date.now();
    const proc = startNode('bin/start.js', [], env({ PORT: String(port) }));
    let requestId: string | null = null;
    try {
      const ready = await waitFor('/readyz', async () => {
        const r = await get(port, '/readyz');
        return r.status === 200 ? r : null;
      }, 30_000);
      expect(Date.now() - started).to.be.lessThan(30_000);
      // Both roles: the databases, the job runner and the queue's backlog.
      expect(ready.body).to.deep.equal({ status: 'ready', checks: { mysql: 'ok', queue: 'ok', runner: 'running', backlog: 'ok' }, oldestDueJobAgeMs: 0 });
      expect((await get(port, '/healthz')).body).to.deep.equal({ status: 'ok' });
      // BASE_URL and APP_URL are unset: they follow PORT.
      const local = `http://localhost:${port}`;
      expect(((await get(port, '/.well-known/oauth-authorization-server')).body as { issuer: string }).issuer).to.equal(local);
      const openapi = (await get(port, '/v1/openapi.json')).body as { servers: { url: string }[]; paths: Record<string, { servers?: { url: string }[] }> };
      expect(openapi.servers).to.deep.equal([{ url: local }]);
      expect(Object.values(openapi.paths).flatMap((p) => p.servers ?? []).map((s) => s.url)).to.deep.equal([local]);

      const missing = await get(port, '/no/such/route?access_token=s3cr3t-value');
      expect(missing.status).to.equal(404);
      expect(missing.body).to.deep.equal({ error: 'not_found', message: 'Resource not found.' });
      requestId = missing.headers.get('x-request-id');
      expect(requestId).to.match(/^[0-9a-f-]{36}$/);
      await waitFor('the request log line', async () => proc.output().includes(requestId!), 5000, 50);
    } finally {
      proc.child.kill('SIGTERM');
    }
    const done = await proc.exited;
    expect(done.code, done.stderr).to.equal(0);
    expect(done.stdout).to.contain('"msg":"drained; bye"');
    expect(done.stdout).to.not.contain('s3cr3t-value');
    const lines: { req?: { id: string; path: string }; level: number; msg: string }[] = done.stdout.trim().split('\n').map((l) => JSON.parse(l));
    // The request's log line carries its request id and the path without the query string.
    expect(lines.find((l) => l.req?.id === requestId)?.req?.path).to.equal('/no/such/route');
    // A start says what it did in two lines at info, the migrations only because they were applied now:
    // no "Failed to read crontab file", no graphile chatter.
    const beforeRequests = lines.slice(0, lines.findIndex((l) => l.req));
    expect(beforeRequests.filter((l) => l.level >= 30).map((l) => l.msg)).to.deep.equal(['applied migrations', 'service started']);
    expect(done.stdout).to.not.contain('crontab');
    expect(lines.find((l) => l.msg === 'service started')).to.deep.include({
      api: true, worker: true, port, baseUrl: `http://localhost:${port}`, consoleUrl: `http://localhost:${port}/console`,
    });
    // The person at the terminal is told where the console, the portal and the API are, in words.
    expect(done.stderr).to.contain(`Console:  http://localhost:${port}/console\n`);
    expect(done.stderr).to.contain(`Portal:   http://localhost:${port}/portal/app`);
    expect(done.stderr).to.contain(`Pull API: http://localhost:${port}/v1 `);
  });

  it('runs the API and the worker as separate processes against the same databases, each with its own readiness', async () => {
    const port = await freePort();
    const healthPort = await freePort();
    const api = startNode('bin/start.js', ['--api'], env({ PORT: String(port) }));
    const worker = startNode('bin/start.js', ['--worker'], env({ PORT: String(port), HEALTH_PORT: String(healthPort) }));
    try {
      const apiReady = await waitFor('the API', async () => {
        const r = await get(port, '/readyz');
        return r.status === 200 ? r : null;
      }, 30_000);
      // The API's readiness is its databases; the worker's (on HEALTH_PORT) adds its runner and the backlog.
      expect(apiReady.body).to.deep.equal({ status: 'ready', checks: { mysql: 'ok', queue: 'ok' } });
      const workerReady = await waitFor('the worker', async () => {
        const r = await get(healthPort, '/readyz');
        return r.status === 200 ? r : null;
      }, 30_000);
      expect(workerReady.body).to.deep.include({ status: 'ready' });
      expect((workerReady.body as { checks: unknown }).checks).to.deep.equal({ mysql: 'ok', queue: 'ok', runner: 'running', backlog: 'ok' });
      expect(api.output()).to.contain('"api":true,"worker":false');
      expect(worker.output()).to.contain(`"api":false,"worker":true,"port":${healthPort}`);
    } finally {
      api.child.kill('SIGTERM');
      worker.child.kill('SIGTERM');
    }
    expect((await api.exited).code).to.equal(0);
    expect((await worker.exited).code).to.equal(0);
  });

  it('names the variable and the address in one line, exit 1, when a database is unreachable', async () => {
    const mysqlDown = await runNode('bin/start.js', [], env({ MYSQL_URL: 'mysql://root:hunter2@127.0.0.1:1/svc' }));
    expect(mysqlDown.code).to.equal(1);
    expect(mysqlDown.stderr).to.equal('MYSQL_URL: cannot reach the database at mysql://root:***@127.0.0.1:1/svc (ECONNREFUSED)\n');
    const pgDown = await runNode('bin/start.js', [], env({ PG_URL: 'postgres://postgres@127.0.0.1:1/svc' }));
    expect(pgDown.code).to.equal(1);
    expect(pgDown.stderr).to.equal('PG_URL: cannot reach the database at postgres://postgres@127.0.0.1:1/svc (ECONNREFUSED)\n');
  });

  it('lists every invalid configuration key at once, exit 1', async () => {
    const out = await runNode('bin/start.js', [], env({ PORT: '-1', WEBHOOK_TIMEOUT_MS: 'soon', LOG_LEVEL: 'loud' }));
    expect(out.code).to.equal(1);
    expect(out.stderr).to.match(/^Invalid configuration:\n/);
    for (const key of ['PORT', 'WEBHOOK_TIMEOUT_MS', 'LOG_LEVEL']) expect(out.stderr).to.contain(`  - ${key}`);
    expect(out.stderr).to.not.match(/\n\s+at /);
  });
});
