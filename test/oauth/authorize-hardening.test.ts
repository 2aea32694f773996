import { expect } from 'chai';
import { CLIENT_METADATA_TIMEOUT_MS } from '../../src/oauth/client-metadata-document';
import { metadataClientKey } from '../../src/oauth/client-metadata-document';
import { OAuthClient } from '../../src/oauth/oauth-client.entity';
import { connectAssistant, metadataServer, REDIRECT, startMcpServer, TestProvider } from '../mcp/support';
import { createMember } from '../../src/tenants/index';
import { operatorActor } from '../../src/access/index';
import { newTenant, runtime } from '../support/runtime';
import { authorizePath, Browser, closeSourceAddresses, newConnector, pkce, post, startServer, steppingClock, type Harness } from './harness';

/**
 * GET /v1/oauth/authorize is open to anyone: it is limited per source address, a metadata document
 * is fetched at most once per cache lifetime and within one deadline (DNS included), nothing is stored
 * before a member consents, and the error page never repeats what the remote side answered.
 */
describe('OAuth authorize endpoint: limits on what an anonymous request costs', function () {
  this.timeout(60_000);
  const time = steppingClock();
  let h: Harness;
  let docs: Awaited<ReturnType<typeof metadataServer>>;
  const served = new Map<string, unknown>();
  const answers = new Map<string, { status?: number; headers?: Record<string, string> }>();
  let count = 0;

  before(async () => {
    h = await startMcpServer({ clock: time.clock });
    docs = await metadataServer((url) => served.get(url) ?? { error: 'not found' }, (url) => answers.get(url) ?? {});
  });
  afterEach(() => time.reset());
  after(async () => {
    await closeSourceAddresses();
    await docs.close();
    await h.close();
  });

  /** A fresh document URL serving a valid public-client document (with `answer`'s status and headers). */
  const documentUrl = (answer: { status?: number; headers?: Record<string, string> } = {}) => {
    const url = `${docs.url}/assistant-${++count}/client.json`;
    served.set(url, { client_id: url, client_name: `Assistant ${count}`, redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' });
    answers.set(url, answer);
    return url;
  };
  const authorizeWith = (clientId: string, from?: string) =>
    new Browser(h.url, from).get(authorizePath({ clientId, redirectUri: REDIRECT, challenge: pkce().challenge, method: 'S256' }));

  it('answers 429 with Retry-After once an address has sent its authorization requests of the minute; other addresses go on', async () => {
    const limited = await startServer({ clock: time.clock, config: { authorizeRateLimitPerMinute: 5 } });
    try {
      const c = await newConnector(limited.svc, [REDIRECT]);
      const path = authorizePath({ clientId: c.clientId, redirectUri: REDIRECT, challenge: pkce().challenge, method: 'S256' });
      for (let i = 0; i < 5; i++) expect((await new Browser(limited.url, '127.0.0.9').get(path)).status).to.equal(200);
      const refused = await new Browser(limited.url, '127.0.0.9').get(path);
      expect(refused.status).to.equal(429);
      // The stepping clock stands one second into its minute.
      expect(refused.headers.get('retry-after')).to.equal('59');
      expect(refused.location).to.equal(null);
      expect(refused.text).to.contain('Too many connection requests from your network. Wait 59 seconds and try again.');
      expect((await new Browser(limited.url, '127.0.0.10').get(path)).status).to.equal(200);
      time.advance(59_000);
      expect((await new Browser(limited.url, '127.0.0.9').get(path)).status).to.equal(200);
    } finally {
      await limited.close();
    }
  });

  it('fetches a document again only when its Cache-Control lifetime is over, never sooner than 5 minutes, never later than 24 hours', async () => {
    const cases: { headers: Record<string, string>; fresh: number; stale: number }[] = [
      { headers: { 'cache-control': 'public, max-age=600' }, fresh: 9 * 60_000, stale: 10 * 60_000 + 1_000 },
      { headers: { 'cache-control': 'no-store' }, fresh: 4 * 60_000, stale: 5 * 60_000 + 1_000 },
      { headers: { 'cache-control': 'max-age=5' }, fresh: 4 * 60_000, stale: 5 * 60_000 + 1_000 },
      { headers: { 'cache-control': 'max-age=31536000' }, fresh: 23 * 3600_000, stale: 24 * 3600_000 + 1_000 },
    ];
    for (const c of cases) {
      time.reset();
      const url = documentUrl({ headers: c.headers });
      const before = docs.hits;
      expect((await authorizeWith(url)).status, c.headers['cache-control']).to.equal(200);
      expect((await authorizeWith(url)).status).to.equal(200);
      expect(docs.hits - before, `${c.headers['cache-control']}: once`).to.equal(1);
      time.advance(c.fresh);
      expect((await authorizeWith(url)).status).to.equal(200);
      expect(docs.hits - before, `${c.headers['cache-control']}: still fresh`).to.equal(1);
      time.advance(c.stale - c.fresh);
      expect((await authorizeWith(url)).status).to.equal(200);
      expect(docs.hits - before, `${c.headers['cache-control']}: fetched again`).to.equal(2);
    }
  });

  it('stores no client for a URL that only passed through authorize: at the token endpoint it is an unknown client', async () => {
    const url = documentUrl();
    expect((await authorizeWith(url)).status).to.equal(200);
    expect(await h.svc.db.manager.findOneBy(OAuthClient, { id: metadataClientKey(url) })).to.equal(null);
    const token = await post(h.url, '/v1/oauth/token', {
      form: { grant_type: 'authorization_code', client_id: url, code: 'a'.repeat(43), redirect_uri: REDIRECT, code_verifier: 'v'.repeat(43) },
    });
    expect(token.status).to.equal(401);
    expect(token.body).to.deep.equal({ error: 'invalid_client', error_description: 'Client authentication failed.' });
  });

  it('stores the client when a member consents, and its tokens work', async () => {
    const url = documentUrl();
    const tenant = await newTenant(await runtime(), 'Consenting Ltd');
    const member = { email: `consent.${tenant.id.slice(0, 8)}@members.example`, password: 'consenting member password 1' };
    await createMember(h.svc, operatorActor(tenant.id), { ...member, role: 'analyst' });
    const { client } = await connectAssistant(h, new TestProvider({ clientMetadataUrl: url }), member);
    await client.close();
    const row = await h.svc.db.manager.findOneByOrFail(OAuthClient, { id: metadataClientKey(url) });
    expect(row).to.include({ metadataUrl: url, kind: 'connector', name: `Assistant ${count} (${new URL(docs.url).host})` });
  });

  it('shows a generic error page, never the remote status, when the document cannot be fetched', async () => {
    const url = documentUrl({ status: 503 });
    const page = await authorizeWith(url);
    expect(page.status).to.equal(400);
    expect(page.location).to.equal(null);
    expect(page.text).to.contain('client metadata document cannot be used: it could not be fetched. It must answer an HTTPS GET with 200 and the JSON document.');
    expect(page.text).not.to.contain('503');
  });

  it('gives up within one deadline when the DNS lookup never answers', async () => {
    const silent = await startServer({ resolver: { resolve: () => new Promise<string[]>(() => {}) } });
    try {
      const started = Date.now();
      const page = await new Browser(silent.url).get(authorizePath({
        clientId: 'https://never-answers.example/client.json', redirectUri: REDIRECT, challenge: pkce().challenge, method: 'S256',
      }));
      expect(page.status).to.equal(400);
      expect(page.text).to.contain('client metadata document cannot be used: it could not be fetched within 5 seconds.');
      // Not a timed assertion: only that the page came from the deadline, not from a later failure.
      expect(Date.now() - started).to.be.at.least(CLIENT_METADATA_TIMEOUT_MS - 50);
    } finally {
      await silent.close();
    }
  });
});
