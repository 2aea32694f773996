import { expect } from 'chai';
import { disconnectApp, listConnectedApps } from '../../src/oauth/index';
import { type Clock } from '../../src/platform/index';
import { createMember, type MemberRole, type Tenant } from '../../src/tenants/index';
import { newTenant, runtime } from '../support/runtime';
import {
  authorizeInBrowser, authorizePath, basic, Browser, clientToken, decodeJwt, get, hiddenInputs, newApiClient, newConnector, pkce, post,
  startServer, type Harness,
} from './harness';
import { memberActor, operatorActor } from '../../src/access/index';

const REDIRECT = 'https://assistant.example/oauth/callback';

describe('authorization code with PKCE, refresh rotation, revocation, connected apps', () => {
  let h: Harness;
  let tenant: Tenant;
  const analyst = { email: '', password: 'analyst password 123', id: '', orgId: '', role: 'analyst' as MemberRole };
  const admin = { email: '', password: 'admin password 1234', id: '', orgId: '', role: 'admin' as MemberRole };
  let offsetMs = 0;
  const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };

  before(async () => {
    h = await startServer({ clock });
    tenant = await newTenant(await runtime(), 'Acme Compliance Ltd');
    const suffix = tenant.id.slice(0, 8);
    analyst.email = `analyst.${suffix}@acme.example`;
    admin.email = `admin.${suffix}@acme.example`;
    analyst.orgId = admin.orgId = tenant.id;
    analyst.id = (await createMember(h.svc, operatorActor(tenant.id), { email: analyst.email, password: analyst.password, role: 'analyst' })).id;
    admin.id = (await createMember(h.svc, operatorActor(tenant.id), { email: admin.email, password: admin.password, role: 'admin' })).id;
  });
  after(() => h.close());
  afterEach(() => {
    offsetMs = 0;
  });

  const connector = (isPublic = false) => newConnector(h.svc, [REDIRECT, 'http://127.0.0.1:8765/cb'], isPublic);
  const exchange = (c: { clientId: string; clientSecret: string | null }, params: Record<string, string>) =>
    post(h.url, '/v1/oauth/token', { form: { grant_type: 'authorization_code', ...params, ...(c.clientSecret ? {} : { client_id: c.clientId }) } },
      c.clientSecret ? { authorization: basic(c.clientId, c.clientSecret) } : {});
  const refresh = (c: { clientId: string; clientSecret: string | null }, refreshToken: string) =>
    post(h.url, '/v1/oauth/token', { form: { grant_type: 'refresh_token', refresh_token: refreshToken } }, { authorization: basic(c.clientId, c.clientSecret!) });
  const probe = (token: string) => get(h.url, '/v1/probe', { authorization: `Bearer ${token}` });
  const connect = async (c: { clientId: string; clientSecret: string | null }, who = analyst, scope?: string) => {
    const { verifier, challenge } = pkce();
    const { redirect } = await authorizeInBrowser(h, { clientId: c.clientId, redirectUri: REDIRECT, challenge, method: 'S256', scope, state: 'xyz' }, who);
    const code = redirect.searchParams.get('code')!;
    const tokens = await exchange(c, { code, redirect_uri: REDIRECT, code_verifier: verifier });
    expect(tokens.status, tokens.text).to.equal(200);
    return { code, verifier, tokens: tokens.body as { access_token: string; refresh_token: string; scope: string } };
  };
  const invalidGrant = (description: string) => ({ error: 'invalid_grant', error_description: description });

  it('signs in, shows the app, the tenant and every scope in words, and redirects with code, state and iss', async () => {
    const c = await connector();
    const { verifier, challenge } = pkce();
    const { redirect, consent } = await authorizeInBrowser(h, {
      clientId: c.clientId, redirectUri: REDIRECT, challenge, method: 'S256', scope: 'read:cases read:events', state: 'st-1',
    }, analyst);
    expect(consent).to.contain('<strong>Assistant Connector</strong> wants access to Acme Compliance Ltd');
    expect(consent).to.contain('Read your organisation’s cases').and.contain('Read the event feed').and.not.contain('Read documents');
    expect(consent).to.contain(`Signed in as <strong>${analyst.email}</strong>`);
    expect(`${redirect.origin}${redirect.pathname}`).to.equal(REDIRECT);
    expect([...redirect.searchParams.keys()].sort()).to.deep.equal(['code', 'iss', 'state']);
    expect(redirect.searchParams.get('state')).to.equal('st-1');
    expect(redirect.searchParams.get('iss')).to.equal(h.url);

    const res = await exchange(c, { code: redirect.searchParams.get('code')!, redirect_uri: REDIRECT, code_verifier: verifier });
    expect(res.status, res.text).to.equal(200);
    expect(res.headers.get('cache-control')).to.equal('no-store');
    expect(Object.keys(res.body).sort()).to.deep.equal(['access_token', 'expires_in', 'refresh_token', 'scope', 'token_type']);
    expect(res.body).to.deep.include({ token_type: 'Bearer', expires_in: 3600, scope: 'read:cases read:events' });
    const claims = decodeJwt(res.body.access_token as string).payload;
    expect(claims).to.include({ sub: analyst.id, client_id: c.clientId, org_id: tenant.id, scope: 'read:cases read:events' });
    const seen = await probe(res.body.access_token as string);
    expect(seen.status).to.equal(200);
    expect(seen.body).to.include({ kind: 'connector', orgId: tenant.id, clientId: c.clientId, grantId: claims.grant_id, memberId: analyst.id });
  });

  it('Deny redirects with error=access_denied and the state', async () => {
    const c = await connector();
    const { redirect } = await authorizeInBrowser(h, { clientId: c.clientId, redirectUri: REDIRECT, challenge: pkce().challenge, method: 'S256', state: 'st-2' }, analyst, 'deny');
    expect(Object.fromEntries(redirect.searchParams)).to.deep.equal({ error: 'access_denied', state: 'st-2', iss: h.url });
  });

  it('lets a public client exchange with client_id alone, and never without the verifier', async () => {
    const c = await connector(true);
    const { verifier, challenge } = pkce();
    const first = await authorizeInBrowser(h, { clientId: c.clientId, redirectUri: REDIRECT, challenge, method: 'S256' }, analyst);
    const missing = await exchange(c, { code: first.redirect.searchParams.get('code')!, redirect_uri: REDIRECT });
    expect(missing.status).to.equal(400);
    expect(missing.body).to.deep.equal(invalidGrant('PKCE is required: code_verifier is missing.'));
    const second = await authorizeInBrowser(h, { clientId: c.clientId, redirectUri: REDIRECT, challenge, method: 'S256' }, analyst);
    const ok = await exchange(c, { code: second.redirect.searchParams.get('code')!, redirect_uri: REDIRECT, code_verifier: verifier });
    expect(ok.status, ok.text).to.equal(200);
    expect(ok.body.scope).to.equal('read:cases read:documents read:events read:decisions read:screening');
  });

  describe('attack cases', () => {
    it('refuses a second use of a code and revokes every token issued from the first', async () => {
      const c = await connector();
      const { code, verifier, tokens } = await connect(c);
      const again = await exchange(c, { code, redirect_uri: REDIRECT, code_verifier: verifier });
      expect(again.status).to.equal(400);
      expect(again.body).to.deep.equal(invalidGrant('The authorization code is invalid, expired or already used.'));
      expect((await probe(tokens.access_token)).body).to.deep.equal({ error: 'invalid_token', message: 'The access token has been revoked.' });
      expect((await refresh(c, tokens.refresh_token)).body).to.deep.equal(invalidGrant('The refresh token is invalid, expired or revoked.'));
    });

    it('refuses a PKCE mismatch, a plain or missing challenge, and a redirect_uri that differs at the exchange', async () => {
      const c = await connector();
      const { challenge } = pkce();
      const { redirect } = await authorizeInBrowser(h, { clientId: c.clientId, redirectUri: REDIRECT, challenge, method: 'S256' }, analyst);
      const mismatch = await exchange(c, { code: redirect.searchParams.get('code')!, redirect_uri: REDIRECT, code_verifier: pkce().verifier });
      expect(mismatch.status).to.equal(400);
      expect(mismatch.body).to.deep.equal(invalidGrant('The code_verifier does not match the code_challenge.'));

      const { verifier, challenge: c2 } = pkce();
      const other = await authorizeInBrowser(h, { clientId: c.clientId, redirectUri: REDIRECT, challenge: c2, method: 'S256' }, analyst);
      const wrongRedirect = await exchange(c, { code: other.redirect.searchParams.get('code')!, redirect_uri: 'http://127.0.0.1:8765/cb', code_verifier: verifier });
      expect(wrongRedirect.body).to.deep.equal(invalidGrant('redirect_uri does not match the one of the authorization request.'));

      const browser = new Browser(h.url);
      const downgrades: [Partial<Parameters<typeof authorizePath>[0]>, string][] = [
        [{ challenge: verifier, method: 'plain' }, 'code_challenge_method must be S256 (plain is not allowed).'],
        [{ challenge }, 'code_challenge_method must be S256 (plain is not allowed).'],
        [{}, 'PKCE is required: send code_challenge with code_challenge_method=S256.'],
        [{ challenge: 'short', method: 'S256' }, 'code_challenge must be the 43-character base64url SHA-256 of the code verifier.'],
      ];
      for (const [extra, description] of downgrades) {
        const res = await browser.get(authorizePath({ clientId: c.clientId, redirectUri: REDIRECT, state: 's', ...extra }));
        expect(res.status, JSON.stringify(extra)).to.equal(302);
        expect(Object.fromEntries(new URL(res.location!).searchParams)).to.deep.equal({ error: 'invalid_request', error_description: description, state: 's', iss: h.url });
      }
    });

    it('refuses an unregistered scope with a redirect carrying invalid_scope', async () => {
      const c = await connector();
      const res = await new Browser(h.url).get(authorizePath({ clientId: c.clientId, redirectUri: REDIRECT, challenge: pkce().challenge, method: 'S256', scope: 'read:cases admin', state: 's' }));
      expect(res.status).to.equal(302);
      expect(Object.fromEntries(new URL(res.location!).searchParams)).to.deep.equal({ error: 'invalid_scope', error_description: 'Unknown scope: admin.', state: 's', iss: h.url });
      const wrongType = await new Browser(h.url).get(authorizePath({ clientId: c.clientId, redirectUri: REDIRECT, responseType: 'token', state: 's' }));
      expect(new URL(wrongType.location!).searchParams.get('error')).to.equal('unsupported_response_type');
    });

    it('never redirects to a redirect_uri that is not exactly registered, nor for an unknown client', async () => {
      const c = await connector();
      const variants = [
        `${REDIRECT}/`, 'https://Assistant.example/oauth/callback', 'https://assistant.example/OAuth/callback', `${REDIRECT}?next=https://evil.example`,
        'https://assistant.example@evil.example/oauth/callback', 'https://evil.example\\@assistant.example/oauth/callback',
        'http://assistant.example/oauth/callback', 'https://assistant.example/oauth/callback#frag', 'https://assistant.example/oauth/callback/../evil',
      ];
      for (const redirectUri of variants) {
        const res = await new Browser(h.url).get(authorizePath({ clientId: c.clientId, redirectUri, challenge: pkce().challenge, method: 'S256', state: 's' }));
        expect(res.status, redirectUri).to.equal(400);
        expect(res.location, redirectUri).to.equal(null);
        expect(res.text).to.contain('The redirect_uri is not registered for this application.');
      }
      const unknown = await new Browser(h.url).get(authorizePath({ clientId: 'con_unknown', redirectUri: REDIRECT, challenge: pkce().challenge, method: 'S256' }));
      expect(unknown.status).to.equal(400);
      expect(unknown.location).to.equal(null);
      expect(unknown.text).to.contain('The request does not name a known application (client_id).');
      const apiClient = await newApiClient(h.svc, tenant.id);
      const notConnector = await new Browser(h.url).get(authorizePath({ clientId: apiClient.clientId, redirectUri: REDIRECT, challenge: pkce().challenge, method: 'S256' }));
      expect(notConnector.status).to.equal(400);
    });

    it('refuses a code after its 60 seconds', async () => {
      const c = await connector();
      const { verifier, challenge } = pkce();
      const { redirect } = await authorizeInBrowser(h, { clientId: c.clientId, redirectUri: REDIRECT, challenge, method: 'S256' }, analyst);
      offsetMs = 61_000;
      const res = await exchange(c, { code: redirect.searchParams.get('code')!, redirect_uri: REDIRECT, code_verifier: verifier });
      expect(res.body).to.deep.equal(invalidGrant('The authorization code is invalid, expired or already used.'));
    });

    it('refuses a wrong password on the sign-in page and a form without its CSRF token', async () => {
      const c = await connector();
      const browser = new Browser(h.url);
      const page = await browser.get(authorizePath({ clientId: c.clientId, redirectUri: REDIRECT, challenge: pkce().challenge, method: 'S256' }));
      expect(page.headers.get('set-cookie')).to.match(/^svc_oauth_session=[^;]+; Path=\/v1\/oauth; Max-Age=1800; HttpOnly; SameSite=Lax$/);
      expect(page.headers.get('content-security-policy')).to.contain("frame-ancestors 'none'");
      const inputs = hiddenInputs(page.text);
      const wrong = await browser.post('/v1/oauth/sign-in', { ...inputs, email: analyst.email, password: 'wrong password 123' });
      expect(wrong.status).to.equal(401);
      expect(wrong.text).to.contain('The email or password is incorrect.');
      const forged = await browser.post('/v1/oauth/sign-in', { transaction_id: inputs.transaction_id!, email: analyst.email, password: analyst.password });
      expect(forged.status).to.equal(403);
      expect(forged.text).to.contain('This form has expired');
      const otherBrowser = new Browser(h.url);
      await otherBrowser.get(authorizePath({ clientId: c.clientId, redirectUri: REDIRECT, challenge: pkce().challenge, method: 'S256' }));
      const stolen = await otherBrowser.get(`/v1/oauth/authorize/consent?transaction_id=${encodeURIComponent(inputs.transaction_id!)}`);
      expect(stolen.status).to.equal(400);
      expect(stolen.text).to.contain('This authorization request has expired or was started in another browser.');
    });
  });

  describe('refresh tokens', () => {
    it('rotates: each use returns a new refresh token; presenting a rotated one revokes the whole grant', async () => {
      const c = await connector();
      const { tokens } = await connect(c);
      const first = await refresh(c, tokens.refresh_token);
      expect(first.status, first.text).to.equal(200);
      expect(first.headers.get('cache-control')).to.equal('no-store');
      expect(first.body.refresh_token).to.be.a('string').and.not.equal(tokens.refresh_token);
      expect(first.body.scope).to.equal(tokens.scope);
      expect((await probe(first.body.access_token as string)).status).to.equal(200);
      const reuse = await refresh(c, tokens.refresh_token);
      expect(reuse.status).to.equal(400);
      expect(reuse.body).to.deep.equal(invalidGrant('The refresh token is invalid, expired or revoked.'));
      expect((await probe(first.body.access_token as string)).status).to.equal(401);
      expect((await refresh(c, first.body.refresh_token as string)).body.error).to.equal('invalid_grant');
    });

    it('lets at most one of two concurrent refreshes with one token succeed', async () => {
      const c = await connector();
      const { tokens } = await connect(c);
      const both = await Promise.all([refresh(c, tokens.refresh_token), refresh(c, tokens.refresh_token)]);
      expect(both.filter((r) => r.status === 200).length).to.be.at.most(1);
      expect(both.filter((r) => r.status === 400).length).to.be.at.least(1);
    });

    it("refuses another client's refresh token", async () => {
      const c = await connector();
      const thief = await connector();
      const { tokens } = await connect(c);
      expect((await refresh(thief, tokens.refresh_token)).body).to.deep.equal(invalidGrant('The refresh token is invalid, expired or revoked.'));
    });
  });

  describe('POST /v1/oauth/revoke', () => {
    const revoke = (c: { clientId: string; clientSecret: string | null }, form: Record<string, string>) =>
      post(h.url, '/v1/oauth/revoke', { form }, { authorization: basic(c.clientId, c.clientSecret!) });

    it('revoking a refresh token kills the access tokens of its grant too', async () => {
      const c = await connector();
      const { tokens } = await connect(c);
      const res = await revoke(c, { token: tokens.refresh_token, token_type_hint: 'refresh_token' });
      expect(res.status).to.equal(200);
      expect(res.text).to.equal('');
      expect((await probe(tokens.access_token)).status).to.equal(401);
      expect((await refresh(c, tokens.refresh_token)).body.error).to.equal('invalid_grant');
    });

    it('revokes one access token by its jti, answers 200 for an unknown token, and refuses other clients', async () => {
      const client = await newApiClient(h.svc, tenant.id);
      const token = await clientToken(h, client);
      const spare = await clientToken(h, client);
      const res = await post(h.url, '/v1/oauth/revoke', { json: { token, client_id: client.clientId, client_secret: client.clientSecret } });
      expect(res.status).to.equal(200);
      expect((await probe(token)).body).to.deep.equal({ error: 'invalid_token', message: 'The access token has been revoked.' });
      expect((await probe(spare)).status).to.equal(200);
      expect((await revoke(client, { token: 'no-such-token' })).status).to.equal(200);
      const other = await newApiClient(h.svc, tenant.id);
      const refused = await revoke(other, { token: spare, token_type_hint: 'access_token' });
      expect(refused.status).to.equal(400);
      expect(refused.body).to.deep.equal(invalidGrant('The token was issued to another client.'));
      const anonymous = await post(h.url, '/v1/oauth/revoke', { form: { token: spare } });
      expect(anonymous.status).to.equal(401);
      expect(anonymous.body.error).to.equal('invalid_client');
      expect((await probe(spare)).status).to.equal(200);
    });
  });

  describe('connected apps', () => {
    it('lists every member’s apps; the member or an admin disconnects, after which every token fails', async () => {
      const c = await connector();
      const mine = await connect(c, analyst, 'read:cases');
      const theirs = await connect(c, admin, 'read:cases');
      const grantOf = (t: { access_token: string }) => decodeJwt(t.access_token).payload.grant_id as string;
      const apps = await listConnectedApps(h.svc, operatorActor(tenant.id));
      const listed = apps.filter((a) => a.clientId === c.clientId);
      expect(listed.map((a) => [a.grantId, a.memberEmail, a.appName, a.scopes])).to.have.deep.members([
        [grantOf(mine.tokens), analyst.email, 'Assistant Connector', ['read:cases']],
        [grantOf(theirs.tokens), admin.email, 'Assistant Connector', ['read:cases']],
      ]);
      expect(listed[0]!.lastUsedAt).to.be.instanceOf(Date);

      let refused: unknown;
      try {
        await disconnectApp(h.svc, memberActor(analyst), { grantId: grantOf(theirs.tokens) });
      } catch (err) {
        refused = err;
      }
      expect(refused).to.include({ code: 'forbidden', message: "Only an admin may disconnect another member's app." });
      expect((await probe(theirs.tokens.access_token)).status).to.equal(200);

      await disconnectApp(h.svc, memberActor(admin), { grantId: grantOf(mine.tokens) });
      expect((await probe(mine.tokens.access_token)).body).to.deep.equal({ error: 'invalid_token', message: 'The access token has been revoked.' });
      expect((await refresh(c, mine.tokens.refresh_token)).body.error).to.equal('invalid_grant');
      await disconnectApp(h.svc, memberActor(admin), { grantId: grantOf(theirs.tokens) });
      expect((await probe(theirs.tokens.access_token)).status).to.equal(401);
      expect((await listConnectedApps(h.svc, operatorActor(tenant.id))).filter((a) => a.clientId === c.clientId)).to.deep.equal([]);

      const otherTenant = await newTenant(await runtime());
      let notFound: unknown;
      try {
        // An admin of another tenant: that tenant has no such app, the same answer as a missing one.
        await disconnectApp(h.svc, memberActor({ ...admin, orgId: otherTenant.id }), { grantId: grantOf(theirs.tokens) });
      } catch (err) {
        notFound = err;
      }
      expect(notFound).to.include({ code: 'not_found', message: 'Connected app not found.' });
    });
  });

  it('publishes authorization-server and protected-resource metadata', async () => {
    const as = await get(h.url, '/.well-known/oauth-authorization-server');
    expect(as.body).to.deep.include({
      issuer: h.url, authorization_endpoint: `${h.url}/v1/oauth/authorize`, token_endpoint: `${h.url}/v1/oauth/token`,
      revocation_endpoint: `${h.url}/v1/oauth/revoke`, jwks_uri: `${h.url}/v1/oauth/jwks.json`, code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'], grant_types_supported: ['authorization_code', 'refresh_token', 'client_credentials'],
    });
    for (const path of ['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/v1']) {
      const pr = await get(h.url, path);
      expect(pr.body).to.deep.include({ resource: `${h.url}/v1`, authorization_servers: [h.url], bearer_methods_supported: ['header'] });
    }
  });
});
