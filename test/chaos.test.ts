import { expect } from 'chai';
import { dropMysqlDatabase } from '../src/db/index';
import { createApiClient } from '../src/oauth/index';
import { createLogger } from '../src/platform/index';
import { createTenant } from '../src/tenants/index';
import { createWebhookEndpoint } from '../src/webhooks/index';
import { compose, prepareDatabases } from '../bin/compose';
import { dropPgDatabase } from '../worker/pg-database';
import { DbFaults, databaseOf } from './support/db-faults';
import { RUN_ID, testConfig, testEnv } from './support/env';
import { freePort, startNode, waitFor } from './support/processes';
import { testTls } from './support/test-tls';
import { TestReceiver } from './webhooks/support';
import { operatorActor, SERVICE_OPERATOR } from '../src/access/index';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Sample {
  sentAt: number;
  doneAt: number;
  status: number;
  body: { status?: string; checks?: Record<string, string> } | null;
}

interface Created {
  key: string;
  caseId: string | null;
  /** Every answer the integrator got for this key, in order (0: no HTTP answer). */
  statuses: number[];
}

/**
 * The service in a child process (both roles), under a steady load of cases created over HTTP, while
 * its database connections are killed for real: first its MariaDB connections (KILL), then its
 * PostgreSQL ones (pg_terminate_backend), several times, the last as a burst. Nobody restarts it.
 */
