import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'chai';
import { inTransaction } from '../../src/db/index';
import { EventRecord, recordEvent, relayEvents, type EventFeedItem } from '../../src/events/index';
import { readFeedPage } from '../../src/events/events.repository';
import { type Tenant } from '../../src/tenants/index';
import { newTenant, runtime } from '../support/runtime';
import { insertCase } from './support';

describe('event store: the feed (readFeedPage) in commit order', () => {
  let tenant: Tenant;
  beforeEach(async () => {
    tenant = await newTenant(await runtime());
  });

  const ping = (message: string) => async () => {
    const rt = await runtime();
    return inTransaction(rt.svc, (tx) => recordEvent(tx, { orgId: tenant.id, type: 'ping', fields: { message } }));
  };

  it('lists an event once it is relayed: its type, version, time and the stored payload bytes, oldest first, filtered and paged', async () => {
    const rt = await runtime();
    const { pk } = await insertCase(rt, tenant.id);
    const first = await ping('one')();
    const second = await inTransaction(rt.svc, (tx) =>
      recordEvent(tx, { orgId: tenant.id, type: 'escalation.created', case: { pk }, fields: { companyName: null, note: 'n', raisedBy: 'a@example.com' } }),
    );
    const third = await ping('three')();
    expect((await readFeedPage(rt.svc, { orgId: tenant.id, limit: 50 })).items, 'before the relay').to.deep.equal([]);

    await relayEvents(rt.svc);
    const all = await readFeedPage(rt.svc, { orgId: tenant.id, limit: 50 });
    expect(all.hasMore).to.equal(false);
    expect(all.items.map((i) => i.eventId)).to.deep.equal([first.eventId, second.eventId, third.eventId]);
    const row = await rt.svc.db.manager.findOneByOrFail(EventRecord, { eventId: second.eventId });
    expect(all.items[1]).to.deep.equal({
      eventId: second.eventId, eventType: 'escalation.created', eventVersion: 1, occurredAt: second.payload.timestamp, data: second.data, position: row.feedPosition,
    });
    expect(all.items[0]!.position).to.be.lessThan(all.items[1]!.position);

    const pings = await readFeedPage(rt.svc, { orgId: tenant.id, eventType: 'ping', limit: 1 });
    expect(pings.items.map((i) => i.eventId)).to.deep.equal([first.eventId]);
    expect(pings.hasMore).to.equal(true);
    const next = await readFeedPage(rt.svc, { orgId: tenant.id, eventType: 'ping', limit: 1, afterPosition: pings.items[0]!.position });
    expect(next.items.map((i) => i.eventId)).to.deep.equal([third.eventId]);
    expect(next.hasMore).to.equal(false);

    const other = await newTenant(rt);
    expect((await readFeedPage(rt.svc, { orgId: other.id, limit: 50 })).items, 'another tenant sees none of it').to.deep.equal([]);
  });

  it('does not pass over an event whose transaction took its seq first but committed after a later one the reader already saw', async () => {
    const rt = await runtime();
    let recordedA!: () => void;
    const aRecorded = new Promise<void>((r) => (recordedA = r));
    let commitA!: () => void;
    const aMayCommit = new Promise<void>((r) => (commitA = r));
    const slow = inTransaction(rt.svc, async (tx) => {
      const a = await recordEvent(tx, { orgId: tenant.id, type: 'ping', fields: { message: 'slow' } });
      recordedA();
      await aMayCommit;
      return a;
    });
    await aRecorded;
    const b = await ping('fast')();
    await relayEvents(rt.svc);
    const page1 = await readFeedPage(rt.svc, { orgId: tenant.id, limit: 50 });
    expect(page1.items.map((i) => i.eventId)).to.deep.equal([b.eventId]);

    commitA();
    const a = await slow;
    expect(a.seq, 'A took the lower seq').to.be.lessThan(b.seq);
    await relayEvents(rt.svc);
    const page2 = await readFeedPage(rt.svc, { orgId: tenant.id, limit: 50, afterPosition: page1.items.at(-1)!.position });
    expect(page2.items.map((i) => i.eventId), 'paging by position finds A').to.deep.equal([a.eventId]);
    // Paging by seq would have lost it: A's seq is below the last seq the reader had seen.
    const bySeq: unknown[] = await rt.svc.db.query('SELECT event_id FROM events WHERE org_id = ? AND seq > ?', [tenant.id, b.seq]);
    expect(bySeq).to.deep.equal([]);
  });

  it('never relays an event ahead of an older committed one it could not claim (a transaction that commits while the claim scans its rows)', async () => {
    const rt = await runtime();
    const { p, d } = await inTransaction(rt.svc, async (tx) => {
      const first = await recordEvent(tx, { orgId: tenant.id, type: 'ping', fields: { message: 'predecessor' } });
      const then = await recordEvent(tx, { orgId: tenant.id, type: 'ping', fields: { message: 'dependent' }, orderedAfter: first.eventId });
      return { p: first, d: then };
    });
    // The instant the claim meets: the predecessor's row still locked, the dependent's free.
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    let unlock!: () => void;
    const mayUnlock = new Promise<void>((r) => (unlock = r));
    const holder = inTransaction(rt.svc, async (tx) => {
      await tx.manager.query('SELECT seq FROM events WHERE org_id = ? AND seq = ? FOR UPDATE', [tenant.id, p.seq]);
      locked();
      await mayUnlock;
    });
    await isLocked;
    try {
      await relayEvents(rt.svc);
      expect((await readFeedPage(rt.svc, { orgId: tenant.id, limit: 50 })).items, 'the dependent waits for its predecessor').to.deep.equal([]);
    } finally {
      unlock();
      await holder;
    }
    await relayEvents(rt.svc);
    const feed = await readFeedPage(rt.svc, { orgId: tenant.id, limit: 50 });
    expect(feed.items.map((i) => i.eventId)).to.deep.equal([p.eventId, d.eventId]);
  });

  it('concurrent producers, relays and a paging reader: every event exactly once, positions increasing, each case in caseSequence order', async () => {
    const rt = await runtime();
    const cases = [await insertCase(rt, tenant.id), await insertCase(rt, tenant.id)];
    const produced: string[] = [];
    let producing = true;
    const producers = Array.from({ length: 4 }, (_, p) =>
      (async () => {
        for (let i = 0; i < 12; i++) {
          const kase = cases[(p + i) % 2]!;
          const recorded = await inTransaction(rt.svc, async (tx) => {
            const r = await recordEvent(tx, { orgId: tenant.id, type: 'escalation.created', case: { pk: kase.pk }, fields: { companyName: null, note: `${p}.${i}`, raisedBy: 'r@example.com' } });
            // Hold some transactions open a little, so that commit order differs from seq order.
            if ((p + i) % 3 === 0) await sleep(2 + ((p * 7 + i) % 5));
            return r;
          });
          produced.push(recorded.eventId);
          if (i % 4 === 0) await ping(`${p}.${i}`)().then((r) => produced.push(r.eventId));
        }
      })(),
    );
    const relays = Array.from({ length: 2 }, () =>
      (async () => {
        while (producing) await relayEvents(rt.svc);
      })(),
    );
    const seen: EventFeedItem[] = [];
    const reader = (async () => {
      let after: number | undefined;
      for (let quiet = 0; quiet < 2; ) {
        const done = !producing;
        const page = await readFeedPage(rt.svc, { orgId: tenant.id, limit: 7, afterPosition: after });
        seen.push(...page.items);
        if (page.items.length) after = page.items.at(-1)!.position;
        // Stop after two empty pages once everything was produced and relayed.
        quiet = done && page.items.length === 0 ? quiet + 1 : 0;
        if (done && page.items.length === 0) await relayEvents(rt.svc);
      }
    })();
    await Promise.all(producers);
    producing = false;
    await Promise.all(relays);
    await relayEvents(rt.svc);
    await reader;

    const ids = seen.map((i) => i.eventId);
    expect(new Set(ids).size, 'no repeats').to.equal(ids.length);
    expect([...ids].sort(), 'no skips').to.deep.equal([...produced].sort());
    expect(ids.length).to.equal(4 * 12 + 4 * 3);
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.position).to.be.greaterThan(seen[i - 1]!.position);
    for (const kase of cases) {
      const sequences = seen.map((i) => JSON.parse(i.data)).filter((d) => d.caseId === kase.caseId).map((d) => d.caseSequence);
      expect(sequences).to.deep.equal(Array.from({ length: 24 }, (_, i) => i + 1));
    }
  });

  it('rejects a limit below 1 and clamps one above 200', async () => {
    const rt = await runtime();
    await readFeedPage(rt.svc, { orgId: tenant.id, limit: 0 }).then(
      () => expect.fail('limit 0 should be refused'),
      (err: { code: string }) => expect(err.code).to.equal('validation_failed'),
    );
    expect((await readFeedPage(rt.svc, { orgId: tenant.id, limit: 5000 })).items).to.deep.equal([]);
  });
});
