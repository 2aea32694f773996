import { expect } from 'chai';
import { type Tenant } from '../../src/tenants/index';
import { attemptLeaseMs } from '../../src/webhooks/index';
import type { Runtime } from '../../bin/compose';
import { startWorker } from '../../worker/runner';
import { testEnv } from '../support/env';
import { startNode, waitFor } from '../support/processes';
import { newTenant, runtime } from '../support/runtime';
import { testTls } from '../support/test-tls';
import { receiversPerTest, attemptsOf, deliveriesOf, newEndpoint, recordTestEvent, withConfig } from './support';

describe('webhooks: a running worker (real schedule, SIGKILL recovery)', function () {
  this.timeout(60_000);
  let rt: Runtime;
  let tenant: Tenant;
  const receiver = receiversPerTest();

  beforeEach(async () => {
    rt = await runtime();
    tenant = await newTenant(rt);
  });

  it('waits the real first two retries, 1 s then 5 s, counted from the end of the attempt before', async () => {
    const svc = withConfig(rt, { webhookRetryScheduleMs: [1000, 5000, 30_000] });
    const r = await receiver((_req, n) => ({ status: n <= 2 ? 503 : 200 }));
    await newEndpoint(svc, { orgId: tenant.id, url: r.url() });
    const worker = await startWorker(svc, rt.queue);
    try {
      await recordTestEvent(svc, tenant.id, 'on the real schedule');
      await r.waitForRequests(3, 15_000);
      await waitFor('the delivery to be delivered', async () => (await deliveriesOf(svc, tenant.id))[0]?.state === 'delivered', 5000, 50);
    } finally {
      await worker.stop();
    }
    const [d] = await deliveriesOf(svc, tenant.id);
    const [a1, a2, a3] = await attemptsOf(svc, tenant.id, d!.id);
    expect([a1, a2, a3].map((a) => a!.httpStatus)).to.deep.equal([503, 503, 200]);
    const wait1 = a2!.startedAt.getTime() - a1!.finishedAt.getTime();
    const wait2 = a3!.startedAt.getTime() - a2!.finishedAt.getTime();
    // Never early; late only by the queue's hand-over (well under its 1 s poll interval).
    expect(wait1).to.be.within(1000, 1750);
    expect(wait2).to.be.within(5000, 5750);
  });

  it('a worker killed with SIGKILL mid-delivery loses nothing: after a restart every delivery completes within its schedule, same eventIds', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding = true;
    const r = await receiver(() => (holding ? { status: 200, hold: held } : { status: 200, body: 'ok' }));
    await newEndpoint(rt.svc, { orgId: tenant.id, url: r.url() });
    const env = testEnv({ NODE_EXTRA_CA_CERTS: testTls().caFile });
    const first = startNode('bin/start.js', ['--worker'], env);
    const events = [];
    try {
      for (let i = 0; i < 5; i++) events.push(await recordTestEvent(rt.svc, tenant.id, `crash ${i}`));
      // Every delivery is in flight: the receiver has the requests and holds its answers.
      await r.waitForRequests(5, 20_000);
    } finally {
      first.child.kill('SIGKILL');
    }
    expect((await first.exited).signal).to.equal('SIGKILL');
    holding = false;
    release();
    const before = await deliveriesOf(rt.svc, tenant.id);
    expect(before.map((d) => d.state)).to.deep.equal(['pending', 'pending', 'pending', 'pending', 'pending']);

    const restarted = Date.now();
    const second = startNode('bin/start.js', ['--worker'], env);
    try {
      await waitFor('every delivery to complete', async () => (await deliveriesOf(rt.svc, tenant.id)).every((d) => d.state === 'delivered'), 30_000, 100);
    } finally {
      second.child.kill('SIGTERM');
    }
    expect((await second.exited).code).to.equal(0);
    // Taken over once the dead worker's lease ran out (plus a sweep), not after graphile's 4 h lock.
    expect(Date.now() - restarted).to.be.lessThan(attemptLeaseMs(rt.svc.config) + 10_000);
    const after = await deliveriesOf(rt.svc, tenant.id);
    expect(after.map((d) => d.id)).to.deep.equal(before.map((d) => d.id));
    expect(after.map((d) => d.eventId).sort()).to.deep.equal(events.map((e) => e.eventId).sort());
    const resent = r.requests.slice(5);
    expect(resent.map((q) => q.headers['x-svc-event-id']).sort()).to.deep.equal(events.map((e) => e.eventId).sort());
    for (const q of resent) expect(q.body.toString()).to.equal(events.find((e) => e.eventId === q.headers['x-svc-event-id'])!.data);
    // The dead worker's requests were attempt 1 (their results were lost); the ones sent again are attempt 2.
    expect(r.requests.slice(0, 5).map((q) => q.headers['x-svc-attempt'])).to.deep.equal(['1', '1', '1', '1', '1']);
    expect(resent.map((q) => q.headers['x-svc-attempt'])).to.deep.equal(['2', '2', '2', '2', '2']);
  });

  it('SIGTERM drains: a delivery in flight when the signal arrives is finished and recorded before exit 0', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const r = await receiver(() => ({ status: 200, body: 'got it', hold: held }));
    await newEndpoint(rt.svc, { orgId: tenant.id, url: r.url() });
    const worker = startNode('bin/start.js', ['--worker'], testEnv({ NODE_EXTRA_CA_CERTS: testTls().caFile, LOG_LEVEL: 'info' }));
    try {
      await waitFor('the worker', async () => worker.output().includes('"msg":"service started"'), 30_000);
      const event = await recordTestEvent(rt.svc, tenant.id, 'in flight at SIGTERM');
      await r.waitForRequests(1, 20_000);
      worker.child.kill('SIGTERM');
      await waitFor('the worker to start draining', async () => worker.output().includes('"msg":"draining"'), 10_000, 20);
      // Only now does the receiver answer: the job must still be running to record it.
      release();
      const done = await worker.exited;
      expect(done.code, done.stderr).to.equal(0);
      const [delivery] = await deliveriesOf(rt.svc, tenant.id);
      expect(delivery).to.deep.include({ state: 'delivered', attempts: 1, eventId: event.eventId, lastHttpStatus: 200 });
      const [attempt] = await attemptsOf(rt.svc, tenant.id, delivery!.id);
      expect(attempt).to.deep.include({ attemptNo: 1, httpStatus: 200, responseBody: 'got it' });
    } finally {
      release();
      if (worker.child.exitCode === null) worker.child.kill('SIGKILL');
    }
  });
});
