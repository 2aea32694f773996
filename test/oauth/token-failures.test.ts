import { expect } from 'chai';
import { newTenant, runtime } from '../support/runtime';
import {
  authorizeInBrowser, basic, closeSourceAddresses, newApiClient, newConnector, newMember, pkce, post, startServer, steppingClock, type Harness,
} from './harness';

const REDIRECT = 'https://assistant.example/oauth/callback';

/**
 * POST /v1/oauth/token counts failed grants apart from successful ones: failures per client and
 * source address, successes per client (the contract's 30 per minute), so failures cannot starve a
 * valid exchange.
 */
describe('OAuth token endpoint: failed grants have their own budget', () => {
  let h: Harness;
  const time = steppingClock();

  before(async () => {
    h = await startServer({ clock: time.clock });
  });
  after(async () => {
    await closeSourceAddresses();
    await h.close();
  });

  it("30 bogus refresh tokens for a public connector from one address do not stop the real user's code exchange", async () => {
    const member = await newMember(h, 'Token budget');
    const c = await newConnector(h.svc, [REDIRECT], true);
    const { verifier, challenge } = pkce();
    const { redirect } = await authorizeInBrowser(h, { clientId: c.clientId, redirectUri: REDIRECT, challenge, method: 'S256' }, member);
    const bogus = () => post(h.url, '/v1/oauth/token', { form: { grant_type: 'refresh_token', refresh_token: `bogus-${Math.random()}`, client_id: c.clientId } }, {}, '127.0.0.2');
    for (let i = 0; i < 30; i++) {
      const res = await bogus();
      expect(res.status, `attempt ${i + 1}`).to.equal(400);
      expect(res.body.error).to.equal('invalid_grant');
    }
    // That address has spent its failures for this client...
    const refused = await bogus();
    expect(refused.status).to.equal(429);
    expect(refused.body.error).to.equal('rate_limited');
    expect(refused.headers.get('cache-control')).to.equal('no-store');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).to.be.within(1, 60);
    expect(refused.headers.get('ratelimit')).to.equal(`"token-failures";r=0;t=${retryAfter}`);
    // ...and the real exchange from elsewhere is untouched.
    const exchanged = await post(h.url, '/v1/oauth/token', {
      form: { grant_type: 'authorization_code', code: redirect.searchParams.get('code')!, redirect_uri: REDIRECT, code_verifier: verifier, client_id: c.clientId },
    });
    expect(exchanged.status, exchanged.text).to.equal(200);
    expect(exchanged.body.access_token).to.be.a('string');
    // Once the window has passed, the address may try again.
    time.advance(retryAfter * 1000);
    expect((await bogus()).status).to.equal(400);
  });

  it('takes the address from X-Forwarded-For only when TRUST_PROXY names the proxy', async () => {
    const behindProxy = await startServer({ clock: time.clock, config: { trustProxy: ['loopback'] } });
    try {
      for (const [h2, trusted] of [[h, false], [behindProxy, true]] as const) {
        const c = await newConnector(h2.svc, [REDIRECT], true);
        const bogus = (client: string) => post(h2.url, '/v1/oauth/token', { form: { grant_type: 'refresh_token', refresh_token: 'bogus', client_id: c.clientId } }, { 'x-forwarded-for': client });
        for (let i = 0; i < 30; i++) expect((await bogus('198.51.100.7')).status).to.equal(400);
        expect((await bogus('198.51.100.7')).status).to.equal(429);
        // Another client behind the same proxy has its own failures; a header alone changes nothing.
        expect((await bogus('198.51.100.8')).status, `trusted: ${trusted}`).to.equal(trusted ? 400 : 429);
      }
    } finally {
      await behindProxy.close();
    }
  });

  it("a client's failed grants do not use its 30 successful ones; the 31st success gets 429 with Retry-After", async () => {
    const tenant = await newTenant(await runtime());
    const client = await newApiClient(h.svc, tenant.id);
    const ask = (scope?: string) => post(h.url, '/v1/oauth/token', { form: { grant_type: 'client_credentials', ...(scope ? { scope } : {}) } }, { authorization: basic(client.clientId, client.clientSecret) });
    for (let i = 0; i < 10; i++) expect((await ask('admin')).status).to.equal(400);
    const results = [];
    for (let i = 0; i < 30; i++) results.push((await ask()).status);
    expect(results).to.deep.equal(Array(30).fill(200));
    const refused = await ask();
    expect(refused.status).to.equal(429);
    expect(refused.body.error).to.equal('rate_limited');
    expect(Number(refused.headers.get('retry-after'))).to.be.within(1, 60);
    expect(refused.headers.get('ratelimit')).to.match(/^"token";r=0;t=\d+$/);
  });
});
