import { expect } from 'chai';
import { operatorActor } from '../../src/access/index';
import { openCase } from '../../src/onboarding/index';
import { ConsoleHarness } from '../graphql/harness';
import { newConnector } from '../oauth/harness';
import { connectAssistant, REDIRECT, TestProvider } from './support';

describe('console: AI-assistant reads on the case timeline and per connected app (GraphQL, through the composition root)', function () {
  this.timeout(60_000);
  let h: ConsoleHarness;
  before(async () => {
    h = await ConsoleHarness.start();
  });
  after(() => h.close());

  it('shows each tool call that read a case as an "Accessed by AI assistant" entry, and the app\'s calls in the last 30 days', async () => {
    const analyst = await h.member('analyst');
    const tenant = analyst.tenant;
    const one = await openCase(h.svc, operatorActor(tenant.id), { source: 'manual', companyName: 'Timeline One Ltd', customerEmail: null });
    await openCase(h.svc, operatorActor(tenant.id), { source: 'manual', companyName: 'Timeline Two Ltd', customerEmail: null });
    const connector = await newConnector(h.svc, [REDIRECT], true);
    const { client } = await connectAssistant(h, new TestProvider({ client: { client_id: connector.clientId } }), analyst);
    await client.callTool({ name: 'search_cases', arguments: { search: 'Timeline' } });
    await client.callTool({ name: 'get_case', arguments: { caseId: one.caseId } });
    await client.close();

    // Another member of the tenant (an admin) sees the record in the console.
    const admin = await h.signedIn('admin', tenant);
    const data = await admin.data<{
      case: { assistantReads: { edges: { node: Record<string, unknown> }[] } };
      connectedApps: { appName: string; callsLast30Days: number; lastCallAt: string | null; lastUsedAt: string | null; connectedBy: { email: string } }[];
    }>(`query ($caseId: String!) {
      case(caseId: $caseId) { assistantReads(first: 10) { edges { node { tool arguments outcome calledAt appName clientId memberEmail } } } }
      connectedApps { appName callsLast30Days lastCallAt lastUsedAt connectedBy { email } }
    }`, { caseId: one.caseId });
    const reads = data.case.assistantReads.edges.map((e) => e.node);
    expect(reads.map((r) => [r.tool, r.arguments, r.outcome])).to.deep.equal([['get_case', { caseId: one.caseId }, 'ok'], ['search_cases', { search: 'Timeline' }, 'ok']]);
    for (const r of reads) expect(r).to.include({ appName: 'Assistant Connector', clientId: connector.clientId, memberEmail: analyst.email });
    expect(data.connectedApps).to.have.length(1);
    expect(data.connectedApps[0]).to.deep.include({ appName: 'Assistant Connector', callsLast30Days: 2, connectedBy: { email: analyst.email } });
    expect(data.connectedApps[0]!.lastCallAt).to.equal(reads[0]!.calledAt);
    expect(data.connectedApps[0]!.lastUsedAt).to.be.a('string');
  });
});
