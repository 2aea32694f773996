import { expect } from 'chai';
import { EventRecord } from '../../src/events/index';
import { type Tenant } from '../../src/tenants/index';
import { drainJobs, runtime } from '../support/runtime';
import { RestHarness, uniqueEmail } from './harness';

describe('GET /v1/events', () => {
  let api: RestHarness;
  let tenant: Tenant;
  let token: string;
  before(async () => {
    api = await RestHarness.start();
  });
  after(() => api.close());
  beforeEach(async () => {
    ({ tenant, token } = await api.tenant());
  });

  // No invite: a sent invite adds case.onboarding_progress.changed, in an order between jobs no test fixes.
  const create = async () => (await api.post('/v1/cases', token, { customerEmail: uniqueEmail(), companyName: 'Feed Ltd', sendInvite: false })).body.caseId as string;

  it('lists relayed events oldest first, data byte for byte the stored webhook payload, paged with a cursor that keeps working for later events', async () => {
    const ids = [await create(), await create(), await create()];
    await drainJobs(await runtime(), { orgId: tenant.id });
    const rows = await api.svc.db.manager.find(EventRecord, { where: { orgId: tenant.id }, order: { seq: 'ASC' } });
    expect(rows.map((r) => r.caseId)).to.deep.equal(ids);

    const p1 = await api.get('/v1/events?limit=2', token);
    expect(p1.status).to.equal(200);
    expect(p1.body.hasMore).to.equal(true);
    const items = p1.body.data as { eventId: string; eventType: string; eventVersion: number; occurredAt: string; data: Record<string, unknown> }[];
    expect(items.map((i) => i.eventId)).to.deep.equal(rows.slice(0, 2).map((r) => r.eventId));
    for (const [i, item] of items.entries()) {
      expect(item).to.deep.include({ eventType: 'case.created', eventVersion: 1, occurredAt: rows[i]!.occurredAt.toISOString() });
      expect(p1.text).to.include(`"data":${rows[i]!.data}`);
      expect(item.data).to.deep.include({ event: 'case.created', eventId: item.eventId, caseId: ids[i], source: 'api' });
    }
    const p2 = await api.get(`/v1/events?limit=2&cursor=${encodeURIComponent(p1.body.nextCursor as string)}`, token);
    expect((p2.body.data as { eventId: string }[]).map((i) => i.eventId)).to.deep.equal([rows[2]!.eventId]);
    expect(p2.body.hasMore).to.equal(false);
    const end = p2.body.nextCursor as string;
    expect(end).to.be.a('string');
    const empty = await api.get(`/v1/events?cursor=${encodeURIComponent(end)}`, token);
    expect(empty.body).to.deep.equal({ data: [], nextCursor: end, hasMore: false });
    const later = await create();
    await drainJobs(await runtime(), { orgId: tenant.id });
    const polled = await api.get(`/v1/events?cursor=${encodeURIComponent(end)}`, token);
    expect((polled.body.data as { data: { caseId: string } }[]).map((i) => i.data.caseId)).to.deep.equal([later]);
  });

  it('filters by event_type, with the cursor bound to the filter', async () => {
    await create();
    await drainJobs(await runtime(), { orgId: tenant.id });
    const created = await api.get('/v1/events?event_type=case.created', token);
    expect((created.body.data as unknown[]).length).to.equal(1);
    expect((await api.get('/v1/events?event_type=case.submitted', token)).body.data).to.deep.equal([]);
    const cursor = created.body.nextCursor as string;
    expect((await api.get(`/v1/events?cursor=${encodeURIComponent(cursor)}`, token)).status).to.equal(400);
  });

  it('answers 400 for an unknown event type, a bad limit or cursor; 403 without read:events; 401 without a token', async () => {
    const bad = await api.get('/v1/events?event_type=case.exploded', token);
    expect(bad.status).to.equal(400);
    expect(bad.body.details).to.deep.equal([{ path: 'event_type', message: 'must be the name of an event of the catalogue (GET /schemas/webhooks/index.json)' }]);
    expect((await api.get('/v1/events?limit=0', token)).status).to.equal(400);
    expect((await api.get('/v1/events?cursor=abc', token)).status).to.equal(400);
    expect((await api.get('/v1/events', (await api.client(tenant.id, 'read:cases')).token)).status).to.equal(403);
    expect((await api.get('/v1/events')).status).to.equal(401);
    const other = await api.tenant();
    await create();
    await drainJobs(await runtime(), { orgId: tenant.id });
    expect((await api.get('/v1/events', other.token)).body.data).to.deep.equal([]);
  });
});
