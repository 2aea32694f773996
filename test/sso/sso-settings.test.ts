import { expect } from 'chai';
import type { Tenant } from '../../src/tenants/index';
import { ConsoleHarness } from '../graphql/harness';
import { authorizePath, Browser, hiddenInputs, newConnector, pkce } from '../oauth/harness';
import { FlowBrowser, TestIdentityProvider } from './identity-provider';

const FIELDS = 'issuer clientId emailDomains defaultRole ssoOnly breakGlassMemberId breakGlassEmail redirectUris';
const SET = `mutation($input: SsoConnectionInput!) { setSsoConnection(input: $input) { ${FIELDS} } }`;
const GET = `query { ssoConnection { ${FIELDS} } }`;
const TEST = 'mutation { testSsoConnection { ok message issuer } }';
const REMOVE = 'mutation { removeSsoConnection }';

describe('single sign-on settings (GraphQL), discovery, and the AI-assistant connection page', () => {
  let h: ConsoleHarness;
  let idp: TestIdentityProvider;
  before(async () => {
    h = await ConsoleHarness.start();
    idp = await TestIdentityProvider.forService(h.svc.config);
  });
  after(async () => {
    await idp?.close();
    await h?.close();
  });
  const domainOf = (tenant: Tenant) => `corp-${tenant.id.slice(0, 8)}.example.com`;
  const audited = async (tenant: Tenant, action: string) => {
    const rows = (await h.svc.db.query('SELECT details FROM tenant_config_audit_log WHERE org_id = ? AND action = ? ORDER BY seq', [tenant.id, action])) as { details: unknown }[];
    return rows.map((r) => (typeof r.details === 'string' ? JSON.parse(r.details) : r.details) as Record<string, unknown>);
  };

  it('an admin sets the connection: the secret is sealed at rest and never shown again, the audit line has no secret; others may not; bad input is said per field', async () => {
    const admin = await h.signedIn('admin');
    const tenant = admin.member.tenant;
    const domain = domainOf(tenant);
    const input = { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, emailDomains: [` ${domain.toUpperCase()} `] };
    const { setSsoConnection: saved } = await admin.data<{ setSsoConnection: Record<string, unknown> }>(SET, { input });
    expect(saved).to.deep.equal({
      issuer: idp.issuer, clientId: idp.clientId, emailDomains: [domain], defaultRole: 'analyst', ssoOnly: false, breakGlassMemberId: null, breakGlassEmail: null,
      redirectUris: [`${h.url}/console/sso/callback`, `${h.url}/v1/oauth/sso/callback`],
    });
    expect(await admin.data(GET)).to.deep.equal({ ssoConnection: saved });
    const [row] = (await h.svc.db.query('SELECT secret_ciphertext FROM sso_connections WHERE org_id = ?', [tenant.id])) as { secret_ciphertext: string }[];
    expect(row!.secret_ciphertext).to.not.include(idp.clientSecret);
    const [line] = await audited(tenant, 'sso.connection_set');
    expect(line).to.deep.include({ issuer: idp.issuer, clientId: idp.clientId, emailDomains: [domain], clientSecretChanged: true, created: true });
    expect(JSON.stringify(line)).to.not.include(idp.clientSecret);

    // Set again without the secret: the stored one stays (sign-in still works below).
    await admin.data(SET, { input: { ...input, clientSecret: null, defaultRole: 'compliance_admin' } });
    expect((await audited(tenant, 'sso.connection_set'))[1]).to.include({ clientSecretChanged: false, created: false, defaultRole: 'compliance_admin' });

    const analyst = await h.signedIn('analyst', tenant);
    expect((await analyst.error(SET, { input })).code).to.equal('FORBIDDEN');
    expect((await analyst.error(GET)).code).to.equal('FORBIDDEN');

    const other = await h.signedIn('admin');
    const taken = await other.error(SET, { input: { ...input, emailDomains: [domain] } });
    expect(taken.code).to.equal('BAD_USER_INPUT');
    expect(taken.extensions.details).to.deep.equal([{ path: 'emailDomains', message: `${domain} already signs in to another organisation` }]);
    const bad = await other.error(SET, { input: { issuer: 'http://idp.example.com', clientId: '', emailDomains: ['gmail.com', 'not a domain'], defaultRole: 'admin' } });
    expect(bad.extensions.details).to.deep.equal([
      { path: 'issuer', message: 'must start with https://' },
      { path: 'clientId', message: 'must be a string of 1 to 255 characters' },
      { path: 'emailDomains', message: 'not a domain is not a domain such as example.com' },
      { path: 'emailDomains', message: "gmail.com is a public mail provider, not your organisation's domain" },
      { path: 'defaultRole', message: 'must be one of analyst, mlro, compliance_admin' },
    ]);
    const noSecret = await other.error(SET, { input: { ...input, clientSecret: null, emailDomains: [domainOf(other.member.tenant)] } });
    expect(noSecret.extensions.details).to.deep.equal([{ path: 'clientSecret', message: 'is required for a new connection' }]);
  });

  it('ssoOnly names one break-glass admin of the organisation, shown in ssoConnection; anyone else is refused per field', async () => {
    const admin = await h.signedIn('admin');
    const tenant = admin.member.tenant;
    const input = { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, emailDomains: [domainOf(tenant)], ssoOnly: true };
    const none = await admin.error(SET, { input });
    expect(none.extensions.details).to.deep.equal([
      { path: 'breakGlassMemberId', message: 'name the admin who keeps password sign-in should the identity provider fail (break-glass)' },
    ]);
    const analyst = await h.member('analyst', tenant);
    const outsider = await h.member('admin');
    for (const id of [analyst.id, outsider.id, 'not-an-id']) {
      expect((await admin.error(SET, { input: { ...input, breakGlassMemberId: id } })).extensions.details).to.deep.equal([
        { path: 'breakGlassMemberId', message: 'must be an admin of your organisation' },
      ]);
    }
    const { setSsoConnection: saved } = await admin.data<{ setSsoConnection: Record<string, unknown> }>(SET, { input: { ...input, breakGlassMemberId: admin.member.id } });
    expect(saved).to.deep.include({ ssoOnly: true, breakGlassMemberId: admin.member.id, breakGlassEmail: admin.member.email });
    expect((await admin.data<{ ssoConnection: Record<string, unknown> }>(GET)).ssoConnection).to.deep.equal(saved);
    expect((await audited(tenant, 'sso.connection_set'))[0]).to.deep.include({ ssoOnly: true, breakGlassMemberId: admin.member.id });
  });

  it('"Test connection" runs discovery and says what is wrong; removing the connection turns SSO off (audited)', async () => {
    const admin = await h.signedIn('admin');
    const tenant = admin.member.tenant;
    const input = { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, emailDomains: [domainOf(tenant)] };
    await admin.data(SET, { input });
    expect(await admin.data(TEST)).to.deep.equal({
      testSsoConnection: { ok: true, issuer: idp.issuer, message: `Discovery works: ${idp.issuer} answers with its sign-in and token endpoints and its keys.` },
    });
    await admin.data(SET, { input: { ...input, issuer: `${idp.issuer}/tenant-that-is-not-there` } });
    expect(await admin.data(TEST)).to.deep.equal({
      testSsoConnection: { ok: false, issuer: null, message: `${idp.issuer}/tenant-that-is-not-there/.well-known/openid-configuration did not answer with OpenID Connect metadata (check the issuer).` },
    });
    await admin.data(SET, { input: { ...input, issuer: 'https://127.0.0.1:9' } });
    expect(await admin.data(TEST)).to.deep.equal({
      testSsoConnection: { ok: false, issuer: null, message: 'https://127.0.0.1:9/.well-known/openid-configuration could not be reached: Connection refused by 127.0.0.1:9.' },
    });

    expect(await admin.data(REMOVE)).to.deep.equal({ removeSsoConnection: true });
    expect(await admin.data(GET)).to.deep.equal({ ssoConnection: null });
    expect((await admin.error(REMOVE)).code).to.equal('NOT_FOUND');
    expect(await audited(tenant, 'sso.connection_removed')).to.deep.equal([{ ssoOnlyWas: false }]);
    const options = await h.browser().data('query($email: String!) { signInOptions(email: $email) { sso } }', { email: `x@${domainOf(tenant)}` });
    expect(options).to.deep.equal({ signInOptions: { sso: false } });
  });

  it('the authorization page that connects an AI assistant offers "Continue with SSO" and returns to the consent', async () => {
    const admin = await h.signedIn('admin');
    const tenant = admin.member.tenant;
    const domain = domainOf(tenant);
    await admin.data(SET, { input: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, emailDomains: [domain] } });
    const member = await h.member('analyst', tenant);
    const email = `connector.user@${domain}`;
    await h.svc.db.query('UPDATE members SET email = ? WHERE id = ? AND org_id = ?', [email, member.id, tenant.id]);
    idp.signInAs({ sub: 'connector-user', email });

    const connector = await newConnector(h.svc, ['https://assistant.example/callback']);
    const browser = new Browser(h.url);
    const signInPage = await browser.get(authorizePath({
      clientId: connector.clientId, redirectUri: 'https://assistant.example/callback', scope: 'read:cases', state: 'st', challenge: pkce().challenge, method: 'S256',
    }));
    expect(signInPage.text).to.include('formaction="/v1/oauth/sso/start">Continue with SSO</button>');
    const unknown = await browser.post('/v1/oauth/sso/start', { ...hiddenInputs(signInPage.text), email: 'someone@no-sso.example.com' });
    expect(unknown.status).to.equal(400);
    expect(unknown.text).to.include('Single sign-on is not set up for this email address.');
    const started = await browser.post('/v1/oauth/sso/start', { ...hiddenInputs(signInPage.text), email, password: '' });
    expect(started.status, started.text).to.equal(200);
    const to = /<meta http-equiv="refresh" content="0;url=([^"]+)">/.exec(started.text)![1]!.replace(/&amp;/g, '&');
    expect(new URL(to).origin).to.equal(idp.issuer);
    // The provider's side in a browser of its own; the way back carries the service's cookies again.
    const back = await new FlowBrowser().follow(to, (u) => u.pathname === '/v1/oauth/sso/callback');
    const callback = new URL(back.location!);
    const returned = await browser.get(`${callback.pathname}${callback.search}`);
    expect(returned.status, returned.text).to.equal(303);
    expect(returned.location).to.match(/^\/v1\/oauth\/authorize\/consent\?transaction_id=/);
    const consent = await browser.get(returned.location!);
    expect(consent.text).to.include(`wants access to ${tenant.name}`).and.include(`Signed in as <strong>${email}</strong>`);
    expect((await audited(tenant, 'member.signed_in'))[0]).to.include({ method: 'sso', door: 'oauth' });

  });
});
