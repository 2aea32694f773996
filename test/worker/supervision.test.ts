import { expect } from 'chai';
import { createConnection } from 'mysql2/promise';
import { dropMysqlDatabase } from '../../src/db/index';
import { RELAY_TASK } from '../../src/events/index';
import { checkReadiness, createLogger } from '../../src/platform/index';
import { type Tenant } from '../../src/tenants/index';
import type { Runtime } from '../../bin/compose';
import { GraphileJobQueue } from '../../worker/job-queue';
import { dropPgDatabase } from '../../worker/pg-database';
import { startWorker } from '../../worker/runner';
import { RUN_ID, testEnv } from '../support/env';
import { freePort, startNode, waitFor, type Finished } from '../support/processes';
import { REFUSE_COMPLETION, refuseMarkedCompletions } from '../support/queue-faults';
import { newTenant, runtime } from '../support/runtime';
import { newEndpoint, receiversPerTest, recordTestEvent, withConfig } from '../webhooks/support';

type Line = Record<string, unknown> & { msg?: string; level?: number };
const parseLines = (text: string): Line[] => text.trim().split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Line);

async function readyz(port: number): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`http://127.0.0.1:${port}/readyz`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

describe('worker: the job runner is supervised', function () {
  this.timeout(60_000);
  const receiver = receiversPerTest();
  let rt: Runtime;
  let tenant: Tenant;
  beforeEach(async () => {
    rt = await runtime();
    tenant = await newTenant(rt);
  });

  it('restarts a runner that stopped on its own after the restart wait, says so in readiness meanwhile, and works again', async () => {
    const lines: Line[] = [];
    const log = createLogger('info', { write: (l: string) => void lines.push(JSON.parse(l) as Line) });
    const svc = withConfig(rt, { workerRestartScheduleMs: [1000] }, { log });
    const cleanup = await refuseMarkedCompletions(rt.queue.pool);
    const worker = await startWorker(svc, rt.queue);
    const readiness = () => checkReadiness({ ...svc, runner: worker });
    try {
      expect((await readiness()).checks.runner).to.equal('running');
      await svc.jobs.enqueue(RELAY_TASK, { [REFUSE_COMPLETION]: 1 });
      await waitFor('the runner to stop', async () => worker.state() === 'restarting', 10_000, 10);
      const during = await readiness();
      expect(during.ready).to.equal(false);
      expect(during.checks.runner).to.equal('restarting');
      await waitFor('the runner to be restarted', async () => worker.state() === 'running', 10_000, 20);
      // It runs jobs again: an event recorded now reaches its receiver.
      const r = await receiver();
      await newEndpoint(svc, { orgId: tenant.id, url: r.url() });
      await recordTestEvent(svc, tenant.id, 'after the restart');
      await r.waitForRequests(1, 10_000);
      expect((await readiness()).checks.runner).to.equal('running');
    } finally {
      await worker.stop();
      await cleanup();
    }
    expect(worker.state()).to.equal('stopped');
    const stopped = lines.filter((l) => l.msg === 'job runner stopped unexpectedly; restarting it');
    expect(stopped).to.have.length(1);
    expect(stopped[0]).to.deep.include({ level: 50, restart: 1 });
    // The wait is the schedule's 1 s with jitter (75..125 %).
    expect(stopped[0]!.inMs).to.be.within(750, 1250);
    expect(lines.filter((l) => l.msg === 'job runner restarted')).to.have.length(1);
  });

  it('restarts a runner whose fetches keep failing: graphile caches a failed task lookup per runner', async () => {
    // The first task lookup of a runner fails once (as when its connection is killed at that moment);
    // graphile keeps the rejected lookup and every fetch of that runner fails from then on.
    const pool = rt.queue.pool;
    await pool.query('DROP SEQUENCE IF EXISTS public.task_lookup_calls; CREATE SEQUENCE public.task_lookup_calls');
    await pool.query(`CREATE OR REPLACE FUNCTION public.fail_first_task_lookup() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF nextval('public.task_lookup_calls') = 1 THEN RAISE EXCEPTION 'test: the task lookup fails once'; END IF;
        RETURN NEW;
      END $$`);
    await pool.query(`CREATE TRIGGER fail_first_task_lookup BEFORE INSERT ON graphile_worker._private_tasks
      FOR EACH ROW EXECUTE FUNCTION public.fail_first_task_lookup()`);
    const lines: Line[] = [];
    const log = createLogger('info', { write: (l: string) => void lines.push(JSON.parse(l) as Line) });
    const svc = withConfig(rt, { workerRestartScheduleMs: [200] }, { log });
    let worker: Awaited<ReturnType<typeof startWorker>> | null = null;
    try {
      worker = await startWorker(svc, rt.queue);
      const r = await receiver();
      await newEndpoint(svc, { orgId: tenant.id, url: r.url() });
      await recordTestEvent(svc, tenant.id, 'despite a failed task lookup');
      // The first attempt needs no job (the sweep's relay hands it to the worker's own sender), so it may
      // arrive while the runner is still stuck; the restart is waited for on its own.
      await r.waitForRequests(1, 30_000);
      await waitFor('the runner to be restarted', async () => lines.some((l) => l.msg === 'job runner restarted'), 30_000, 50);
    } finally {
      await worker?.stop();
      await pool.query('DROP TRIGGER fail_first_task_lookup ON graphile_worker._private_tasks; DROP FUNCTION public.fail_first_task_lookup(); DROP SEQUENCE public.task_lookup_calls');
    }
    const stopped = lines.filter((l) => l.msg === 'job runner stopped unexpectedly; restarting it');
    expect(stopped.map((l) => l.reason)).to.deep.equal(['the job runner failed to fetch jobs 10 times in a row']);
    expect(lines.filter((l) => l.msg === 'job runner restarted')).to.have.length(1);
  });

  it('restarts a runner that stalls without any error (its one worker waits on a lock) once a due job has waited WORKER_STALL_TIMEOUT', async () => {
    const lines: Line[] = [];
    const log = createLogger('info', { write: (l: string) => void lines.push(JSON.parse(l) as Line) });
    const svc = withConfig(rt, { workerConcurrency: 1, workerStallTimeoutMs: 1500, workerRestartScheduleMs: [200, 200, 200, 200] }, { log });
    // Another session holds the endpoints table: the relay's fan-out waits on it (a metadata lock waits
    // for a year), so the runner's only worker is busy and silent, as after a lost connection that never errors.
    const locker = await createConnection(svc.config.mysqlUrl);
    let worker: Awaited<ReturnType<typeof startWorker>> | null = null;
    try {
      const r = await receiver();
      await newEndpoint(svc, { orgId: tenant.id, url: r.url() });
      await locker.query('LOCK TABLES webhook_endpoints WRITE');
      worker = await startWorker(svc, rt.queue);
      await recordTestEvent(svc, tenant.id, 'held up by the lock');
      await waitFor('the relay to wait on the lock', async () => {
        const [rows] = await locker.query(`SELECT COUNT(*) AS n FROM information_schema.processlist WHERE state LIKE 'Waiting for table metadata lock'`);
        return Number((rows as { n: number }[])[0]!.n) > 0;
      }, 10_000, 50);
      await recordTestEvent(svc, tenant.id, 'queued behind it'); // a due job that no worker holds
      await waitFor('the stalled runner to be restarted', async () => lines.some((l) => l.msg === 'job runner restarted'), 15_000, 50);
      await locker.query('UNLOCK TABLES');
      await r.waitForRequests(2, 20_000);
    } finally {
      await locker.end();
      await worker?.stop();
    }
    const stopped = lines.filter((l) => l.msg === 'job runner stopped unexpectedly; restarting it');
    expect(stopped.length).to.be.at.least(1);
    expect(String(stopped[0]!.reason)).to.match(/^the job runner made no progress for \d+ s while a job waited \d+ s$/);
  });

  it('reports a backlog older than READY_MAX_JOB_DELAY as late (not ready)', async () => {
    const svc = withConfig(rt, { readyMaxJobDelayMs: 1000 });
    // A job due 5 s ago that no worker runs (no task has this name).
    await svc.jobs.enqueue('readiness-probe-nobody-runs', { probe: RUN_ID }, { runAt: new Date(Date.now() - 5000) });
    try {
      const r = await checkReadiness({ ...svc, runner: { state: () => 'running' } });
      expect(r.ready).to.equal(false);
      expect(r.checks).to.deep.include({ mysql: 'ok', queue: 'ok', runner: 'running', backlog: 'late' });
      expect(r.oldestDueJobAgeMs).to.be.at.least(5000);
    } finally {
      await rt.queue.pool.query(`DELETE FROM graphile_worker._private_jobs WHERE payload->>'probe' = $1`, [RUN_ID]);
    }
  });
});

