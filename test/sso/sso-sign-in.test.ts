import { expect } from 'chai';
import { operatorActor } from '../../src/access/index';
import { setSsoConnection, ssoRedirectUri } from '../../src/sso/index';
import type { Tenant } from '../../src/tenants/index';
import { CONSOLE_COOKIE, PENDING_SIGN_IN_COOKIE } from '../../graphql/session-cookie';
import { ConsoleHarness, type ConsoleClient } from '../graphql/harness';
import { FlowBrowser, TestIdentityProvider } from './identity-provider';

const ME = 'query { me { email role } }';
let domainCounter = 0;

describe('single sign-on through an OpenID provider (console, over HTTP)', () => {
  let h: ConsoleHarness;
  let idp: TestIdentityProvider;
  before(async () => {
    h = await ConsoleHarness.start({ config: { ssoAllowHttpIssuers: true } });
    idp = await TestIdentityProvider.start([ssoRedirectUri(h.svc.config, 'console'), ssoRedirectUri(h.svc.config, 'oauth')]);
  });
  after(async () => {
    await idp?.close();
    await h?.close();
  });

  /** A tenant with a connection to the test provider for a domain of its own. */
  const ssoTenant = async (options: { jitProvisioning?: boolean; ssoRequired?: boolean } = {}) => {
    const tenant = await h.tenant();
    const domain = `sso${++domainCounter}-${tenant.id.slice(0, 8)}.example.com`;
    await setSsoConnection(h.svc, operatorActor(tenant.id), {
      issuerUrl: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, allowedDomains: [domain], ...options,
    });
    return { tenant, domain };
  };
  /** Starts SSO in a browser for `email` and follows the provider's redirects up to the service's callback (not fetched). */
  const toCallback = async (browser: FlowBrowser, email: string) => {
    const start = await browser.get(`${h.url}/console/sso/start?email=${encodeURIComponent(email)}&next=${encodeURIComponent('/console/cases')}`);
    expect(start.status, start.text).to.equal(303);
    expect(new URL(start.location!).origin).to.equal(idp.issuer);
    const back = await browser.follow(start.location!, (u) => u.pathname === '/console/sso/callback');
    expect(back.location, back.text).to.be.a('string');
    return new URL(back.location!);
  };
  const consoleOf = (browser: FlowBrowser): ConsoleClient => {
    const client = h.browser();
    const token = browser.cookie(new URL(h.url).host, CONSOLE_COOKIE);
    if (token) client.cookies.set(CONSOLE_COOKIE, token);
    const pending = browser.cookie(new URL(h.url).host, PENDING_SIGN_IN_COOKIE);
    if (pending) client.cookies.set(PENDING_SIGN_IN_COOKIE, pending);
    return client;
  };
  /** The tenant's audit lines of `action`, their details. */
  const audited = async (tenant: Tenant, action: string) => {
    const rows = (await h.svc.db.query('SELECT action, details FROM tenant_config_audit_log WHERE org_id = ? AND action = ? ORDER BY seq', [tenant.id, action])) as { details: unknown }[];
    return rows.map((r) => (typeof r.details === 'string' ? JSON.parse(r.details) : r.details) as Record<string, unknown>);
  };

  it('signs an existing member in through the provider: PKCE, state and nonce; the callback sets the console session and goes on to next; audited with method sso', async () => {
    const { tenant, domain } = await ssoTenant();
    const member = await h.member('analyst', tenant);
    const email = `ana@${domain}`;
    await h.svc.db.query('UPDATE members SET email = ? WHERE id = ? AND org_id = ?', [email, member.id, tenant.id]);
    idp.signInAs({ sub: 'ana', email });
    const browser = new FlowBrowser();
    const start = await browser.get(`${h.url}/console/sso/start?email=${encodeURIComponent(email)}`);
    const auth = new URL(start.location!);
    expect(auth.searchParams.get('code_challenge_method')).to.equal('S256');
    expect(auth.searchParams.get('state')).to.have.length.greaterThan(20);
    expect(auth.searchParams.get('nonce')).to.have.length.greaterThan(20);
    expect(auth.searchParams.get('login_hint')).to.equal(email);
    expect(auth.searchParams.get('redirect_uri')).to.equal(`${h.url}/console/sso/callback`);
    const callback = await toCallback(browser, email);
    const done = await browser.get(callback);
    expect(done.status, done.text).to.equal(303);
    expect(done.location).to.equal(`${h.url}/console/cases`);
    expect(await consoleOf(browser).data(ME)).to.deep.equal({ me: { email, role: 'analyst' } });
    expect(await audited(tenant, 'member.signed_in')).to.deep.equal([{ memberId: member.id, method: 'sso', door: 'console', secondFactor: 'none' }]);
  });
});
