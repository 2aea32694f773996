import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { createMember, type Tenant } from '../../src/tenants/index';
import { launchChromium } from '../support/browser';
import { newTenant, runtime } from '../support/runtime';
import { authorizePath, basic, newConnector, pkce, post, startServer, type Harness } from './harness';
import { operatorActor } from '../../src/access/index';

/** The sign-in and consent pages driven in headless Chromium (Debian's, never a downloaded one). */
describe('sign-in and consent in Chromium', function () {
  this.timeout(60_000);
  let h: Harness;
  let browser: Browser;
  let callback: Server;
  let redirectUri: string;
  let tenant: Tenant;
  const member = { email: '', password: 'browser member password' };

  before(async () => {
    h = await startServer();
    tenant = await newTenant(await runtime(), 'Northwind Compliance');
    member.email = `browser.${tenant.id.slice(0, 8)}@northwind.example`;
    await createMember(h.svc, operatorActor(tenant.id), { email: member.email, password: member.password, role: 'analyst' });
    // The connector's own redirect endpoint: a loopback page that just says it is connected.
    callback = createServer((_req, res) => res.end('<!doctype html><title>Connected</title><p>Connected.</p>'));
    await new Promise<void>((resolve) => callback.listen(0, '127.0.0.1', resolve));
    redirectUri = `http://127.0.0.1:${(callback.address() as AddressInfo).port}/callback`;
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    callback?.close();
    await h?.close();
  });

  it('signs in with labelled fields in a sensible focus order, consents on a phone-sized screen, and lands on the app with a code', async () => {
    const connector = await newConnector(h.svc, [redirectUri]);
    const { verifier, challenge } = pkce();
    const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    await page.goto(h.url + authorizePath({ clientId: connector.clientId, redirectUri, challenge, method: 'S256', scope: 'read:cases read:screening', state: 'chromium-1' }));

    expect(await page.title()).to.equal('Sign in to connect Assistant Connector');
    expect(await page.evaluate('document.activeElement?.id')).to.equal('email');
    await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement?.id')).to.equal('password');
    await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement?.textContent')).to.equal('Sign in');
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).to.be.at.most(375);

    await page.getByLabel('Work email').fill(member.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    expect(await page.getByRole('alert').textContent()).to.equal('The email or password is incorrect.');
    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('Assistant Connector wants access to Northwind Compliance');
    const scopes = await page.getByRole('list').getByRole('listitem').allTextContents();
    expect(scopes.map((s) => s.trim())).to.deep.equal([
      'Read your organisation’s cases: status, owner, customer and company details. read:cases',
      'Read screening results: sanctions, PEP and adverse-media hits. read:screening',
    ]);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).to.be.at.most(375);
    const cookie = (await context.cookies()).find((c) => c.name === 'svc_oauth_session')!;
    expect(cookie).to.include({ httpOnly: true, sameSite: 'Lax', path: '/v1/oauth' });

    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL((url) => url.href.startsWith(redirectUri));
    const landed = new URL(page.url());
    expect(landed.searchParams.get('state')).to.equal('chromium-1');
    expect(landed.searchParams.get('iss')).to.equal(h.url);
    expect(await page.textContent('p')).to.equal('Connected.');

    const tokens = await post(h.url, '/v1/oauth/token', { form: { grant_type: 'authorization_code', code: landed.searchParams.get('code')!, redirect_uri: redirectUri, code_verifier: verifier } },
      { authorization: basic(connector.clientId, connector.clientSecret!) });
    expect(tokens.status, tokens.text).to.equal(200);
    expect(tokens.body.scope).to.equal('read:cases read:screening');

    // Still signed in: the next request goes straight to consent, and Deny goes back with access_denied.
    await page.goto(h.url + authorizePath({ clientId: connector.clientId, redirectUri, challenge, method: 'S256', state: 'chromium-2' }));
    await page.getByRole('button', { name: 'Deny' }).click();
    await page.waitForURL((url) => url.href.startsWith(redirectUri));
    expect(Object.fromEntries(new URL(page.url()).searchParams)).to.deep.equal({ error: 'access_denied', state: 'chromium-2', iss: h.url });
    await context.close();
  });

  it('a session cookie copied into another browser stops working when the member clicks "Not you?"', async () => {
    const connector = await newConnector(h.svc, [redirectUri]);
    const start = authorizePath({ clientId: connector.clientId, redirectUri, challenge: pkce().challenge, method: 'S256', state: 'chromium-3' });
    const mine = await browser.newContext();
    const page = await mine.newPage();
    await page.goto(h.url + start);
    await page.getByLabel('Work email').fill(member.email);
    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('button', { name: 'Allow' }).waitFor();

    const theirs = await browser.newContext();
    await theirs.addCookies(await mine.cookies());
    const copy = await theirs.newPage();
    await copy.goto(h.url + start);
    expect(await copy.getByRole('heading', { level: 1 }).textContent()).to.equal('Assistant Connector wants access to Northwind Compliance');

    await page.getByRole('button', { name: 'Not you? Sign in as someone else' }).click();
    await page.getByLabel('Work email').waitFor();
    expect(await page.title()).to.equal('Sign in to connect Assistant Connector');
    await copy.goto(h.url + start);
    expect(await copy.title()).to.equal('Sign in to connect Assistant Connector');
    await theirs.close();
    await mine.close();
  });

  it('shows an error page, and stays, for a redirect_uri that is not registered', async () => {
    const connector = await newConnector(h.svc, [redirectUri]);
    const page = await browser.newPage();
    const response = await page.goto(h.url + authorizePath({ clientId: connector.clientId, redirectUri: `${redirectUri}/`, challenge: pkce().challenge, method: 'S256' }));
    expect(response!.status()).to.equal(400);
    expect(page.url().startsWith(h.url)).to.equal(true);
    expect(await page.getByRole('alert').textContent()).to.equal('The redirect_uri is not registered for this application.');
    await page.close();
  });
});
