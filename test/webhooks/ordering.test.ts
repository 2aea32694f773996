import { expect } from 'chai';
import { inTransaction } from '../../src/db/index';
import { recordEvent, relayEvents } from '../../src/events/index';
import { readFeedPage } from '../../src/events/events.repository';
import { type Services } from '../../src/platform/index';
import { type Tenant } from '../../src/tenants/index';
import { attemptDelivery, deliveryJobKey, sweepWebhookDeliveries } from '../../src/webhooks/index';
import type { Runtime } from '../../bin/compose';
import { startWorker } from '../../worker/runner';
import { compileEventSchemas, insertCase } from '../events/support';
import { waitFor } from '../support/processes';
import { newTenant, runtime } from '../support/runtime';
import { receiversPerTest, deliveriesOf, drain, newEndpoint, withConfig, type ReceivedRequest } from './support';

const schemas = compileEventSchemas();

/** A predecessor and the events recorded orderedAfter it, in one transaction (as a monitoring verdict does). */
async function recordPair(svc: Services, orgId: string, i: number, dependents = 2): Promise<{ p: string; ds: string[] }> {
  return inTransaction(svc, async (tx) => {
    const p = await recordEvent(tx, { orgId, type: 'ping', fields: { message: `p ${i}` } });
    const ds: string[] = [];
    for (let k = 0; k < dependents; k++) {
      ds.push((await recordEvent(tx, { orgId, type: 'ping', fields: { message: `d ${i}.${k}` }, orderedAfter: p.eventId })).eventId);
    }
    return { p: p.eventId, ds };
  });
}

const eventIdOf = (q: ReceivedRequest) => (JSON.parse(q.body.toString('utf8')) as { eventId: string }).eventId;
const messageOf = (q: ReceivedRequest) => (JSON.parse(q.body.toString('utf8')) as { message: string }).message;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Every received body is valid against its schema and equal to its /v1/events feed item. */
async function expectValidAndInFeed(svc: Services, orgId: string, requests: ReceivedRequest[]): Promise<string[]> {
  const feed = await readFeedPage(svc, { orgId, limit: 500 });
  const byId = new Map(feed.items.map((i) => [i.eventId, i]));
  for (const q of requests) {
    const body = JSON.parse(q.body.toString('utf8')) as { event: string; eventId: string };
    const validate = schemas.get(body.event)!;
    expect(validate(body), JSON.stringify(validate.errors)).to.equal(true);
    expect(byId.get(body.eventId)?.data).to.equal(q.body.toString('utf8'));
  }
  return feed.items.map((i) => i.eventId);
}

