import { expect } from 'chai';
import { inTransaction } from '../src/db/index';
import { EventRecord, RELAY_TASK, recordEvent, sweepOutbox } from '../src/events/index';
import { type Tenant } from '../src/tenants/index';
import { startWorker } from '../worker/runner';
import { testEnv } from './support/env';
import { runNode, waitFor } from './support/processes';
import { RecordingSubscriber, drainJobs, newTenant, runtime, withSubscriber } from './support/runtime';

describe('event outbox: record, relay, sweep', () => {
  let tenant: Tenant;
  beforeEach(async () => {
    tenant = await newTenant(await runtime());
  });

  const queuedRelayJobs = async () => {
    const rt = await runtime();
    const { rows } = await rt.queue.pool.query('SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = $1', [RELAY_TASK]);
    return rows[0].n as number;
  };

  it('hands a committed event to subscribers through the queue, exactly as recorded', async () => {
    const rt = await runtime();
    const recorder = new RecordingSubscriber();
    const recorded = await inTransaction(rt.svc, (tx) => recordEvent(tx, { orgId: tenant.id, type: 'ping', fields: { message: 'hello' } }));
    expect(await queuedRelayJobs()).to.be.greaterThan(0);
    await withSubscriber(rt, recorder, () => drainJobs(rt, { orgId: tenant.id }));
    expect(recorder.ids(tenant.id)).to.deep.equal([recorded.eventId]);
    const got = recorder.received.find((e) => e.eventId === recorded.eventId)!;
    expect(got.data).to.equal(recorded.data);
    expect(JSON.parse(got.data)).to.deep.include({ event: 'ping', eventVersion: 1, orgId: tenant.id, message: 'hello' });
    const row = await rt.svc.db.manager.findOneByOrFail(EventRecord, { eventId: recorded.eventId });
    expect(row.relayedAt).to.be.instanceOf(Date);
  });

  it('never hands off an event whose transaction rolled back', async () => {
    const rt = await runtime();
    const recorder = new RecordingSubscriber();
    let eventId = '';
    const failure = new Error('business rule failed after the event was recorded');
    await inTransaction(rt.svc, async (tx) => {
      eventId = (await recordEvent(tx, { orgId: tenant.id, type: 'ping', fields: { message: 'doomed' } })).eventId;
      throw failure;
    }).then(
      () => expect.fail('the transaction should have failed'),
      (err) => expect(err).to.equal(failure),
    );
    await withSubscriber(rt, recorder, async () => {
      await drainJobs(rt, { orgId: tenant.id });
      await sweepOutbox({ ...rt.svc, clock: { now: () => new Date(Date.now() + 60_000) } });
    });
    expect(recorder.ids(tenant.id)).to.deep.equal([]);
    expect(await rt.svc.db.manager.countBy(EventRecord, { eventId })).to.equal(0);
  });

  it('hands off, through the sweep, an event whose process was killed between commit and hand-off', async () => {
    const rt = await runtime();
    const before = await queuedRelayJobs();
    const crashed = await runNode('test/fixtures/crash-after-commit.js', [tenant.id], testEnv());
    expect(crashed.signal).to.equal('SIGKILL');
    expect(crashed.stdout).to.equal('');
    const [orphan] = await rt.svc.db.manager.findBy(EventRecord, { orgId: tenant.id });
    expect(orphan, 'the committed event').to.not.equal(undefined);
    expect(orphan!.relayedAt).to.equal(null);
    expect(await queuedRelayJobs()).to.equal(before);

    const recorder = new RecordingSubscriber();
    await withSubscriber(rt, recorder, async () => {
      // Within the grace period the sweep leaves the event to its (lost) nudge (the clock is pinned to the
      // event's time: a slow child process must not let the real grace period run out first) …
      const within = { ...rt.svc, clock: { now: () => new Date(orphan!.occurredAt.getTime() + 10) } };
      expect((await sweepOutbox(within)).relayed).to.equal(0);
      // … after it, the sweep hands it off.
      const later = { ...rt.svc, clock: { now: () => new Date(Date.now() + 5000) } };
      expect((await sweepOutbox(later)).relayed).to.be.greaterThan(0);
    });
    expect(recorder.ids(tenant.id)).to.deep.equal([orphan!.eventId]);
    expect(recorder.received.find((e) => e.orgId === tenant.id)!.data).to.equal(orphan!.data);
  });

  it('a running worker sweeps up a lost hand-off on its own', async () => {
    const rt = await runtime();
    const crashed = await runNode('test/fixtures/crash-after-commit.js', [tenant.id], testEnv());
    expect(crashed.signal).to.equal('SIGKILL');
    const recorder = new RecordingSubscriber();
    await withSubscriber(rt, recorder, async () => {
      const worker = await startWorker(rt.svc, rt.queue);
      try {
        await waitFor('the sweep to relay the orphaned event', async () => recorder.ids(tenant.id).length === 1, 15_000);
      } finally {
        await worker.stop();
      }
    });
    const row = await rt.svc.db.manager.findOneByOrFail(EventRecord, { orgId: tenant.id });
    expect(recorder.ids(tenant.id)).to.deep.equal([row.eventId]);
  });

  it('numbers the events of one case 1, 2, 3 … without gaps under concurrent transactions', async () => {
    const rt = await runtime();
    const [{ insertId }] = [await rt.svc.db.query(
      `INSERT INTO cases (case_id, org_id, status, onboarding_stage, source, created_at, updated_at)
       VALUES (UUID(), ?, 'in_progress', 'created', 'manual', NOW(3), NOW(3))`,
      [tenant.id],
    )];
    const casePk = Number(insertId);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        inTransaction(rt.svc, (tx) =>
          recordEvent(tx, { orgId: tenant.id, type: 'escalation.created', case: { pk: casePk }, fields: { companyName: null, note: `n${i}`, raisedBy: 'a@example.com' } }),
        ),
      ),
    );
    const rows = await rt.svc.db.manager.find(EventRecord, { where: { orgId: tenant.id }, order: { seq: 'ASC' } });
    // The case row lock orders the transactions, so feed order and case order agree too.
    expect(rows.map((r) => r.caseSequence)).to.deep.equal(Array.from({ length: 20 }, (_, i) => i + 1));
    for (const row of rows) expect(JSON.parse(row.data).caseSequence).to.equal(row.caseSequence);
  });
});
