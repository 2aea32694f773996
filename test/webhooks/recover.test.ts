import { expect } from 'chai';
import { operatorActor } from '../../src/access/index';
import { listAuditLog } from '../../src/audit/index';
import { type Tenant } from '../../src/tenants/index';
import { pauseWebhookEndpoint, recoverWebhookDeliveries, resumeWebhookEndpoint } from '../../src/webhooks/index';
import type { Runtime } from '../../bin/compose';
import { newTenant, runtime } from '../support/runtime';
import { rejection } from '../support/rejection';
import { deliveriesOf, drain, newEndpoint, receiversPerTest, recordTestEvent } from './support';

describe('webhooks: recover since (every failed or skipped delivery of an endpoint, in event order)', () => {
  let rt: Runtime;
  let tenant: Tenant;
  const receiver = receiversPerTest();
  beforeEach(async () => {
    rt = await runtime();
    tenant = await newTenant(rt);
  });

  it('sends again, in event order and at a steady rate, what a pause skipped since a time; refuses while paused; audited once', async () => {
    const r = await receiver();
    const { endpoint } = await newEndpoint(rt.svc, { orgId: tenant.id, url: r.url() });
    const actor = operatorActor(tenant.id);
    const since = new Date(Date.now() - 1000);
    await pauseWebhookEndpoint(rt.svc, actor, { endpointId: endpoint.endpointId });
    const events = [];
    for (const n of [1, 2, 3]) events.push(await recordTestEvent(rt.svc, tenant.id, `while paused ${n}`));
    await drain(rt, { orgId: tenant.id });
    expect((await deliveriesOf(rt.svc, tenant.id)).map((d) => d.state)).to.deep.equal(['skipped_paused', 'skipped_paused', 'skipped_paused']);

    const paused = await rejection(recoverWebhookDeliveries(rt.svc, actor, { endpointId: endpoint.endpointId, since }));
    expect(paused).to.deep.include({ code: 'conflict', message: 'The endpoint is paused: resume it first, then recover what it missed.' });

    await resumeWebhookEndpoint(rt.svc, actor, { endpointId: endpoint.endpointId });
    // An hour-old clock makes every recovered attempt due now, so one drain sends them all.
    const earlier = { ...rt.svc, clock: { now: () => new Date(Date.now() - 3_600_000) } };
    const recovered = await recoverWebhookDeliveries(earlier, actor, { endpointId: endpoint.endpointId, since: new Date(since.getTime() - 3_600_000) });
    expect(recovered).to.deep.include({ recovered: 3, remaining: 0 });
    const pending = await deliveriesOf(rt.svc, tenant.id);
    expect(pending.map((d) => [d.state, d.manual])).to.deep.equal([['pending', true], ['pending', true], ['pending', true]]);
    // 20 per second: 50 ms apart, in event order.
    const due = pending.map((d) => d.nextAttemptAt!.getTime());
    expect([due[1]! - due[0]!, due[2]! - due[1]!]).to.deep.equal([50, 50]);
    expect(recovered.lastDueAt).to.equal(pending[2]!.nextAttemptAt!.toISOString());

    await drain(rt, { orgId: tenant.id });
    await r.waitForRequests(3, 10_000);
    expect(r.requests.map((q) => q.headers['x-svc-event-id'])).to.deep.equal(events.map((e) => e.eventId));
    expect((await deliveriesOf(rt.svc, tenant.id)).map((d) => d.state)).to.deep.equal(['delivered', 'delivered', 'delivered']);
    const audit = (await listAuditLog(rt.svc, actor, {})).data.filter((a) => a.action === 'webhook_deliveries.recovered');
    expect(audit).to.have.length(1);
    expect(audit[0]!.details).to.deep.include({ endpointId: endpoint.endpointId, states: ['failed', 'skipped_paused'], recovered: 3, remaining: 0 });

    // Nothing left to recover; a second call is harmless.
    expect(await recoverWebhookDeliveries(rt.svc, actor, { endpointId: endpoint.endpointId, since })).to.deep.equal({ recovered: 0, remaining: 0, lastDueAt: null });
  });

  it('only touches the endpoint, states and time asked for, and says what is wrong with bad input', async () => {
    const r = await receiver();
    const { endpoint } = await newEndpoint(rt.svc, { orgId: tenant.id, url: r.url() });
    const actor = operatorActor(tenant.id);
    await pauseWebhookEndpoint(rt.svc, actor, { endpointId: endpoint.endpointId });
    await recordTestEvent(rt.svc, tenant.id, 'skipped');
    await drain(rt, { orgId: tenant.id });
    await resumeWebhookEndpoint(rt.svc, actor, { endpointId: endpoint.endpointId });
    // Failed only: the skipped one stays.
    expect(await recoverWebhookDeliveries(rt.svc, actor, { endpointId: endpoint.endpointId, since: new Date(Date.now() - 60_000), states: ['failed'] }))
      .to.deep.equal({ recovered: 0, remaining: 0, lastDueAt: null });
    // Since after the event: nothing.
    expect((await recoverWebhookDeliveries(rt.svc, actor, { endpointId: endpoint.endpointId, since: new Date() })).recovered).to.equal(0);

    const bad = await rejection(recoverWebhookDeliveries(rt.svc, actor, { endpointId: endpoint.endpointId, since: 'yesterday', states: ['delivered'] }));
    expect(bad).to.deep.include({ code: 'validation_failed' });
    expect(bad.extra.details).to.deep.equal([
      { path: 'since', message: 'must be an ISO 8601 date-time such as 2026-11-25T09:00:00Z' },
      { path: 'states', message: 'must be one or more of failed, skipped_paused' },
    ]);
    const future = await rejection(recoverWebhookDeliveries(rt.svc, actor, { endpointId: endpoint.endpointId, since: new Date(Date.now() + 60_000) }));
    expect(future.extra.details).to.deep.equal([{ path: 'since', message: 'must not be in the future' }]);
    // Another tenant's endpoint does not exist for this one.
    const other = await newTenant(rt);
    expect((await rejection(recoverWebhookDeliveries(rt.svc, operatorActor(other.id), { endpointId: endpoint.endpointId, since: new Date(0) }))).code).to.equal('not_found');
    expect((await deliveriesOf(rt.svc, tenant.id)).map((d) => d.state)).to.deep.equal(['skipped_paused']);
  });
});