describe('worker process: gives up for its supervisor, drains a stopped runner', function () {
  this.timeout(60_000);
  // Databases of their own: the tests make the queue refuse job completions.
  const mysqlUrl = `mysql://root@127.0.0.1:3306/svc_supervise_${RUN_ID}`;
  const pgUrl = `postgres://postgres@127.0.0.1:5432/svc_supervise_${RUN_ID}`;
  let queue: GraphileJobQueue | null = null;

  after(async () => {
    await queue?.close();
    await dropMysqlDatabase(mysqlUrl);
    await dropPgDatabase(pgUrl);
  });

  async function startWorkerProcess(extra: Record<string, string>) {
    const healthPort = await freePort();
    const proc = startNode('bin/start.js', ['--worker'], testEnv({
      MYSQL_URL: mysqlUrl, PG_URL: pgUrl, LOG_LEVEL: 'info', WORKER_CONCURRENCY: '1', HEALTH_PORT: String(healthPort), ...extra,
    }));
    const ready = await waitFor('the worker\'s /readyz', async () => {
      const r = await readyz(healthPort);
      return r.status === 200 ? r : null;
    }, 30_000);
    queue ??= new GraphileJobQueue(pgUrl, createLogger('silent'), 2);
    return { ...proc, healthPort, ready };
  }

  it('exits 1 once its runner stopped again after every restart of WORKER_RESTART_SCHEDULE, so that a supervisor starts a fresh process', async () => {
    const proc = await startWorkerProcess({ WORKER_RESTART_SCHEDULE: '50ms,50ms' });
    let done: Finished;
    const cleanup = await refuseMarkedCompletions(queue!.pool);
    try {
      expect(proc.ready.body).to.deep.equal({
        status: 'ready', checks: { mysql: 'ok', queue: 'ok', runner: 'running', backlog: 'ok' }, oldestDueJobAgeMs: 0,
      });
      // Each runner takes at least one of these and stops when its completion is refused. A runner may
      // fetch several before its first refused completion stops it (seen: three each), so there are enough
      // for every runner the schedule allows, however many each one takes.
      for (let i = 0; i < 30; i++) await queue!.enqueue(RELAY_TASK, { [REFUSE_COMPLETION]: i });
      // On a timeout, say what the worker logged meanwhile.
      done = await within(proc.exited, 20_000, 'the worker to give up').catch((err: Error) => {
        throw new Error(`${err.message}; the worker logged:\n${proc.output().split('\n').slice(-30).join('\n')}`);
      });
    } finally {
      if (proc.child.exitCode === null) proc.child.kill('SIGKILL');
      await cleanup();
    }
    expect(done.code, done.stderr).to.equal(1);
    const lines = parseLines(done.stdout);
    expect(lines.filter((l) => l.msg === 'job runner stopped unexpectedly; restarting it').map((l) => l.restart)).to.deep.equal([1, 2]);
    expect(lines.filter((l) => l.msg === 'job runner restarted')).to.have.length(2);
    expect(lines.find((l) => l.msg === 'job runner stopped and could not be restarted; giving up')).to.deep.include({ level: 60, restarts: 2 });
    expect(lines.find((l) => l.msg === 'drained; bye')).to.deep.include({ exitCode: 1 });
  });

  it('drains with exit 0 on SIGTERM while its runner is stopped, and /readyz on HEALTH_PORT says unavailable meanwhile', async () => {
    const proc = await startWorkerProcess({ WORKER_RESTART_SCHEDULE: '1h' });
    const cleanup = await refuseMarkedCompletions(queue!.pool);
    try {
      await queue!.enqueue(RELAY_TASK, { [REFUSE_COMPLETION]: 'drain' });
      const down = await waitFor('/readyz to report the stopped runner', async () => {
        const r = await readyz(proc.healthPort);
        return r.status === 503 ? r : null;
      }, 15_000, 50);
      expect(down.body).to.deep.include({ status: 'unavailable' });
      expect(down.body.checks).to.deep.equal({ mysql: 'ok', queue: 'ok', runner: 'restarting', backlog: 'ok' });
      // A worker-only process serves nothing else.
      expect((await fetch(`http://127.0.0.1:${proc.healthPort}/v1/cases`)).status).to.equal(404);
      proc.child.kill('SIGTERM');
      const done = await within(proc.exited, 20_000, 'the worker to drain');
      expect(done.code, done.stdout).to.equal(0);
      expect(done.stdout).to.not.contain('drain failed');
      expect(parseLines(done.stdout).find((l) => l.msg === 'drained; bye')).to.deep.include({ exitCode: 0 });
    } finally {
      if (proc.child.exitCode === null) proc.child.kill('SIGKILL');
      await cleanup();
    }
  });
});
