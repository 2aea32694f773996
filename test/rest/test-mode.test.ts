import { expect } from 'chai';
import { runtime } from '../support/runtime';
import { drain, receiversPerTest } from '../webhooks/support';
import { RestHarness, uniqueEmail } from './harness';

const SCOPES = 'read:cases read:documents read:events read:decisions read:screening cases:write webhooks:read webhooks:write';

describe('/v1 test mode: test credentials and live credentials never see each other\'s data', () => {
  let api: RestHarness;
  const receiver = receiversPerTest();
  before(async () => {
    api = await RestHarness.start();
  });
  after(() => api.close());

  it('keeps cases, their sub-resources, the event feed, dedup and webhook deliveries apart, both ways', async () => {
    const live = await api.tenant(SCOPES);
    const orgId = live.tenant.id;
    const test = await api.client(orgId, SCOPES, 'test');
    expect(live.clientId).to.match(/^cli_/);
    expect(test.clientId).to.match(/^test_/);

    // Each mode registers its own endpoint: a test endpoint receives test events only.
    const liveReceiver = await receiver();
    const testReceiver = await receiver();
    const liveEndpoint = await api.post('/v1/webhook_endpoints', live.token, { url: liveReceiver.url(), eventTypes: ['case.created'] });
    const testEndpoint = await api.post('/v1/webhook_endpoints', test.token, { url: testReceiver.url(), eventTypes: ['case.created'] });
    expect([liveEndpoint.status, testEndpoint.status], liveEndpoint.text).to.deep.equal([201, 201]);
    expect((liveEndpoint.body.endpoint as { mode: string }).mode).to.equal('live');
    expect((testEndpoint.body.endpoint as { mode: string }).mode).to.equal('test');

    // The same customer, CRM record and Idempotency-Key in both modes: dedup and idempotency are per mode.
    const email = uniqueEmail('mode');
    const body = { customerEmail: email, companyName: 'Mode Ltd', crmRecordId: 'CRM-MODE-1', sendInvite: false };
    const key = { 'Idempotency-Key': 'same-key-in-both-modes' };
    const liveCase = await api.post('/v1/cases', live.token, body, key);
    const testCase = await api.post('/v1/cases', test.token, body, key);
    expect([liveCase.status, testCase.status]).to.deep.equal([201, 201]);
    const liveId = liveCase.body.caseId as string;
    const testId = testCase.body.caseId as string;
    expect(testId).to.not.equal(liveId);
    // Within a mode the rules hold as ever: the key replays, the CRM record answers its case.
    const replay = await api.post('/v1/cases', test.token, body, key);
    expect([replay.status, replay.headers.get('idempotent-replay'), replay.body.caseId]).to.deep.equal([201, 'true', testId]);
    const again = await api.post('/v1/cases', test.token, body);
    expect([again.status, again.headers.get('idempotent-replay'), again.body.caseId]).to.deep.equal([200, 'crm-record-id', testId]);
    const batch = await api.post('/v1/cases/batch', live.token, { cases: [{ ...body, companyName: 'Mode Batch Ltd' }] });
    expect((batch.body.data as { status: string; case: { caseId: string } }[]).map((i) => [i.status, i.case.caseId])).to.deep.equal([['replayed', liveId]]);

    // Lists: each mode sees its own case only.
    const ids = async (token: string) => ((await api.get('/v1/cases', token)).body.data as { caseId: string }[]).map((c) => c.caseId);
    expect(await ids(live.token)).to.deep.equal([liveId]);
    expect(await ids(test.token)).to.deep.equal([testId]);

    // The other mode's case is as missing as another tenant's: the same 404 as an id that does not exist.
    const missing = await api.get('/v1/cases/CS-1999-00042', live.token);
    expect(missing.status).to.equal(404);
    for (const [token, id] of [[live.token, testId], [test.token, liveId]] as const) {
      for (const [method, path, json] of [
        ['GET', `/v1/cases/${id}`],
        ['GET', `/v1/cases/${id}/decisions`],
        ['GET', `/v1/cases/${id}/screening`],
        ['POST', `/api/cases/${id}/crm-record-id`, { crmRecordId: 'other-mode' }],
      ] as [string, string, unknown?][]) {
        const res = await api.call(method, path, { token, json });
        expect([res.status, res.text], `${method} ${path}`).to.deep.equal([404, missing.text]);
      }
      expect((await api.get(`/v1/documents?caseId=${id}`, token)).body).to.deep.equal({ data: [], nextCursor: null, hasMore: false });
    }
    expect((await api.get(`/v1/cases/${testId}`, test.token)).body.caseId).to.equal(testId);

    // The feed and the webhooks: case.created of the test case reaches the test endpoint and the test feed only.
    await drain(await runtime(), { orgId });
    const [toLive] = await liveReceiver.waitForRequests(1);
    const [toTest] = await testReceiver.waitForRequests(1);
    expect(JSON.parse(toLive!.body.toString('utf8')).caseId).to.equal(liveId);
    expect(JSON.parse(toTest!.body.toString('utf8')).caseId).to.equal(testId);
    await drain(await runtime(), { orgId });
    expect([liveReceiver.requests.length, testReceiver.requests.length]).to.deep.equal([1, 1]);
    const feed = async (token: string) => ((await api.get('/v1/events', token)).body.data as { eventType: string; data: { caseId?: string } }[])
      .map((e) => [e.eventType, e.data.caseId]);
    expect(await feed(live.token)).to.deep.equal([['case.created', liveId]]);
    expect(await feed(test.token)).to.deep.equal([['case.created', testId]]);

    // Endpoints and their deliveries are kept apart too.
    const endpoints = async (token: string) => ((await api.get('/v1/webhook_endpoints', token)).body.data as { endpointId: string }[]).map((e) => e.endpointId);
    expect(await endpoints(live.token)).to.deep.equal([(liveEndpoint.body.endpoint as { endpointId: string }).endpointId]);
    expect(await endpoints(test.token)).to.deep.equal([(testEndpoint.body.endpoint as { endpointId: string }).endpointId]);
    const other = await api.get(`/v1/webhook_endpoints/${(liveEndpoint.body.endpoint as { endpointId: string }).endpointId}`, test.token);
    expect(other.status).to.equal(404);
  });
});
