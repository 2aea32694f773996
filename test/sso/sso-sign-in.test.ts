import { expect } from 'chai';
import { operatorActor } from '../../src/access/index';
import { setSsoConnection, type SsoFlow } from '../../src/sso/index';
import { openSecret, sealSecret } from '../../src/security/secret-box';
import type { Tenant } from '../../src/tenants/index';
import { CONSOLE_COOKIE, PENDING_SIGN_IN_COOKIE } from '../../graphql/session-cookie';
import { ConsoleHarness, type ConsoleClient, type TestMember } from '../graphql/harness';
import { FlowBrowser, TestIdentityProvider } from './identity-provider';
import { codeAt } from '../support/totp';

const ME = 'query { me { email role } }';
const SIGN_IN = 'mutation($email: String!, $password: String!) { signIn(email: $email, password: $password) { id } }';
let domainCounter = 0;

describe('single sign-on through an OpenID provider (console, over HTTP)', () => {
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

  /** A tenant with a connection to the test provider for a domain of its own. */
  const ssoTenant = async (options: { defaultRole?: string } = {}) => {
    const tenant = await h.tenant();
    const domain = `sso${++domainCounter}-${tenant.id.slice(0, 8)}.example.com`;
    await setSsoConnection(h.svc, operatorActor(tenant.id), {
      issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, emailDomains: [domain], ...options,
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
    const [line, ...more] = await audited(tenant, 'member.signed_in');
    expect(more).to.deep.equal([]);
    expect(line).to.deep.equal({ memberId: member.id, method: 'sso', door: 'console', secondFactor: 'none', address: line!.address });
    expect(line!.address).to.match(/127\.0\.0\.1$/);
  });

  /** A member of `tenant` whose email is at `domain`. */
  const memberAt = async (tenant: Tenant, domain: string, role: 'analyst' | 'admin' = 'analyst') => {
    const member = await h.member(role, tenant);
    const email = `${role}.${member.id.slice(0, 8)}@${domain}`;
    await h.svc.db.query('UPDATE members SET email = ? WHERE id = ? AND org_id = ?', [email, member.id, tenant.id]);
    return { ...member, email };
  };
  /** Enrols an authenticator app for the member (through GraphQL); answers its secret. */
  const withApp = async (member: TestMember) => {
    const browser = await h.signedInAs(member);
    const { startTotpEnrolment: e } = await browser.data<{ startTotpEnrolment: { secret: string } }>('mutation { startTotpEnrolment { secret } }');
    await browser.data('mutation($code: String!) { confirmTotpEnrolment(code: $code) }', { code: codeAt(e.secret, Date.now()) });
    return e.secret;
  };
  const host = () => new URL(h.url).host;

  it('refuses a callback whose state does not match, one without its flow cookie (another browser), and one whose nonce does not match', async () => {
    const { tenant, domain } = await ssoTenant();
    const member = await memberAt(tenant, domain);
    idp.signInAs({ sub: 'state', email: member.email });
    const browser = new FlowBrowser();
    const callback = await toCallback(browser, member.email);

    const tampered = new URL(callback);
    tampered.searchParams.set('state', 'not-the-state-we-sent');
    const wrongState = await browser.get(tampered);
    expect(wrongState.status).to.equal(401);
    expect(wrongState.text).to.include('could not be verified');

    const elsewhere = await new FlowBrowser().get(callback);
    expect(elsewhere.status).to.equal(401);
    expect(elsewhere.text).to.include('expired or was started in another browser');

    // The same flow, resealed with another nonce: the ID token's nonce no longer matches.
    const other = new FlowBrowser();
    const fresh = await toCallback(other, member.email);
    const raw = other.cookie(host(), 'svc_sso_flow')!;
    const dot = raw.indexOf('.');
    const flow = JSON.parse(openSecret(h.svc.config.secretsKeys, { keyId: raw.slice(0, dot), ciphertext: raw.slice(dot + 1) }, 'sso-flow')) as SsoFlow;
    const resealed = sealSecret(h.svc.config.secretsKeys, JSON.stringify({ ...flow, nonce: 'another-nonce-entirely' }), 'sso-flow');
    other.jars.get(host())!.set('svc_sso_flow', `${resealed.keyId}.${resealed.ciphertext}`);
    const wrongNonce = await other.get(fresh);
    expect(wrongNonce.status).to.equal(401);
    expect(wrongNonce.text).to.include('could not be verified');
    expect(other.cookie(host(), CONSOLE_COOKIE)).to.equal(undefined);
    expect(await audited(tenant, 'member.signed_in')).to.deep.equal([]);
  });

  it('refuses an email outside the allowed domains and an unverified email, with a page that says why; audited as sso.sign_in_refused', async () => {
    const { tenant, domain } = await ssoTenant();
    const member = await memberAt(tenant, domain);
    idp.signInAs({ sub: 'elsewhere', email: `someone@not-${domain}` });
    const browser = new FlowBrowser();
    const refused = await browser.get(await toCallback(browser, member.email));
    expect(refused.status).to.equal(403);
    expect(refused.text).to.include(`Your email&#39;s domain (not-${domain}) is not allowed to sign in to ${tenant.name} with single sign-on.`);
    expect(refused.text).to.include('<a href="/console/sign-in">Back to sign-in</a>');

    idp.signInAs({ sub: 'unverified', email: member.email, emailVerified: false });
    const unverified = await browser.get(await toCallback(browser, member.email));
    expect(unverified.status).to.equal(403);
    expect(unverified.text).to.include('did not confirm your email address');
    expect((await audited(tenant, 'sso.sign_in_refused')).map((d) => d.reason)).to.deep.equal(['domain_not_allowed', 'email_not_verified']);
  });

  it('a first sign-in creates the member with the default role and signs them in; an email of another organisation is refused with a clear page', async () => {
    const { tenant, domain } = await ssoTenant({ defaultRole: 'mlro' });
    const newcomer = `newcomer@${domain}`;
    idp.signInAs({ sub: 'newcomer', email: newcomer, name: 'Newcomer Name' });
    const welcome = new FlowBrowser();
    const done = await welcome.get(await toCallback(welcome, newcomer));
    expect(done.status, done.text).to.equal(303);
    expect(await consoleOf(welcome).data(ME)).to.deep.equal({ me: { email: newcomer, role: 'mlro' } });
    const [provisioned] = await audited(tenant, 'member.provisioned');
    expect(provisioned).to.include({ email: newcomer, role: 'mlro', method: 'sso' });
    expect((await audited(tenant, 'member.signed_in'))[0]).to.include({ method: 'sso', provisioned: true });

    const elsewhere = await h.member('analyst');
    const browser = new FlowBrowser();
    await h.svc.db.query('UPDATE members SET email = ? WHERE id = ?', [`taken@${domain}`, elsewhere.id]);
    idp.signInAs({ sub: 'taken', email: `taken@${domain}` });
    const refused = await browser.get(await toCallback(browser, `taken@${domain}`));
    expect(refused.status).to.equal(403);
    expect(refused.text).to.include(`You have no account in ${tenant.name}. Ask an admin of ${tenant.name} to invite you.`);
  });

  it("the IdP's MFA (amr) stands for the second factor; without it a member with an authenticator app still gives a code", async () => {
    const { tenant, domain } = await ssoTenant();
    const member = await memberAt(tenant, domain);
    const secret = await withApp(member);

    idp.signInAs({ sub: 'mfa', email: member.email, amr: ['pwd', 'mfa'] });
    const strong = new FlowBrowser();
    expect((await strong.get(await toCallback(strong, member.email))).location).to.equal(`${h.url}/console/cases`);
    expect(await consoleOf(strong).data(ME)).to.deep.equal({ me: { email: member.email, role: 'analyst' } });

    idp.signInAs({ sub: 'pwd', email: member.email, amr: ['pwd'] });
    const weak = new FlowBrowser();
    const step = await weak.get(await toCallback(weak, member.email));
    expect(step.status).to.equal(303);
    expect(step.location).to.equal(`${h.url}/console/sign-in?second_factor=totp%2Crecovery_code&next=%2Fconsole%2Fcases`);
    expect(weak.cookie(host(), CONSOLE_COOKIE)).to.equal(undefined);
    const client = consoleOf(weak);
    expect((await client.error(ME)).code).to.equal('UNAUTHENTICATED');
    await client.data('mutation($code: String!) { verifySecondFactor(code: $code) { email } }', { code: codeAt(secret, Date.now() + 30_000) });
    expect(await client.data(ME)).to.deep.equal({ me: { email: member.email, role: 'analyst' } });
    // The provider's answers (the second one asked for the member's own factor, whose use is the third line).
    // One line per sign-in, once it completed: the provider's MFA, then the provider and the member's own code.
    const lines = await audited(tenant, 'member.signed_in');
    expect(lines.map((d) => d.method)).to.deep.equal(['sso', 'sso+totp']);
    expect(lines[0]).to.include({ secondFactor: 'identity_provider' });
  });

  it('ssoOnly stops password sign-in (SSO_REQUIRED) for everyone but the one break-glass admin named in the setting; the sign-in page learns which emails use SSO', async () => {
    const { tenant, domain } = await ssoTenant();
    const breakGlass = await memberAt(tenant, domain, 'admin');
    const otherAdmin = await memberAt(tenant, domain, 'admin');
    await withApp(otherAdmin);
    const analyst = await memberAt(tenant, domain);
    await setSsoConnection(h.svc, operatorActor(tenant.id), {
      issuer: idp.issuer, clientId: idp.clientId, emailDomains: [domain], ssoOnly: true, breakGlassMemberId: breakGlass.id,
    });
    const refused = await h.browser().error(SIGN_IN, { email: analyst.email, password: analyst.password });
    expect(refused).to.deep.include({ code: 'SSO_REQUIRED', message: 'Your organisation signs in with single sign-on: use "Continue with SSO" with your work email.' });
    // Another admin, second factor or not, is refused with words that say who keeps password sign-in.
    expect(await h.browser().error(SIGN_IN, { email: otherAdmin.email, password: otherAdmin.password })).to.deep.include({
      code: 'SSO_REQUIRED',
      message: 'Your organisation signs in with single sign-on: use "Continue with SSO" with your work email. '
        + 'Only the break-glass admin named in the single sign-on settings keeps password sign-in.',
    });
    const glass = h.browser();
    await glass.data(SIGN_IN, { email: breakGlass.email, password: breakGlass.password });
    expect(await glass.data(ME)).to.deep.equal({ me: { email: breakGlass.email, role: 'admin' } });
    expect((await audited(tenant, 'member.signed_in')).map((d) => `${d.method as string} ${d.memberId as string}`)).to.deep.equal([`password ${breakGlass.id}`]);

    const options = 'query($email: String!) { signInOptions(email: $email) { sso } }';
    expect(await h.browser().data(options, { email: analyst.email })).to.deep.equal({ signInOptions: { sso: true } });
    expect(await h.browser().data(options, { email: 'someone@no-sso.example.com' })).to.deep.equal({ signInOptions: { sso: false } });
    const none = await new FlowBrowser().get(`${h.url}/console/sso/start?email=someone%40no-sso.example.com`);
    expect(none.status).to.equal(404);
    expect(none.text).to.include('Single sign-on is not set up for this email address.');
  });

  it('refuses an authorization code replayed at the callback: the provider refuses it, and the browser gets a page that says so', async () => {
    const { tenant, domain } = await ssoTenant();
    const member = await memberAt(tenant, domain);
    idp.signInAs({ sub: 'replay', email: member.email });
    const browser = new FlowBrowser();
    const callback = await toCallback(browser, member.email);
    const flow = browser.cookie(host(), 'svc_sso_flow')!;
    expect((await browser.get(callback)).status).to.equal(303);
    // The same code again, with the same flow cookie put back (state, nonce and PKCE verifier all match): only the provider can tell.
    const replayer = new FlowBrowser();
    replayer.jars.set(host(), new Map([['svc_sso_flow', flow]]));
    const replayed = await replayer.get(callback);
    expect(replayed.status).to.equal(401);
    expect(replayed.text).to.include('Single sign-on did not complete')
      .and.include('The answer of your identity provider could not be verified. Start again from the sign-in page.')
      .and.include('<a href="/console/sign-in">Back to sign-in</a>');
    expect(replayer.cookie(host(), CONSOLE_COOKIE)).to.equal(undefined);
    expect(await audited(tenant, 'member.signed_in')).to.have.lengthOf(1);
  });
});
