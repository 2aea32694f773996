import { createPrivateKey, createPublicKey, createSecretKey, generateKeyPairSync, randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { SignJWT, type JWTPayload } from 'jose';
import { revokeClient } from '../../src/oauth/index';
import { newTenant, runtime } from '../support/runtime';
import { clientToken, decodeJwt, frozenClock, get, newApiClient, startServer, tenantClientToken, type Harness } from './harness';
import { SERVICE_OPERATOR } from '../../src/access/index';

describe('/v1 bearer check', () => {
  let h: Harness;
  before(async () => {
    h = await startServer();
  });
  after(() => h.close());

  const setup = (scopes?: string) => tenantClientToken(h, scopes);
  const probe = (token: string, base = h.url) => get(base, '/v1/probe', { authorization: `Bearer ${token}` });
  const expectInvalid = (res: Awaited<ReturnType<typeof probe>>, message: string) => {
    expect(res.status, res.text).to.equal(401);
    expect(res.body).to.deep.equal({ error: 'invalid_token', message });
    expect(res.headers.get('www-authenticate')).to.equal(
      `Bearer error="invalid_token", error_description="${message}", resource_metadata="${h.url}/.well-known/oauth-protected-resource/v1"`,
    );
  };

  /** Signs arbitrary claims with the service's own key (what only the service can do). */
  const forge = async (claims: JWTPayload, header: Record<string, unknown> = {}) => {
    const key = createPrivateKey(h.svc.config.jwtSigningKeyPem);
    const base = decodeJwt(await clientToken(h, (await setup()).client));
    return new SignJWT({ ...base.payload, jti: randomUUID(), ...claims }).setProtectedHeader({ ...base.header, ...header } as never).sign(key);
  };

  it('lets a live token through and hands the use case its principal, with RateLimit headers', async () => {
    const { tenant, client, token } = await setup();
    const res = await probe(token);
    expect(res.status, res.text).to.equal(200);
    expect(res.body).to.deep.equal({
      kind: 'api_client', orgId: tenant.id, clientId: client.clientId, scopes: client.scopes, tokenId: decodeJwt(token).payload.jti, mode: 'live',
    });
    expect(res.headers.get('ratelimit-policy')).to.equal('"pull-api";q=120;w=60');
    expect(res.headers.get('ratelimit')).to.match(/^"pull-api";r=119;t=\d+$/);
  });

  it('answers a missing or malformed Authorization header with 401 invalid_token naming the resource metadata', async () => {
    expectInvalid(await get(h.url, '/v1/probe'), 'An access token is required: send Authorization: Bearer <token>.');
    expectInvalid(await get(h.url, '/v1/probe', { authorization: 'Basic abc' }), 'The Authorization header must be: Bearer <token>.');
    expectInvalid(await probe('not.a.jwt'), 'The access token is invalid.');
  });

  it('stops a token on the next call once its client is revoked', async () => {
    const { client, token } = await setup();
    expect((await probe(token)).status).to.equal(200);
    await revokeClient(h.svc, SERVICE_OPERATOR, { clientId: client.clientId });
    expectInvalid(await probe(token), 'The access token has been revoked.');
  });

  it('maps insufficient_scope from the use case to 403 with WWW-Authenticate naming the scope', async () => {
    const { token } = await setup('read:events');
    const res = await probe(token);
    expect(res.status).to.equal(403);
    expect(res.body).to.deep.equal({ error: 'insufficient_scope', message: 'This request requires the scope read:cases.', scope: 'read:cases' });
    expect(res.headers.get('www-authenticate')).to.equal('Bearer error="insufficient_scope", scope="read:cases"');
  });

  it('allows 120 pull-API requests per minute per client, then 429 with Retry-After', async () => {
    const frozen = await startServer({ clock: frozenClock() });
    after(() => frozen.close());
    const { tenant, token } = await tenantClientToken(frozen);
    const other = await clientToken(frozen, await newApiClient(frozen.svc, tenant.id));
    const statuses: number[] = [];
    for (let i = 0; i < 120; i += 8) {
      const batch = await Promise.all(Array.from({ length: 8 }, () => probe(token, frozen.url)));
      statuses.push(...batch.map((r) => r.status));
    }
    expect(statuses).to.deep.equal(Array(120).fill(200));
    const refused = await probe(token, frozen.url);
    expect(refused.status).to.equal(429);
    expect(refused.body).to.deep.include({ error: 'rate_limited' });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).to.be.within(1, 60);
    expect(refused.headers.get('ratelimit-policy')).to.equal('"pull-api";q=120;w=60');
    expect(refused.headers.get('ratelimit')).to.equal(`"pull-api";r=0;t=${retryAfter}`);
    expect((await probe(other, frozen.url)).status, 'another client keeps its own budget').to.equal(200);
  });

  describe('attack cases', () => {
    it('refuses alg none', async () => {
      const { token } = await setup();
      const [, payload] = token.split('.');
      const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url');
      expectInvalid(await probe(`${header}.${payload}.`), 'The access token is invalid.');
    });

    it('refuses HS256 signed with the public key as the HMAC secret', async () => {
      const pub = createPublicKey(createPrivateKey(h.svc.config.jwtSigningKeyPem)).export({ type: 'spki', format: 'pem' });
      const base = decodeJwt((await setup()).token);
      const token = await new SignJWT(base.payload).setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', kid: base.header.kid as string }).sign(createSecretKey(Buffer.from(pub)));
      expectInvalid(await probe(token), 'The access token is invalid.');
    });

    it('refuses an unknown kid and a key that is not ours', async () => {
      expectInvalid(await probe(await forge({}, { kid: 'someone-elses-key' })), 'The access token is invalid.');
      const stranger = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
      const base = decodeJwt((await setup()).token);
      const token = await new SignJWT(base.payload).setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: base.header.kid as string }).sign(stranger);
      expectInvalid(await probe(token), 'The access token is invalid.');
    });

    it('refuses an expired token and one not yet valid', async () => {
      const now = Math.floor(Date.now() / 1000);
      expectInvalid(await probe(await forge({ iat: now - 7200, nbf: now - 7200, exp: now - 3600 })), 'The access token has expired.');
      expectInvalid(await probe(await forge({ nbf: now + 600 })), 'The access token is invalid.');
    });

    it('refuses a wrong issuer, a wrong audience and another token type', async () => {
      expectInvalid(await probe(await forge({ iss: 'https://evil.example' })), 'The access token is invalid.');
      expectInvalid(await probe(await forge({ aud: 'https://other-api.example' })), 'The access token was not issued for this resource.');
      expectInvalid(await probe(await forge({}, { typ: 'JWT' })), 'The access token is invalid.');
    });

    it('refuses a tampered payload', async () => {
      const { token } = await setup('read:events');
      const [header, payload, signature] = token.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
      const widened = Buffer.from(JSON.stringify({ ...claims, scope: 'read:cases read:events' })).toString('base64url');
      expectInvalid(await probe(`${header}.${widened}.${signature}`), 'The access token is invalid.');
    });

    it("refuses a token naming another tenant than its client's", async () => {
      const other = await newTenant(await runtime());
      expectInvalid(await probe(await forge({ org_id: other.id })), 'The access token is invalid.');
    });
  });
});
