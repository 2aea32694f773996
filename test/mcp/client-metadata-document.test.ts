import { expect } from 'chai';
import { operatorActor } from '../../src/access/index';
import { openCase } from '../../src/onboarding/index';
import { createMember } from '../../src/tenants/index';
import { newTenant, runtime } from '../support/runtime';
import { Browser, decodeJwt, type Harness } from '../oauth/harness';
import { connectAssistant, metadataServer, REDIRECT, startMcpServer, TestProvider } from './support';

describe('MCP connector known by its Client ID Metadata Document (no registration step)', function () {
  this.timeout(60_000);
  let h: Harness;
  let docs: Awaited<ReturnType<typeof metadataServer>>;
  const served = new Map<string, unknown>();

  before(async () => {
    h = await startMcpServer();
    docs = await metadataServer((url) => served.get(url) ?? { error: 'not found' });
  });
  after(async () => {
    await docs.close();
    await h.close();
  });

  const newMember = async () => {
    const tenant = await newTenant(await runtime(), 'Metadata Clients Ltd');
    const email = `cimd.${tenant.id.slice(0, 8)}@assistants.example`;
    const password = 'metadata member password 1';
    const m = await createMember(h.svc, operatorActor(tenant.id), { email, password, role: 'analyst' });
    await openCase(h.svc, operatorActor(tenant.id), { source: 'manual', companyName: 'Document Client Case Ltd', customerEmail: null });
    return { tenant, id: m.id, email, password };
  };

  it('fetches the document over HTTPS, shows its name with its host on the consent page, and issues tokens to the URL client', async () => {
    const clientId = `${docs.url}/assistant/client.json`;
    served.set(clientId, { client_id: clientId, client_name: 'Example Assistant', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' });
    const m = await newMember();
    const provider = new TestProvider({ clientMetadataUrl: clientId });
    const hitsBefore = docs.hits;
    const { client, consent, authorizationUrl, tokens } = await connectAssistant(h, provider, m);
    expect(authorizationUrl.searchParams.get('client_id')).to.equal(clientId);
    expect(consent).to.contain(`<strong>Example Assistant (${new URL(docs.url).host})</strong> wants access to Metadata Clients Ltd`);
    expect(decodeJwt(tokens.access_token).payload).to.include({ aud: `${h.url}/mcp`, sub: m.id, org_id: m.tenant.id });
    const found = await client.callTool({ name: 'search_cases', arguments: {} });
    expect((found.structuredContent as { data: { companyName: string }[] }).data.map((c) => c.companyName)).to.deep.equal(['Document Client Case Ltd']);
    await client.close();
    // Fetched once for the authorization request (the consent step reads the stored copy), then cached.
    expect(docs.hits - hitsBefore).to.equal(1);
    const again = await connectAssistant(h, new TestProvider({ clientMetadataUrl: clientId }), m);
    await again.client.close();
    expect(docs.hits - hitsBefore).to.equal(1);
  });

  it('refuses a document whose client_id is not its URL, or whose redirect URI is not the request\'s, with a page and no redirect', async () => {
    const lying = `${docs.url}/lying/client.json`;
    served.set(lying, { client_id: 'https://someone-else.example/client.json', redirect_uris: [REDIRECT] });
    const other = `${docs.url}/other/client.json`;
    served.set(other, { client_id: other, redirect_uris: ['https://other.example/cb'] });
    for (const [clientId, words] of [[lying, 'its client_id is not the URL it was fetched from'], [other, 'The redirect_uri is not registered for this application.']] as const) {
      const q = new URLSearchParams({ response_type: 'code', client_id: clientId, redirect_uri: REDIRECT, code_challenge: 'x'.repeat(43), code_challenge_method: 'S256' });
      const page = await new Browser(h.url).get(`/v1/oauth/authorize?${q}`);
      expect(page.status).to.equal(400);
      expect(page.location).to.equal(null);
      expect(page.text).to.contain(words);
    }
  });

  it('never fetches a document from a private or loopback address when private targets are not allowed', async () => {
    const strict = await startMcpServer({ config: { webhookAllowPrivateTargets: false } });
    try {
      const clientId = `${docs.url}/private/client.json`;
      served.set(clientId, { client_id: clientId, redirect_uris: [REDIRECT] });
      const hitsBefore = docs.hits;
      const q = new URLSearchParams({ response_type: 'code', client_id: clientId, redirect_uri: REDIRECT, code_challenge: 'x'.repeat(43), code_challenge_method: 'S256' });
      const page = await new Browser(strict.url).get(`/v1/oauth/authorize?${q}`);
      expect(page.status).to.equal(400);
      expect(page.location).to.equal(null);
      expect(page.text).to.contain('cannot be used: its URL must not target a private or loopback address.');
      expect(docs.hits).to.equal(hitsBefore);
    } finally {
      await strict.close();
    }
  });
});
