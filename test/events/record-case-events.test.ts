import { expect } from 'chai';
import { inTransaction } from '../../src/db/index';
import { EventRecord, recordCaseEvents, recordEvent } from '../../src/events/index';
import type { Runtime } from '../../bin/compose';
import { newTenant, runtime } from '../support/runtime';
import { EXAMPLE_FIELDS } from '../../src/events/index';
import { insertCase } from './support';

/** A payload without what differs between two recordings of one case: its eventId, clock reading and caseSequence. */
const shape = (payload: Record<string, unknown>) => {
  const { eventId, timestamp, caseSequence, ...rest } = payload;
  expect(caseSequence).to.be.a('number');
  expect(eventId).to.be.a('string');
  expect(timestamp).to.be.a('string');
  return { keys: Object.keys(payload), rest };
};

describe('events: one recorder (recordEvent and the batch recordCaseEvents)', function () {
  this.timeout(30_000);
  let rt: Runtime;

  before(async () => {
    rt = await runtime();
  });

  it('records the same envelope either way, keeps caseSequence gapless across both, and stores a batched event\'s orderedAfter', async () => {
    const tenant = await newTenant(rt);
    const orgId = tenant.id;
    const c = await insertCase(rt, orgId, { crmRecordId: 'crm-42', crmSource: 'hubspot' });
    const other = await insertCase(rt, orgId);
    const alert = EXAMPLE_FIELDS['monitoring.alert.created'];
    const run = EXAMPLE_FIELDS['monitoring.run.completed'];

    const { single, batch, last } = await inTransaction(rt.svc, async (tx) => {
      const single = await recordEvent(tx, { orgId, type: 'monitoring.alert.created', case: { pk: c.pk }, fields: alert });
      const batch = await recordCaseEvents(tx, orgId, [
        { orgId, type: 'monitoring.alert.created', case: { pk: c.pk }, fields: alert, orderedAfter: single.eventId },
        { orgId, type: 'monitoring.run.completed', case: { pk: other.pk }, fields: run },
        { orgId, type: 'monitoring.run.completed', case: { pk: c.pk }, fields: run },
      ]);
      const last = await recordEvent(tx, { orgId, type: 'monitoring.run.completed', case: { pk: c.pk }, fields: run });
      return { single, batch, last };
    });

    // The same type and fields give the same envelope and payload, key for key, by either path.
    const one = single.payload as unknown as Record<string, unknown>;
    const many = batch.map((b) => b.payload as unknown as Record<string, unknown>);
    expect(shape(many[0]!)).to.deep.equal(shape(one));
    expect(shape(many[2]!)).to.deep.equal(shape(last.payload as unknown as Record<string, unknown>));
    expect(one).to.include({ caseId: c.caseId, crmRecordId: 'crm-42', caseSequence: 1, orgId, event: 'monitoring.alert.created' });
    expect(many.map((p) => [p.caseId, p.caseSequence])).to.deep.equal([[c.caseId, 2], [other.caseId, 1], [c.caseId, 3]]);
    expect(last.payload).to.include({ caseSequence: 4 });

    // What is stored: the bytes returned, the sequences, and the batched event's orderedAfter.
    const rows = await rt.svc.db.getRepository(EventRecord).find({ where: { orgId }, order: { seq: 'ASC' } });
    expect(rows.map((r) => r.eventId)).to.deep.equal([single.eventId, ...batch.map((b) => b.eventId), last.eventId]);
    expect(rows.map((r) => Number(r.seq))).to.deep.equal([single.seq, ...batch.map((b) => b.seq), last.seq]);
    expect(rows.map((r) => r.data)).to.deep.equal([single.data, ...batch.map((b) => b.data), last.data]);
    expect(rows.map((r) => r.caseSequence)).to.deep.equal([1, 2, 1, 3, 4]);
    expect(rows.map((r) => r.orderedAfter)).to.deep.equal([null, single.eventId, null, null, null]);
    const [counter] = await rt.svc.db.query('SELECT event_sequence FROM cases WHERE org_id = ? AND pk = ?', [orgId, c.pk]);
    expect(Number(counter.event_sequence)).to.equal(4);
  });

  it('refuses, as recordEvent does, an orderedAfter that is not an event of the tenant', async () => {
    const tenant = await newTenant(rt);
    const c = await insertCase(rt, tenant.id);
    const stranger = await newTenant(rt);
    const foreign = await inTransaction(rt.svc, (tx) => recordEvent(tx, { orgId: stranger.id, type: 'ping', fields: { message: 'x' } }));
    const failure = await inTransaction(rt.svc, (tx) => recordCaseEvents(tx, tenant.id, [
      { orgId: tenant.id, type: 'monitoring.run.completed', case: { pk: c.pk }, fields: EXAMPLE_FIELDS['monitoring.run.completed'], orderedAfter: foreign.eventId },
    ])).then(() => null, (err: Error) => err);
    expect(failure?.message).to.equal(`recordCaseEvents: orderedAfter ${foreign.eventId} is not an event of tenant ${tenant.id} visible to this transaction`);
    expect(await rt.svc.db.getRepository(EventRecord).count({ where: { orgId: tenant.id } })).to.equal(0);
  });
});
