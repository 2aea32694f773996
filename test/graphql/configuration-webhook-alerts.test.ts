import { expect } from 'chai';
import { checkWebhookHealth } from '../../src/webhooks/index';
import { runtime } from '../support/runtime';
import { drain, receiversPerTest, recordTestEvent } from '../webhooks/support';
import { ConsoleHarness } from './harness';

const HEALTH = 'health { incidentSince failingSince lastSuccessAt lastFailureAt lastError checkedAt }';
const ENDPOINTS = `{ webhookEndpoints { id active ${HEALTH} } }`;
const THRESHOLD = 'mutation ($minutes: Int!) { setWebhookAlertThreshold(minutes: $minutes) { id webhookAlertAfterMinutes } }';
const ME = '{ me { org { webhookAlertAfterMinutes } } }';
const NO_HEALTH = { incidentSince: null, failingSince: null, lastSuccessAt: null, lastFailureAt: null, lastError: null, checkedAt: null };

type Endpoint = { id: string; active: boolean; health: Record<string, string | null> };

describe('console GraphQL: webhook failure alerts (endpoint health, the organisation\'s threshold)', function () {
  this.timeout(60_000);
  let h: ConsoleHarness;
  const receiver = receiversPerTest();
  before(async () => {
    // Retries a minute apart: a drain runs the first attempt alone, however slow the machine (the test reads one failure).
    h = await ConsoleHarness.start({ config: { webhookRetryScheduleMs: [60_000, 60_000, 60_000, 60_000, 60_000] } });
  });
  after(() => h.close());

  it('setWebhookAlertThreshold: compliance_admin and admin only, 5 to 10080 minutes, shown on me.org', async () => {
    const admin = await h.signedIn('compliance_admin');
    const tenant = admin.member.tenant;
    expect((await admin.data<{ me: { org: { webhookAlertAfterMinutes: number } } }>(ME)).me.org.webhookAlertAfterMinutes).to.equal(60);
    expect((await admin.data<{ setWebhookAlertThreshold: unknown }>(THRESHOLD, { minutes: 15 })).setWebhookAlertThreshold)
      .to.deep.equal({ id: tenant.id, webhookAlertAfterMinutes: 15 });
    expect((await admin.data<{ me: { org: { webhookAlertAfterMinutes: number } } }>(ME)).me.org.webhookAlertAfterMinutes).to.equal(15);
    expect((await admin.error(THRESHOLD, { minutes: 2 })).extensions).to.deep.equal({
      code: 'BAD_USER_INPUT', reason: 'validation_failed', details: [{ path: 'minutes', message: 'must be a whole number of minutes from 5 to 10080 (7 days)' }],
    });
    for (const role of ['analyst', 'mlro'] as const) {
      const who = await h.signedIn(role, tenant);
      expect(await who.error(THRESHOLD, { minutes: 30 })).to.deep.equal({
        code: 'FORBIDDEN', message: `This requires the compliance_admin role or higher; you are ${role}.`,
        extensions: { code: 'FORBIDDEN', reason: 'forbidden', requiredRole: 'compliance_admin' },
      });
    }
    expect((await (await h.signedIn('admin', tenant)).data<{ setWebhookAlertThreshold: unknown }>(THRESHOLD, { minutes: 30 })).setWebhookAlertThreshold)
      .to.deep.equal({ id: tenant.id, webhookAlertAfterMinutes: 30 });
  });

  it('webhookEndpoints.health: null before any attempt, then the failing streak, the open incident and its recovery', async () => {
    const analyst = await h.signedIn('analyst');
    const tenant = analyst.member.tenant;
    let status = 502;
    const r = await receiver(() => ({ status }));
    const created = await analyst.data<{ createWebhookEndpoint: { endpoint: { id: string } } }>(
      `mutation ($url: String!) { createWebhookEndpoint(input: { url: $url }) { endpoint { id ${HEALTH} } } }`, { url: r.url() },
    );
    expect(created.createWebhookEndpoint).to.deep.equal({ endpoint: { id: created.createWebhookEndpoint.endpoint.id, health: NO_HEALTH } });
    const list = async () => (await analyst.data<{ webhookEndpoints: Endpoint[] }>(ENDPOINTS)).webhookEndpoints;
    expect((await list())[0]!.health).to.deep.equal(NO_HEALTH);

    const rt = await runtime();
    await recordTestEvent(h.svc, tenant.id, 'fails');
    await drain(rt, { orgId: tenant.id, svc: h.svc });
    await r.waitForRequests(1);
    const at = (minutes: number) => ({ ...h.svc, clock: { now: () => new Date(Date.now() + minutes * 60_000) } });
    while ((await checkWebhookHealth(h.svc)).attemptsRead >= 50_000);
    const failing = (await list())[0]!.health;
    expect(failing).to.deep.include({ incidentSince: null, lastSuccessAt: null, lastError: 'The receiver answered HTTP 502.' });
    expect(failing.failingSince).to.equal(failing.lastFailureAt);

    await checkWebhookHealth(at(61));
    const [open] = await list();
    expect(open).to.deep.include({ active: true });
    expect(open!.health.incidentSince).to.equal(failing.failingSince);
    // A mutation's answer carries the health too (read by the field resolver).
    const paused = await analyst.data<{ pauseWebhookEndpoint: Endpoint }>(`mutation ($id: ID!) { pauseWebhookEndpoint(id: $id) { id active ${HEALTH} } }`, { id: open!.id });
    expect(paused.pauseWebhookEndpoint.health).to.deep.equal(open!.health);
    await analyst.data('mutation ($id: ID!) { resumeWebhookEndpoint(id: $id) { id } }', { id: open!.id });

    status = 200;
    await recordTestEvent(h.svc, tenant.id, 'works');
    await drain(rt, { orgId: tenant.id, svc: h.svc });
    await r.waitForRequests(2);
    await checkWebhookHealth(at(62));
    const healthy = (await list())[0]!.health;
    expect(healthy).to.deep.include({ incidentSince: null, failingSince: null, lastError: 'The receiver answered HTTP 502.' });
    expect(healthy.lastSuccessAt! > failing.failingSince!).to.equal(true);
  });

  it('webhookEndpoints.health: the retries waiting now are read live (before any health check), and a delivery names its case', async () => {
    const analyst = await h.signedIn('analyst');
    const tenant = analyst.member.tenant;
    const r = await receiver(() => ({ status: 503 }));
    const { endpoint } = (await analyst.data<{ createWebhookEndpoint: { endpoint: { id: string } } }>(
      'mutation ($url: String!) { createWebhookEndpoint(input: { url: $url, eventTypes: ["case.created"] }) { endpoint { id } } }', { url: r.url() },
    )).createWebhookEndpoint;
    const retries = async () => (await analyst.data<{ webhookEndpoints: { id: string; health: Record<string, unknown> }[] }>(
      '{ webhookEndpoints { id health { pendingRetries retryingSince nextRetryAt lastRetryAt lastRetryError checkedAt } } }',
    )).webhookEndpoints.find((e) => e.id === endpoint.id)!.health;
    expect(await retries()).to.deep.equal({ pendingRetries: 0, retryingSince: null, nextRetryAt: null, lastRetryAt: null, lastRetryError: null, checkedAt: null });

    const { createCase } = await analyst.data<{ createCase: { caseId: string; reference: string } }>(
      'mutation ($input: CreateCaseInput!) { createCase(input: $input) { caseId reference } }',
      { input: { companyName: 'Retrying Ltd', customerEmail: 'retrying@example.com', country: 'GB' } },
    );
    const rt = await runtime();
    await drain(rt, { orgId: tenant.id, svc: h.svc });
    await r.waitForRequests(1);
    const live = await retries();
    expect(live).to.deep.include({ pendingRetries: 1, lastRetryError: 'The receiver answered HTTP 503.', checkedAt: null });
    // The retry schedule here is a minute apart: the next attempt is due about a minute after the first one.
    expect(Date.parse(live.nextRetryAt as string) - Date.parse(live.lastRetryAt as string)).to.be.within(55_000, 65_000);
    expect(Date.parse(live.retryingSince as string)).to.be.at.most(Date.parse(live.lastRetryAt as string));

    const deliveries = (await analyst.data<{ webhookDeliveries: { edges: { node: Record<string, unknown> }[] } }>(
      'query ($filter: WebhookDeliveryFilter) { webhookDeliveries(filter: $filter) { edges { node { state caseId case { caseId reference companyName } } } } }',
      { filter: { endpointId: endpoint.id } },
    )).webhookDeliveries.edges.map((e) => e.node);
    expect(deliveries).to.deep.equal([{
      state: 'pending', caseId: createCase.caseId, case: { caseId: createCase.caseId, reference: createCase.reference, companyName: 'Retrying Ltd' },
    }]);
  });
});
