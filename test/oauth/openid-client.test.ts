import { expect } from 'chai';
import * as oidc from 'openid-client';
import { createMember, type Tenant } from '../../src/tenants/index';
import { newTenant, runtime } from '../support/runtime';
import { authorizeInBrowser, get, newApiClient, newConnector, startServer, type Harness } from './harness';
import { operatorActor } from '../../src/access/index';

const REDIRECT = 'https://assistant.example/oauth/callback';

/**
 * A third-party OAuth client library (openid-client v6, plain OAuth 2.0 profile) against the running
 * server: discovery, client credentials, authorization code with PKCE, refresh and revocation.
 * The loopback test server is plain http, hence allowInsecureRequests (documented for exactly that).
 */
describe('openid-client drives every grant and revocation', () => {
  let h: Harness;
  let tenant: Tenant;
  const member = { email: '', password: 'connector member password' };
  before(async () => {
    h = await startServer();
    tenant = await newTenant(await runtime());
    member.email = `oidc.${tenant.id.slice(0, 8)}@example.com`;
    await createMember(h.svc, operatorActor(tenant.id), { email: member.email, password: member.password, role: 'analyst' });
  });
  after(() => h.close());

  const discover = (clientId: string, auth: oidc.ClientAuth) =>
    oidc.discovery(new URL(h.url), clientId, undefined, auth, { execute: [oidc.allowInsecureRequests], algorithm: 'oauth2' });
  const probe = (token: string) => get(h.url, '/v1/probe', { authorization: `Bearer ${token}` });

  it('client credentials (client_secret_post and client_secret_basic), then revocation', async () => {
    const creds = await newApiClient(h.svc, tenant.id, 'read:cases read:events');
    for (const auth of [oidc.ClientSecretPost(creds.clientSecret), oidc.ClientSecretBasic(creds.clientSecret)]) {
      const config = await discover(creds.clientId, auth);
      const tokens = await oidc.clientCredentialsGrant(config, { scope: 'read:cases' });
      expect(tokens.token_type).to.equal('bearer');
      expect(tokens.expires_in).to.equal(3600);
      expect(tokens.scope).to.equal('read:cases');
      expect((await probe(tokens.access_token)).status).to.equal(200);
      await oidc.tokenRevocation(config, tokens.access_token, { token_type_hint: 'access_token' });
      expect((await probe(tokens.access_token)).status).to.equal(401);
    }
  });

  it('authorization code with PKCE for a confidential connector, refresh with rotation, then revocation', async () => {
    const connector = await newConnector(h.svc, [REDIRECT]);
    const config = await discover(connector.clientId, oidc.ClientSecretBasic(connector.clientSecret!));
    expect(config.serverMetadata().supportsPKCE()).to.equal(true);
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT, scope: 'read:cases read:documents', state,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256',
    });
    const { redirect } = await authorizeInBrowser(h, {
      clientId: connector.clientId, redirectUri: REDIRECT, scope: url.searchParams.get('scope')!, state,
      challenge: url.searchParams.get('code_challenge')!, method: url.searchParams.get('code_challenge_method')!,
    }, member);
    const tokens = await oidc.authorizationCodeGrant(config, redirect, { pkceCodeVerifier: verifier, expectedState: state });
    expect(tokens.scope).to.equal('read:cases read:documents');
    expect(tokens.refresh_token).to.be.a('string');
    expect((await probe(tokens.access_token)).status).to.equal(200);

    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.refresh_token).to.be.a('string').and.not.equal(tokens.refresh_token);
    expect((await probe(refreshed.access_token)).status).to.equal(200);

    await oidc.tokenRevocation(config, refreshed.refresh_token!, { token_type_hint: 'refresh_token' });
    expect((await probe(refreshed.access_token)).status).to.equal(401);
    let error: unknown;
    try {
      await oidc.refreshTokenGrant(config, refreshed.refresh_token!);
    } catch (err) {
      error = err;
    }
    expect(error).to.be.instanceOf(oidc.ResponseBodyError);
    expect((error as oidc.ResponseBodyError).error).to.equal('invalid_grant');
  });

  it('authorization code with PKCE for a public connector (token_endpoint_auth_method none)', async () => {
    const connector = await newConnector(h.svc, [REDIRECT], true);
    const config = await discover(connector.clientId, oidc.None());
    const verifier = oidc.randomPKCECodeVerifier();
    const { redirect } = await authorizeInBrowser(h, {
      clientId: connector.clientId, redirectUri: REDIRECT, challenge: await oidc.calculatePKCECodeChallenge(verifier), method: 'S256',
    }, member);
    const tokens = await oidc.authorizationCodeGrant(config, redirect, { pkceCodeVerifier: verifier });
    expect((await probe(tokens.access_token)).status).to.equal(200);
    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    expect((await probe(refreshed.access_token)).status).to.equal(200);
  });
});
