import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { memberActor } from '../../src/access/index';
import { verifyWebauthnRegistration, webauthnRegistrationOptions } from '../../src/mfa/index';
import { checkPage, launchChromium, WAIT } from '../support/browser';
import { authorizePath, closeSourceAddresses, newConnector, newMember, pkce, startServer, type Harness } from './harness';

const REDIRECT = 'https://assistant.example/oauth/callback';

/** Registers a passkey in the page's virtual authenticator for `options` (WebAuthn JSON); answers the response as the console would send it. */
async function createPasskey(page: Page, options: string): Promise<string> {
  return page.evaluate<string>(`(async () => {
    const o = ${options};
    const bytes = (s) => Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((s.length + 3) % 4)), (c) => c.charCodeAt(0)).buffer;
    const text = (b) => btoa(String.fromCharCode(...new Uint8Array(b))).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
    const c = await navigator.credentials.create({ publicKey: {
      ...o, challenge: bytes(o.challenge), user: { ...o.user, id: bytes(o.user.id) }, excludeCredentials: [],
    } });
    return JSON.stringify({
      id: c.id, rawId: text(c.rawId), type: c.type, clientExtensionResults: {},
      response: { clientDataJSON: text(c.response.clientDataJSON), attestationObject: text(c.response.attestationObject), transports: c.response.getTransports() },
    });
  })()`);
}

/** The OAuth authorize page (the one that connects AI assistants) with a passkey, in Chromium through its virtual authenticator. */
describe('OAuth authorize page: passkeys in Chromium', function () {
  this.timeout(90_000);
  let h: Harness;
  let browser: Browser;
  before(async () => {
    h = await startServer();
    // WebAuthn needs a host name for the relying party: the pages are served as http://localhost:<port> here.
    const config = h.svc.config as { appUrl: string; baseUrl: string };
    config.baseUrl = config.appUrl = h.url.replace('127.0.0.1', 'localhost');
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await closeSourceAddresses();
    await h?.close();
  });
  const signedInAs = async (orgId: string) => (await h.svc.db.query(
    "SELECT JSON_VALUE(details, '$.method') AS method, JSON_VALUE(details, '$.door') AS door FROM tenant_config_audit_log WHERE org_id = ? AND action = 'member.signed_in' ORDER BY seq",
    [orgId],
  )) as { method: string; door: string }[];

  it('offers "Sign in with a passkey" (no password), and the passkey as the second step after the password; both lead to the consent', async () => {
    const base = h.svc.config.baseUrl;
    const member = await newMember(h, 'Passkey Org');
    const actor = memberActor({ orgId: member.tenant.id, id: member.id, email: member.email, role: 'analyst' });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    // What went wrong in the page: script errors, and failed requests (but the favicon these pages do not have).
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('response', (r) => { if (r.status() >= 400 && !r.url().endsWith('/favicon.ico')) problems.push(`${r.status()} ${r.url()}`); });
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });
    const connector = await newConnector(h.svc, [REDIRECT]);
    const authorize = () => `${base}${authorizePath({ clientId: connector.clientId, redirectUri: REDIRECT, challenge: pkce().challenge, method: 'S256', state: 'pk' })}`;
    await page.goto(authorize());
    await verifyWebauthnRegistration(h.svc, actor, { response: await createPasskey(page, await webauthnRegistrationOptions(h.svc, actor)), name: 'Laptop' });

    // Without a password: the passkey alone.
    await page.goto(authorize());
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor(WAIT);
    await checkPage(page, 'oauth-sign-in-passkey');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByRole('heading', { level: 1, name: `Assistant Connector wants access to ${member.tenant.name}` }).waitFor(WAIT);

    // After the password, the second step offers the passkey (and a recovery code, which the member has).
    await page.getByRole('button', { name: 'Not you? Sign in as someone else' }).click();
    await page.getByLabel('Work email').fill(member.email);
    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Confirm it is you' }).waitFor(WAIT);
    expect(await page.locator('.lede').textContent()).to.equal('Use your passkey, or enter one of your recovery codes to connect Assistant Connector.');
    await checkPage(page, 'oauth-second-step-passkey');
    await page.getByRole('button', { name: 'Use your passkey' }).click();
    await page.getByRole('heading', { level: 1, name: `Assistant Connector wants access to ${member.tenant.name}` }).waitFor(WAIT);

    expect(await signedInAs(member.tenant.id)).to.deep.equal([{ method: 'passkey', door: 'oauth' }, { method: 'password+passkey', door: 'oauth' }]);
    expect(problems).to.deep.equal([]);
    await context.close();
  });
});
