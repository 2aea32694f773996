import { expect } from 'chai';
import { operatorActor } from '../../src/access/index';
import { setIpAllowList } from '../../src/tenants/index';
import { authorizePath, Browser, closeSourceAddresses, hiddenInputs, newConnector, newMember, pkce, startServer, type Harness } from './harness';

const REDIRECT = 'https://assistant.example/oauth/callback';

/** An AI assistant's (MCP client's) connection: the authorize page's sign-in of a member obeys the tenant's IP allow-list. */
describe("OAuth authorize page: the tenant's IP allow-list", function () {
  this.timeout(60_000);
  let h: Harness;
  before(async () => {
    h = await startServer();
  });
  after(async () => {
    await closeSourceAddresses();
    await h.close();
  });

  it('refuses the sign-in of a member from an address outside the list (403 on the sign-in page, no session) and allows it from inside', async () => {
    const member = await newMember(h, 'Allow-list');
    await setIpAllowList(h.svc, operatorActor(member.tenant.id), { cidrs: ['127.0.0.1/32'], address: undefined });
    const c = await newConnector(h.svc, [REDIRECT]);
    const signIn = async (from: string) => {
      const browser = new Browser(h.url, from);
      const page = await browser.get(authorizePath({ clientId: c.clientId, redirectUri: REDIRECT, challenge: pkce().challenge, method: 'S256', state: 's' }));
      return { browser, answer: await browser.post('/v1/oauth/sign-in', { ...hiddenInputs(page.text), email: member.email, password: member.password }) };
    };
    const outside = await signIn('127.0.0.2');
    expect(outside.answer.status).to.equal(403);
    expect(outside.answer.text).to.contain('<title>Sign in to connect Assistant Connector</title>');
    expect(outside.answer.text).to.contain('Address not allowed: your organisation accepts sign-ins and API calls only from the networks on its IP allow-list.');
    const inside = await signIn('127.0.0.1');
    expect(inside.answer.status, inside.answer.text).to.equal(303);
    expect((await inside.browser.get(inside.answer.location!)).text).to.contain('wants access to');
    const audit = (await h.svc.db.query("SELECT actor, details FROM tenant_config_audit_log WHERE org_id = ? AND action = 'member.signed_in'", [member.tenant.id])) as { actor: string; details: Record<string, unknown> }[];
    expect(audit.map((a) => [a.actor, a.details.method, a.details.door, a.details.address])).to.deep.equal([[member.email, 'password', 'oauth', '127.0.0.1']]);
  });
});