describe('webhooks: deliveries ordered after another (recordEvent orderedAfter)', function () {
  this.timeout(60_000);
  let rt: Runtime;
  let tenant: Tenant;
  const receiver = receiversPerTest();

  beforeEach(async () => {
    rt = await runtime();
    tenant = await newTenant(rt);
  });

  it('under concurrency, for every endpoint, each dependent arrives only after its predecessor\'s first attempt was answered (2xx or not), and the feed lists the predecessor first', async () => {
    const svc = withConfig(rt, { webhookRetryScheduleMs: [60_000] });
    // Receiver A holds every predecessor's answer 400 to 1,000 ms (sent at once, its dependents would
    // arrive meanwhile); receiver B fails every third predecessor's first attempt (HTTP 503: a completed
    // attempt, so its dependents go) and holds the others up to 300 ms.
    const slow = await receiver((q) => (messageOf(q).startsWith('p ') ? { status: 200, hold: sleep(400 + Math.floor(Math.random() * 600)) } : { status: 200 }));
    const failing = await receiver((q) => {
      const m = messageOf(q);
      if (!m.startsWith('p ')) return { status: 200 };
      return Number(m.slice(2)) % 3 === 0 ? { status: 503 } : { status: 200, hold: sleep(Math.floor(Math.random() * 300)) };
    });
    await newEndpoint(svc, { orgId: tenant.id, url: slow.url() });
    await newEndpoint(svc, { orgId: tenant.id, url: failing.url() });
    const worker = await startWorker(svc, rt.queue);
    const pairs: { p: string; ds: string[] }[] = [];
    try {
      // Eight verdicts at once, each a predecessor and two dependents.
      pairs.push(...await Promise.all(Array.from({ length: 8 }, (_, i) => recordPair(svc, tenant.id, i))));
      await slow.waitForRequests(24, 20_000);
      await failing.waitForRequests(24, 20_000);
      await waitFor('every first attempt recorded', async () => (await deliveriesOf(svc, tenant.id)).every((d) => d.firstDoneAt !== null), 10_000, 50);
    } finally {
      await worker.stop();
    }
    for (const r of [slow, failing]) {
      const first = new Map<string, ReceivedRequest>();
      for (const q of r.requests) if (!first.has(eventIdOf(q))) first.set(eventIdOf(q), q);
      for (const { p, ds } of pairs) {
        const pq = first.get(p)!;
        for (const d of ds) {
          expect(first.get(d)!.at, `dependent ${d} after its predecessor's answer`).to.be.at.least(pq.answeredAt!);
        }
      }
      const feed = await expectValidAndInFeed(svc, tenant.id, r.requests);
      for (const { p, ds } of pairs) for (const d of ds) expect(feed.indexOf(p)).to.be.lessThan(feed.indexOf(d));
    }
    // The failed predecessors keep their own retry schedule; nothing else is left pending.
    const deliveries = await deliveriesOf(svc, tenant.id);
    const pending = deliveries.filter((d) => d.state === 'pending');
    expect(pending.map((d) => d.eventId).sort()).to.deep.equal(pairs.filter((_, i) => i % 3 === 0).map((x) => x.p).sort());
    expect(pending.every((d) => d.attempts === 1 && d.lastHttpStatus === 503)).to.equal(true);
  });

  it('does not wait for an endpoint that has no delivery of the predecessor (not subscribed to it)', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const all = await receiver((q) => (messageOf(q) === 'held' ? { status: 200, hold: held } : { status: 200 }));
    const escalations = await receiver();
    await newEndpoint(rt.svc, { orgId: tenant.id, url: all.url() });
    await newEndpoint(rt.svc, { orgId: tenant.id, url: escalations.url(), eventTypes: ['escalation.created'] });
    const { pk } = await insertCase(rt, tenant.id);
    const worker = await startWorker(rt.svc, rt.queue);
    try {
      const dependent = await inTransaction(rt.svc, async (tx) => {
        const p = await recordEvent(tx, { orgId: tenant.id, type: 'ping', fields: { message: 'held' } });
        return recordEvent(tx, {
          orgId: tenant.id, type: 'escalation.created', case: { pk }, fields: { companyName: null, note: 'n', raisedBy: 'a@example.com' }, orderedAfter: p.eventId,
        });
      });
      // The endpoint subscribed to escalations alone gets it while the predecessor's request is still held elsewhere.
      const [q] = await escalations.waitForRequests(1, 10_000);
      expect(eventIdOf(q!)).to.equal(dependent.eventId);
      expect(all.requests.map(messageOf)).to.deep.equal(['held']);
      release();
      await all.waitForRequests(2, 10_000);
      expect(eventIdOf(all.requests[1]!)).to.equal(dependent.eventId);
    } finally {
      release();
      await worker.stop();
    }
  });

  it('a sweep never releases a dependent early, not even once its predecessor\'s lease ran out (a crashed worker): it goes after the predecessor\'s next attempt', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const r = await receiver((q, n) => (n === 1 ? { status: 200, hold: held } : { status: 200 }));
    await newEndpoint(rt.svc, { orgId: tenant.id, url: r.url() });
    const { p, ds: [d] } = await recordPair(rt.svc, tenant.id, 0, 1);
    await relayEvents(rt.svc);
    const [pd, dd] = await deliveriesOf(rt.svc, tenant.id);
    expect([pd!.eventId, dd!.eventId, dd!.afterEventId]).to.deep.equal([p, d, p]);
    // Its predecessor not attempted yet: the dependent is not claimed.
    expect(await attemptDelivery(rt.svc, dd!.id)).to.equal('waiting');
    const first = attemptDelivery(rt.svc, pd!.id);
    await r.waitForRequests(1);
    // A sweep long after, by when the predecessor's lease has run out, re-queues the predecessor and
    // leaves the dependent waiting.
    const later = withConfig(rt, {}, { clock: { now: () => new Date(Date.now() + 60_000) } });
    await sweepWebhookDeliveries(later);
    expect(await attemptDelivery(later, dd!.id)).to.equal('waiting');
    expect(r.requests).to.have.length(1);
    release();
    expect(await first).to.equal('lease_lost');
    // The predecessor's next attempt (the re-queued job) is recorded, and only then is the dependent sent.
    await drain(rt, { orgId: tenant.id });
    await r.waitForRequests(3);
    expect(r.requests.map(eventIdOf)).to.deep.equal([p, p, d]);
    expect(r.requests[2]!.at).to.be.at.least(r.requests[1]!.answeredAt!);
    const [pAfter, dAfter] = await deliveriesOf(rt.svc, tenant.id);
    expect([pAfter!.state, pAfter!.attempts, dAfter!.state, dAfter!.attempts]).to.deep.equal(['delivered', 2, 'delivered', 1]);
  });

  it('the sweep releases a dependent whose hand-off was lost, once its predecessor has had its first attempt', async () => {
    const r = await receiver();
    await newEndpoint(rt.svc, { orgId: tenant.id, url: r.url() });
    const { ds: [d] } = await recordPair(rt.svc, tenant.id, 0, 1);
    await relayEvents(rt.svc);
    const [pd, dd] = await deliveriesOf(rt.svc, tenant.id);
    expect(await attemptDelivery(rt.svc, pd!.id)).to.equal('delivered');
    // The predecessor handed the dependent off (a job, in a process without a worker); it is lost.
    const { rows } = await rt.queue.pool.query('SELECT id FROM graphile_worker.remove_job($1)', [deliveryJobKey(dd!.id)]);
    expect(rows[0]?.id, 'the dependent\'s job').to.not.equal(null);
    // Within a second of the predecessor's record the sweep leaves it to the hand-off; after that, it releases it.
    // The sweep spans tenants (other files' leftovers may be taken too): this dependent's job is what is checked.
    const dependentJobs = async () => (await rt.queue.pool.query('SELECT id FROM graphile_worker.jobs WHERE key = $1', [deliveryJobKey(dd!.id)])).rows;
    await sweepWebhookDeliveries(rt.svc);
    expect(await dependentJobs()).to.have.length(0);
    // Two seconds on, this tenant's dependent is released: its job is queued again.
    expect(await sweepWebhookDeliveries(withConfig(rt, {}, { clock: { now: () => new Date(Date.now() + 2000) } }))).to.be.at.least(1);
    expect(await dependentJobs()).to.have.length(1);
    await drain(rt, { orgId: tenant.id });
    await r.waitForRequests(2);
    expect(eventIdOf(r.requests[1]!)).to.equal(d);
    expect((await deliveriesOf(rt.svc, tenant.id)).map((x) => x.state)).to.deep.equal(['delivered', 'delivered']);
  });

  it('refuses an orderedAfter that is not an event of the tenant', async () => {
    const other = await newTenant(rt);
    const foreign = await inTransaction(rt.svc, (tx) => recordEvent(tx, { orgId: other.id, type: 'ping', fields: { message: 'theirs' } }));
    let failure: Error | null = null;
    try {
      await inTransaction(rt.svc, (tx) => recordEvent(tx, { orgId: tenant.id, type: 'ping', fields: { message: 'mine' }, orderedAfter: foreign.eventId }));
    } catch (err) {
      failure = err as Error;
    }
    expect(failure?.message).to.equal(`recordEvent: orderedAfter ${foreign.eventId} is not an event of tenant ${tenant.id} visible to this transaction`);
  });
});
