import { expect } from 'chai';
import { operatorActor } from '../../src/access/index';
import { createMember, type Tenant } from '../../src/tenants/index';
import { removeMember } from '../../src/members/index';
import { newTenant, runtime } from '../support/runtime';
import { newConnector, post, steppingClock, type Harness } from '../oauth/harness';
import { connectAssistant, REDIRECT, startMcpServer, TestProvider } from './support';

describe('MCP server: the pull API\'s rate limit per connector and member; removing the member stops the assistant', function () {
  this.timeout(60_000);
  let h: Harness;
  let tenant: Tenant;
  let connectorId: string;
  // One fixed minute: the limit's window never turns over during the test.
  const { clock } = steppingClock();

  before(async () => {
    h = await startMcpServer({ config: { pullRateLimitPerMinute: 6 }, clock });
    tenant = await newTenant(await runtime(), 'Limited Ltd');
    connectorId = (await newConnector(h.svc, [REDIRECT], true)).clientId;
  });
  after(() => h.close());

  const member = async (n: number) => {
    const email = `limited.${n}.${tenant.id.slice(0, 8)}@assistants.example`;
    const password = 'limited member password 1';
    const m = await createMember(h.svc, operatorActor(tenant.id), { email, password, role: 'analyst' });
    return { id: m.id, email, password };
  };
  const listTools = (token: string) => post(h.url, '/mcp', { json: { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} } }, {
    authorization: `Bearer ${token}`, accept: 'application/json, text/event-stream',
  });

  it('refuses one member\'s assistant with 429 and Retry-After once its budget is spent, while another member of the same connector goes on', async () => {
    const one = await connectAssistant(h, new TestProvider({ client: { client_id: connectorId } }), await member(1));
    const two = await connectAssistant(h, new TestProvider({ client: { client_id: connectorId } }), await member(2));
    await one.client.close();
    await two.client.close();
    let refused = null;
    for (let i = 0; i < 7 && !refused; i++) {
      const res = await listTools(one.tokens.access_token);
      if (res.status === 429) refused = res;
      else expect(res.status, res.text).to.equal(200);
    }
    expect(refused, 'refused within the budget of 6').to.not.equal(null);
    expect(refused!.body).to.deep.include({ error: 'rate_limited' });
    expect(Number(refused!.headers.get('retry-after'))).to.be.within(1, 60);
    expect(refused!.headers.get('ratelimit-policy')).to.equal('"pull-api";q=6;w=60');
    const other = await listTools(two.tokens.access_token);
    expect(other.status, other.text).to.equal(200);
    expect((other.body.result as { tools: unknown[] }).tools).to.have.length(7);
  });

  it('stops a removed member\'s assistant on its next call', async () => {
    const m = await member(3);
    const { client, tokens } = await connectAssistant(h, new TestProvider({ client: { client_id: connectorId } }), m);
    await client.close();
    await removeMember(h.svc, operatorActor(tenant.id), { memberId: m.id });
    const res = await listTools(tokens.access_token);
    expect(res.status).to.equal(401);
    expect(res.body).to.deep.equal({ error: 'invalid_token', message: 'The access token has been revoked.' });
    const refresh = await post(h.url, '/v1/oauth/token', { form: { grant_type: 'refresh_token', refresh_token: tokens.refresh_token!, client_id: connectorId } });
    expect(refresh.status).to.equal(400);
    expect(refresh.body).to.include({ error: 'invalid_grant' });
  });
});
