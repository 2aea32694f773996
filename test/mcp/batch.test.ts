import { expect } from 'chai';
import { operatorActor } from '../../src/access/index';
import { openCase } from '../../src/onboarding/index';
import { createMember } from '../../src/tenants/index';
import { newTenant, runtime } from '../support/runtime';
import { post, type Harness } from '../oauth/harness';
import { connectAssistant, REDIRECT, startMcpServer, TestProvider } from './support';
import { newConnector } from '../oauth/harness';

/**
 * A JSON-RPC batch would run many tool calls behind one bearer check (one hit of the rate limit): /mcp
 * refuses it with a JSON-RPC error and runs none of its calls; single calls go on as before.
 */
describe('MCP server: JSON-RPC batches', function () {
  this.timeout(60_000);
  let h: Harness;

  before(async () => {
    h = await startMcpServer();
  });
  after(() => h.close());

  it('refuses a batch of tool calls with a JSON-RPC error, runs and records none of them, and still answers single calls', async () => {
    const tenant = await newTenant(await runtime(), 'Batch Refusal Ltd');
    const member = { email: `batch.${tenant.id.slice(0, 8)}@assistants.example`, password: 'batch member password 1' };
    await createMember(h.svc, operatorActor(tenant.id), { ...member, role: 'analyst' });
    await openCase(h.svc, operatorActor(tenant.id), { source: 'manual', companyName: 'Batched Case Ltd', customerEmail: null });
    const connector = await newConnector(h.svc, [REDIRECT], true);
    const { client, tokens } = await connectAssistant(h, new TestProvider({ client: { client_id: connector.clientId, redirect_uris: [REDIRECT] } }), member);
    await client.close();
    const recorded = async () => Number(((await h.svc.db.query('SELECT COUNT(*) AS n FROM assistant_reads WHERE org_id = ?', [tenant.id])) as { n: number }[])[0]!.n);
    const before = await recorded();
    const headers = { authorization: `Bearer ${tokens.access_token}`, accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };
    const call = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'search_cases', arguments: {} } });

    const batch = await post(h.url, '/mcp', { json: Array.from({ length: 50 }, (_, i) => call(i + 1)) }, headers);
    expect(batch.status).to.equal(400);
    expect(batch.body).to.deep.equal({
      jsonrpc: '2.0', error: { code: -32600, message: 'Invalid Request: JSON-RPC batches are not supported; send one message per request.' }, id: null,
    });
    expect(await recorded()).to.equal(before);

    const single = await post(h.url, '/mcp', { json: call(1) }, headers);
    expect(single.status, single.text).to.equal(200);
    expect((single.body.result as { structuredContent: { data: { companyName: string }[] } }).structuredContent.data.map((c) => c.companyName)).to.deep.equal(['Batched Case Ltd']);
    expect(await recorded()).to.equal(before + 1);
  });
});
