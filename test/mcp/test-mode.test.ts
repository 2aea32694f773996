import { expect } from 'chai';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { memberActor, operatorActor, type ApiClientActor } from '../../src/access/index';
import { listEventFeed, relayEvents } from '../../src/events/index';
import { inTransaction } from '../../src/db/index';
import { onMonitoringAlert } from '../../src/monitoring-reviews/index';
import { openCase } from '../../src/onboarding/index';
import { markPersonNew } from '../../src/persons/index';
import { createMember } from '../../src/tenants/index';
import { seedParty } from '../persons/support';
import { seedDecision, seedDocument, seedHit } from '../rest/factories';
import { newTenant, runtime } from '../support/runtime';
import { newConnector, type Harness } from '../oauth/harness';
import { connectAssistant, REDIRECT, startMcpServer, TestProvider } from './support';

type ToolResult = { structuredContent?: Record<string, unknown>; content: { type: string; text?: string }[]; isError?: boolean };

describe('MCP server: connector grants are live, and no tool returns test data', function () {
  this.timeout(60_000);
  let h: Harness;
  before(async () => {
    h = await startMcpServer();
  });
  after(() => h.close());

  const call = async (client: Client, name: string, args: Record<string, unknown> = {}) => (await client.callTool({ name, arguments: args })) as ToolResult;

  it('a test case with its decision, screening hit, document, monitoring review and person is invisible to every tool; the live case is seen', async () => {
    const tenant = await newTenant(await runtime(), 'Modes Ltd');
    const email = `analyst.${tenant.id.slice(0, 8)}@assistants.example`;
    const password = 'assistant member password 1';
    const m = await createMember(h.svc, operatorActor(tenant.id), { email, password, role: 'analyst' });
    const testMember = memberActor({ orgId: tenant.id, id: m.id, email, role: 'analyst' }, undefined, 'test');

    const liveCase = await openCase(h.svc, operatorActor(tenant.id), { source: 'manual', companyName: 'Livewire Trading Ltd', customerEmail: null });
    const testCase = await openCase(h.svc, testMember, { source: 'manual', companyName: 'Testwell Trading Ltd', customerEmail: null });
    await seedDecision(h.svc, tenant.id, testCase.pk, { outcome: 'approved', notes: 'Test decision.' });
    await seedHit(h.svc, tenant.id, testCase.pk, { hitId: 'test-hit', isSanctioned: true, triaged: true });
    const testDocument = await seedDocument(h.svc, tenant.id, testCase.pk, { extractedData: { companyName: 'Testwell Trading Ltd' } });
    const party = await seedParty(h.svc, tenant.id, testCase.pk, { name: 'Tara Testwell', dateOfBirth: '1985-06-06' });
    const { personId } = await markPersonNew(h.svc, testMember, { caseId: testCase.caseId, personKey: party.personKey });
    await inTransaction(h.svc, (tx) => onMonitoringAlert(tx, {
      orgId: tenant.id, casePk: testCase.pk, alertId: 1, runId: 1, alertType: 'sanctions_hit', severity: 'high', factKey: 'sanctions_hit:dir_0:ent-9',
      fingerprint: 'fp', subjectRole: 'Director', subjectRef: 'dir_0', personId, source: 'ad_hoc',
    }));
    await relayEvents(h.svc);
    // The test data is there: test credentials read its events (review and person among them) in the test feed.
    const testReader: ApiClientActor = { kind: 'api_client', orgId: tenant.id, clientId: 'test_reader', scopes: ['read:events'], tokenId: 'jti', mode: 'test' };
    const testFeed = (await listEventFeed(h.svc, testReader, { limit: 100 })).items.map((i) => i.eventType);
    expect(testFeed).to.include.members(['case.created', 'person.marked_new', 'monitoring.review.opened']);

    const connectorId = (await newConnector(h.svc, [REDIRECT], true)).clientId;
    const { client } = await connectAssistant(h, new TestProvider({ client: { client_id: connectorId } }), { email, password });
    const ids = (r: ToolResult) => (r.structuredContent!.data as { caseId: string }[]).map((c) => c.caseId);
    expect(ids(await call(client, 'search_cases', {})), 'search_cases: the live case only').to.deep.equal([liveCase.caseId]);
    for (const search of ['Testwell', 'T-1', testCase.caseId]) {
      expect(ids(await call(client, 'search_cases', { search })), `search ${search}`).to.deep.equal([]);
    }
    expect((await call(client, 'get_case', { caseId: liveCase.caseId })).structuredContent).to.include({ caseId: liveCase.caseId, companyName: 'Livewire Trading Ltd' });
    for (const [name, args] of [
      ['get_case', { caseId: testCase.caseId }], ['list_case_decisions', { caseId: testCase.caseId }], ['list_case_screening', { caseId: testCase.caseId }],
      ['get_document', { documentId: testDocument }],
    ] as const) {
      const r = await call(client, name, args);
      expect(r.isError, name).to.equal(true);
      expect(r.content[0]!.text, name).to.match(/^not_found: (Case|Document) not found\.$/);
    }
    expect((await call(client, 'list_documents', {})).structuredContent!.data, 'list_documents').to.deep.equal([]);
    expect((await call(client, 'list_documents', { caseId: testCase.caseId })).structuredContent!.data).to.deep.equal([]);
    const events = (await call(client, 'list_events', { limit: 100 })).structuredContent!.data as { eventType: string; data: { caseId?: string } }[];
    expect(events.map((e) => [e.eventType, e.data.caseId]), 'list_events: the live case\'s only').to.deep.equal([['case.created', liveCase.caseId]]);
    await client.close();
  });
});
