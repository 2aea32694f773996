import { expect } from 'chai';
import { revokeClient } from '../../src/oauth/index';
import { runtime, newTenant } from '../support/runtime';
import { basic, decodeJwt, frozenClock, newApiClient, newConnector, post, startServer, type Harness } from './harness';
import { SERVICE_OPERATOR } from '../../src/access/index';

describe('POST /v1/oauth/token: client credentials', () => {
  let h: Harness;
  before(async () => {
    h = await startServer();
  });
  after(() => h.close());

  const setup = async (scopes?: string) => {
    const tenant = await newTenant(await runtime());
    return { tenant, client: await newApiClient(h.svc, tenant.id, scopes) };
  };

  it('issues a signed ES256 JWT for a JSON body, exactly the contract token response, with no-store', async () => {
    const { tenant, client } = await setup();
    const res = await post(h.url, '/v1/oauth/token', { json: { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret } });
    expect(res.status, res.text).to.equal(200);
    expect(res.headers.get('cache-control')).to.equal('no-store');
    expect(res.headers.get('content-type')).to.match(/^application\/json/);
    expect(Object.keys(res.body).sort()).to.deep.equal(['access_token', 'expires_in', 'scope', 'token_type']);
    expect(res.body).to.deep.include({ token_type: 'Bearer', expires_in: 3600, scope: client.scopes.join(' ') });

    const { header, payload } = decodeJwt(res.body.access_token as string);
    expect(header).to.deep.include({ alg: 'ES256', typ: 'at+jwt' });
    const jwks = await (await fetch(`${h.url}/v1/oauth/jwks.json`)).json() as { keys: Record<string, unknown>[] };
    expect(jwks.keys).to.have.length(1);
    expect(jwks.keys[0]).to.include({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig', kid: header.kid });
    expect(jwks.keys[0]).to.not.have.property('d');
    expect(payload).to.include({ iss: h.url, aud: `${h.url}/v1`, sub: client.clientId, client_id: client.clientId, org_id: tenant.id, scope: client.scopes.join(' ') });
    expect(payload.exp as number - (payload.iat as number)).to.equal(3600);
    expect(payload.jti).to.match(/^[0-9a-f-]{36}$/);
    expect(payload).to.not.have.property('grant_id');
  });

  it('accepts the credentials in a form body and as HTTP Basic', async () => {
    const { client } = await setup();
    const form = await post(h.url, '/v1/oauth/token', { form: { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret } });
    expect(form.status, form.text).to.equal(200);
    const viaBasic = await post(h.url, '/v1/oauth/token', { form: { grant_type: 'client_credentials' } }, { authorization: basic(client.clientId, client.clientSecret) });
    expect(viaBasic.status, viaBasic.text).to.equal(200);
    expect(decodeJwt(viaBasic.body.access_token as string).payload.client_id).to.equal(client.clientId);
  });

  it('narrows to a requested scope and refuses a scope the client lacks or that does not exist', async () => {
    const { client } = await setup('read:cases read:events');
    const creds = { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret };
    const narrow = await post(h.url, '/v1/oauth/token', { json: { ...creds, scope: 'read:events' } });
    expect(narrow.body.scope).to.equal('read:events');
    const lacking = await post(h.url, '/v1/oauth/token', { json: { ...creds, scope: 'read:cases read:documents' } });
    expect(lacking.status).to.equal(400);
    expect(lacking.body).to.deep.equal({ error: 'invalid_scope', error_description: 'The client may not request the scope: read:documents.' });
    const unknown = await post(h.url, '/v1/oauth/token', { json: { ...creds, scope: 'admin' } });
    expect(unknown.status).to.equal(400);
    expect(unknown.body).to.deep.equal({ error: 'invalid_scope', error_description: 'Unknown scope: admin.' });
  });

  it('answers a wrong secret with 401 invalid_client, and with WWW-Authenticate when Basic was used', async () => {
    const { client } = await setup();
    const body = await post(h.url, '/v1/oauth/token', { json: { grant_type: 'client_credentials', client_id: client.clientId, client_secret: 'nope' } });
    expect(body.status).to.equal(401);
    expect(body.body).to.deep.equal({ error: 'invalid_client', error_description: 'Client authentication failed.' });
    expect(body.headers.get('www-authenticate')).to.equal(null);
    expect(body.headers.get('cache-control')).to.equal('no-store');
    const viaBasic = await post(h.url, '/v1/oauth/token', { form: { grant_type: 'client_credentials' } }, { authorization: basic(client.clientId, 'nope') });
    expect(viaBasic.status).to.equal(401);
    expect(viaBasic.body).to.deep.equal({ error: 'invalid_client', error_description: 'Client authentication failed.' });
    expect(viaBasic.headers.get('www-authenticate')).to.equal('Basic realm="oauth", charset="UTF-8"');
    const unknown = await post(h.url, '/v1/oauth/token', { json: { grant_type: 'client_credentials', client_id: 'cli_unknown', client_secret: 'x' } });
    expect(unknown.status).to.equal(401);
    expect(unknown.body.error).to.equal('invalid_client');
  });

  it('refuses a revoked client and a connector', async () => {
    const { client } = await setup();
    await revokeClient(h.svc, SERVICE_OPERATOR, { clientId: client.clientId });
    const revoked = await post(h.url, '/v1/oauth/token', { json: { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret } });
    expect(revoked.status).to.equal(401);
    expect(revoked.body.error).to.equal('invalid_client');
    const connector = await newConnector(h.svc, ['https://app.example/cb']);
    const res = await post(h.url, '/v1/oauth/token', { json: { grant_type: 'client_credentials', client_id: connector.clientId, client_secret: connector.clientSecret } });
    expect(res.status).to.equal(400);
    expect(res.body).to.deep.equal({ error: 'unauthorized_client', error_description: 'This client may not use the client_credentials grant.' });
  });

  it('answers malformed requests as RFC 6749 section 5.2 with status 400, never a stack', async () => {
    const { client } = await setup();
    const creds = { client_id: client.clientId, client_secret: client.clientSecret };
    const cases: [Parameters<typeof post>[2], Record<string, string>, Record<string, string>?][] = [
      [{ json: creds }, { error: 'invalid_request', error_description: 'Missing required parameter: grant_type.' }],
      [{ json: { ...creds, grant_type: 'password' } }, { error: 'unsupported_grant_type', error_description: 'Unsupported grant type: password' }],
      [{ form: `grant_type=client_credentials&grant_type=client_credentials&client_id=${client.clientId}&client_secret=${client.clientSecret}` }, { error: 'invalid_request', error_description: 'The parameter grant_type must be a single string.' }],
      [{ json: { ...creds, grant_type: 'client_credentials', scope: ['read:cases'] } }, { error: 'invalid_request', error_description: 'The parameter scope must be a single string.' }],
      [{ form: { grant_type: 'client_credentials', client_secret: client.clientSecret } }, { error: 'invalid_request', error_description: 'Use one client authentication method, not both HTTP Basic and client_secret.' }, { authorization: basic(client.clientId, client.clientSecret) }],
      [{ json: { grant_type: 'client_credentials' } }, { error: 'invalid_client', error_description: 'Client authentication failed.' }],
    ];
    for (const [body, expected, headers] of cases) {
      const res = await post(h.url, '/v1/oauth/token', body, headers);
      expect(res.body, JSON.stringify(body)).to.deep.equal(expected);
      expect(res.status).to.equal(expected.error === 'invalid_client' ? 401 : 400);
      expect(res.headers.get('cache-control')).to.equal('no-store');
    }
    const broken = await fetch(`${h.url}/v1/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"grant_type":' });
    expect(broken.status).to.equal(400);
    expect(await broken.json()).to.deep.equal({ error: 'invalid_request', error_description: 'The request body could not be parsed.' });
  });

  it('allows 30 token requests per minute per client, then 429 with Retry-After and RateLimit headers', async () => {
    const frozen = await startServer({ clock: frozenClock() });
    after(() => frozen.close());
    const { client } = await setup();
    const other = (await setup()).client;
    const ask = (c: typeof client) => post(frozen.url, '/v1/oauth/token', { form: { grant_type: 'client_credentials' } }, { authorization: basic(c.clientId, c.clientSecret) });
    const results = [];
    for (let i = 0; i < 30; i++) results.push(await ask(client));
    expect(results.map((r) => r.status)).to.deep.equal(Array(30).fill(200));
    expect(results[0]!.headers.get('ratelimit-policy')).to.equal('"token";q=30;w=60');
    expect(results[29]!.headers.get('ratelimit')).to.match(/^"token";r=0;t=\d+$/);
    const refused = await ask(client);
    expect(refused.status).to.equal(429);
    expect(refused.body.error).to.equal('rate_limited');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).to.be.within(1, 60);
    expect(refused.headers.get('ratelimit')).to.equal(`"token";r=0;t=${retryAfter}`);
    expect((await ask(other)).status, 'another client keeps its own budget').to.equal(200);
  });
});