describe('chaos: the service heals itself when its database connections are killed under load', function () {
  this.timeout(120_000);
  const mysqlUrl = `mysql://root@127.0.0.1:3306/svc_chaos_${RUN_ID}`;
  const pgUrl = `postgres://postgres@127.0.0.1:5432/svc_chaos_${RUN_ID}`;
  const silent = createLogger('silent');
  let receiver: TestReceiver | null = null;
  let faults: DbFaults | null = null;

  after(async () => {
    await receiver?.close();
    await faults?.close();
    await dropMysqlDatabase(mysqlUrl);
    await dropPgDatabase(pgUrl);
  });

  it('delivers every event at least once with unique eventIds and attempt numbers, leaves nothing pending, keeps /readyz honest and never needs a restart', async () => {
    const began = Date.now();
    // The tenant, its API client and its webhook endpoint, written before the service starts; this
    // process then holds no connection to the service's databases, so that every killed one is the service's.
    const config = testConfig({ MYSQL_URL: mysqlUrl, PG_URL: pgUrl });
    await prepareDatabases(config, silent);
    receiver = await TestReceiver.start();
    const setup = await compose(config, { log: silent });
    const tenant = await createTenant(setup.svc, SERVICE_OPERATOR, { name: 'Chaos Ltd' });
    const client = await createApiClient(setup.svc, operatorActor(tenant.id), { name: 'Load' });
    await createWebhookEndpoint(setup.svc, operatorActor(tenant.id), { url: receiver.url(), eventTypes: ['case.created'] });
    await setup.close();
    faults = await DbFaults.open();

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const service = startNode('bin/start.js', [], testEnv({
      MYSQL_URL: mysqlUrl, PG_URL: pgUrl, PORT: String(port), LOG_LEVEL: 'info', NODE_EXTRA_CA_CERTS: testTls().caFile,
      PULL_RATE_LIMIT_PER_MINUTE: '1000000', READY_MAX_JOB_DELAY: '10s', WORKER_STALL_TIMEOUT: '5s', WORKER_RESTART_SCHEDULE: '250ms,500ms,1s,2s,2s,2s,2s,2s,2s,2s',
    }));
    const servicePid = service.child.pid;
    try {
      await waitFor('the service to be ready', async () => (await fetch(`${base}/readyz`)).status === 200, 30_000);
      const tokenRes = await fetch(`${base}/v1/oauth/token`, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret }),
      });
      expect(tokenRes.status).to.equal(200);
      const token = ((await tokenRes.json()) as { access_token: string }).access_token;

      // --- the load: 4 integrators, each creating a case every 100 ms and retrying as the contract says ---
      let loading = true;
      const created: Created[] = [];
      const createOne = async (key: string): Promise<Created> => {
        const result: Created = { key, caseId: null, statuses: [] };
        const body = JSON.stringify({ customerEmail: `${key}@chaos.example`, companyName: `Company ${key}`, sendInvite: false });
        for (let t = 0; t < 60 && result.caseId === null; t++) {
          let status = 0;
          let answer: { caseId?: string; error?: string } = {};
          let retryAfter = 0.2;
          try {
            const res = await fetch(`${base}/v1/cases`, {
              method: 'POST', body, signal: AbortSignal.timeout(15_000),
              headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
            });
            status = res.status;
            answer = (await res.json()) as typeof answer;
            retryAfter = Number(res.headers.get('retry-after') ?? retryAfter);
          } catch {
            // No answer (connection reset): an unknown outcome, retried with the same key.
          }
          result.statuses.push(status);
          if (status === 201) result.caseId = answer.caseId!;
          else if (status === 0 || status === 503 || (status === 409 && answer.error === 'idempotency_key_in_use')) await sleep(retryAfter * 1000);
          else break;
        }
        return result;
      };
      const lane = async (n: number) => {
        for (let i = 0; loading; i++) {
          const next = sleep(100);
          created.push(await createOne(`chaos-${RUN_ID}-${n}-${i}`));
          await next;
        }
      };
      const lanes = Promise.all([0, 1, 2, 3].map(lane));

      // --- /readyz, sampled throughout ---
      const samples: Sample[] = [];
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          const sentAt = Date.now();
          let status = 0;
          let body: Sample['body'] = null;
          try {
            const res = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(5000) });
            status = res.status;
            body = (await res.json()) as Sample['body'];
          } catch {
            // recorded as status 0
          }
          samples.push({ sentAt, doneAt: Date.now(), status, body });
          await sleep(200);
        }
      })();

      // --- the faults ---
      const mysqlDb = databaseOf(mysqlUrl);
      const pgDb = databaseOf(pgUrl);
      const killed = { mysql: 0, pg: 0 };
      await sleep(1500);
      for (let round = 0; round < 3; round++) {
        killed.mysql += await faults.killAllMysql(mysqlDb);
        await sleep(1500);
      }
      for (let round = 0; round < 3; round++) {
        killed.pg += await faults.killAllPg(pgDb);
        await sleep(1500);
      }
      // A burst, as the report that found the silent death did: every 150 ms for 3 s.
      for (const end = Date.now() + 3000; Date.now() < end; await sleep(150)) killed.pg += await faults.killAllPg(pgDb);
      const faultsEnded = Date.now();
      await sleep(1000);
      loading = false;
      await lanes;

      // --- afterwards: everything reaches the receiver, nothing stays pending ---
      const check = await compose(config, { log: silent });
      let deliveries: { id: number; event_id: string; state: string; next_attempt_at: Date | null }[] = [];
      let unrelayed: { event_id: string }[] = [];
      try {
        // Every event relayed (its deliveries written) and every delivery delivered. The last cases' events may
        // still wait for the relay when the load stops (a runner restart the faults' tail set off holds them), so
        // both are awaited: deliveries all delivered while some events are unrelayed is not the end.
        await waitFor('every event to be relayed and every delivery delivered', async () => {
          unrelayed = await check.svc.db.query('SELECT event_id FROM events WHERE org_id = ? AND relayed_at IS NULL', [tenant.id]);
          deliveries = await check.svc.db.query('SELECT id, event_id, state, next_attempt_at FROM webhook_deliveries WHERE org_id = ?', [tenant.id]);
          return unrelayed.length === 0 && deliveries.every((d) => d.state === 'delivered');
        }, 45_000, 200).catch((err: Error) => {
          // Say why: what is still unrelayed or undelivered, whether the service is alive, and its last warnings.
          const lines = service.output().split('\n').filter((l) => /"level":(4|5|6)0/.test(l)).slice(-15);
          throw new Error(`${err.message}\nunrelayed events: ${unrelayed.length}`
            + `\nundelivered: ${JSON.stringify(deliveries.filter((d) => d.state !== 'delivered').slice(0, 10))}`
            + `\nservice exit code: ${service.child.exitCode}\nlast warnings:\n${lines.join('\n')}`);
        });
        const settled = Date.now();
        const events: { event_id: string }[] = await check.svc.db.query(`SELECT event_id FROM events WHERE org_id = ? AND type = 'case.created'`, [tenant.id]);
        const cases: { case_id: string }[] = await check.svc.db.query('SELECT case_id FROM cases WHERE org_id = ?', [tenant.id]);
        sampling = false;
        await sampler;

        // The integrators: never a 500; every request created its case in the end, once per Idempotency-Key.
        const statuses = created.flatMap((c) => c.statuses);
        expect(statuses, 'no internal errors').to.not.include(500);
        expect(created.filter((c) => c.caseId === null).map((c) => c.statuses), 'every request eventually succeeded').to.deep.equal([]);
        expect(cases.map((c) => c.case_id).sort()).to.deep.equal(created.map((c) => c.caseId).sort());
        expect(new Set(statuses)).to.satisfy((s: Set<number>) => [...s].every((x) => [0, 201, 409, 503].includes(x)));

        // Every event reached the receiver (at least once), eventIds unique per event, one delivery each.
        expect(events).to.have.length(cases.length);
        expect(deliveries).to.have.length(events.length);
        const received = new Map<string, string[]>();
        for (const q of receiver.requests) {
          const id = String(q.headers['x-svc-event-id']);
          received.set(id, [...(received.get(id) ?? []), String(q.headers['x-svc-attempt'])]);
        }
        expect([...received.keys()].sort()).to.deep.equal(events.map((e) => e.event_id).sort());
        // A request sent again (after a lost lease or a lost result) is a new attempt, never a repeated number.
        for (const [eventId, attempts] of received) expect(new Set(attempts).size, `attempts of ${eventId}: ${attempts}`).to.equal(attempts.length);

        // /readyz answered every time, promptly, in its shape; it was ready again at the end.
        expect(samples.filter((s) => s.status !== 200 && s.status !== 503), 'readiness answers').to.deep.equal([]);
        for (const s of samples) {
          expect(s.doneAt - s.sentAt, 'a prompt /readyz').to.be.below(4000);
          const checks = s.body!.checks!;
          const allOk = Object.values(checks).every((v) => v === 'ok' || v === 'running');
          expect(s.status === 200, JSON.stringify(s)).to.equal(allOk);
          expect(s.body!.status).to.equal(s.status === 200 ? 'ready' : 'unavailable');
        }
        // Ready again at the end, on its own: within 15 s of everything being delivered (the sampler's last answer may
        // fall in a runner restart that the faults' tail set off; every restart is checked below).
        await waitFor('/readyz to answer 200 again', async () => (await fetch(`${base}/readyz`)).status === 200, 15_000, 200)
          .catch((err: Error) => {
            throw new Error(`${err.message}; the sampler's last answer: ${JSON.stringify(samples.at(-1))}`);
          });
        // Whenever the job runner was down (by the service's own log), /readyz said so.
        const log = service.output().split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as { msg: string; time: string });
        const stops = log.filter((l) => l.msg === 'job runner stopped unexpectedly; restarting it').map((l) => Date.parse(l.time));
        const restarts = log.filter((l) => l.msg === 'job runner restarted').map((l) => Date.parse(l.time));
        expect(restarts.length, 'every stopped runner was restarted').to.equal(stops.length);
        stops.forEach((stop, i) => {
          for (const s of samples.filter((x) => x.sentAt > stop && x.doneAt < restarts[i]!)) {
            expect(s.status, JSON.stringify(s)).to.equal(503);
            expect(s.body!.checks!.runner).to.equal('restarting');
          }
        });
        expect(log.filter((l) => l.msg.includes('giving up'))).to.deep.equal([]);

        // Nobody restarted the service: the same process is still running, and drains cleanly.
        expect(service.child.exitCode).to.equal(null);
        expect(service.child.pid).to.equal(servicePid);
        process.stdout.write(`      chaos: ${created.length} cases in ${Math.round((faultsEnded - began) / 1000)} s; killed ${killed.mysql} MariaDB and ${killed.pg} PostgreSQL connections; `
          + `${statuses.filter((x) => x === 503).length} × 503, ${statuses.filter((x) => x === 409).length} × 409 in use, ${statuses.filter((x) => x === 0).length} without answer; `
          + `${receiver.requests.length} requests for ${events.length} events; ${stops.length} runner restarts; settled ${Math.round((settled - faultsEnded) / 100) / 10} s after the last fault\n`);
      } finally {
        sampling = false;
        await check.close();
      }
      service.child.kill('SIGTERM');
      const done = await service.exited;
      expect(done.code, done.stdout.slice(-2000)).to.equal(0);
    } finally {
      if (service.child.exitCode === null) service.child.kill('SIGKILL');
    }
  });
});
