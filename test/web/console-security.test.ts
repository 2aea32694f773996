import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { checkPage, closeAll, expectNoSidewaysScroll, heading, pageAs, startConsoleInChromium, watchedPage, LOOKS, WAIT } from '../support/browser';
import type { ConsoleHarness, TestMember } from '../graphql/harness';
import { appCode } from '../support/totp';

/** The code an authenticator app shows `stepsAhead` 30-second steps from now (one step of drift is accepted). */

async function signInWithPassword(page: Page, base: string, member: TestMember): Promise<void> {
  await page.goto(`${base}/console/sign-in`);
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Second factors in Chromium: the Security page, the sign-in's second step, passkeys through the virtual authenticator. */
describe('web console: second factor in Chromium', function () {
  this.timeout(120_000);
  let h: ConsoleHarness, browser: Browser;
  before(async () => ({ h, browser } = await startConsoleInChromium()));
  after(() => closeAll(browser, h));

  it('sets up an authenticator app from the Security page (QR code, key, ten recovery codes), then signs in with a code computed by the test', async () => {
    const member = await h.member('analyst');
    const w = await pageAs(browser, h, member);
    await w.page.goto(`${h.url}/console/security`);
    await heading(w.page, 'Security');
    await w.page.getByText('None yet. Your password alone signs you in.').waitFor(WAIT);
    await checkPage(w.page, 'console-security');
    await w.page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await w.page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor(WAIT);
    const secret = (await w.page.getByTestId('totp-secret').textContent())!;
    expect(secret).to.match(/^[A-Z2-7]{32}$/);
    await checkPage(w.page, 'console-security-enrol');
    await w.page.getByLabel('Code from the app').fill('000000');
    await w.page.getByRole('button', { name: 'Confirm' }).click();
    await w.page.getByText('The code is incorrect or was already used.').first().waitFor(WAIT);
    await w.page.getByLabel('Code from the app').fill(appCode(secret));
    await w.page.getByRole('button', { name: 'Confirm' }).click();
    await w.page.getByRole('heading', { level: 2, name: 'Your recovery codes' }).waitFor(WAIT);
    const codes = await w.page.getByTestId('recovery-codes').locator('li').allTextContents();
    expect(codes).to.have.lengthOf(10);
    await checkPage(w.page, 'console-security-recovery-codes');
    await w.page.getByRole('button', { name: 'I have saved them' }).click();
    await w.page.getByText('Recovery codes left: 10 of 10.').waitFor(WAIT);
    expect(await w.problems()).to.deep.equal([]);
    await w.close();

    // A new browser: the password is not enough; the code of the next 30 seconds (unused yet) is.
    const phone = await watchedPage(browser, LOOKS['dark-360']);
    await signInWithPassword(phone.page, h.url, member);
    await heading(phone.page, 'Confirm it is you');
    await checkPage(phone.page, 'console-sign-in-second-step-dark-360');
    await expectNoSidewaysScroll(phone.page);
    await phone.close();

    const fresh = await watchedPage(browser, LOOKS.light);
    await signInWithPassword(fresh.page, h.url, member);
    await heading(fresh.page, 'Confirm it is you');
    await checkPage(fresh.page, 'console-sign-in-second-step');
    await fresh.page.getByLabel('Code from your authenticator app').fill(appCode(secret, 1));
    await fresh.page.getByRole('button', { name: 'Continue' }).click();
    await heading(fresh.page, 'Cases').catch(async (e: unknown) => {
      throw new Error(`${String(e)}\npage said: ${await fresh.page.locator('main').innerText()}`);
    });
    expect(fresh.page.url()).to.equal(`${h.url}/console/cases`);
    expect(await fresh.problems()).to.deep.equal([]);
    await fresh.close();
  });

  it('registers a passkey through the virtual authenticator, then signs in with it without a password', async () => {
    // WebAuthn needs a host name for the relying party: the app is served as http://localhost:<port> here.
    const base = h.url.replace('127.0.0.1', 'localhost');
    const config = h.svc.config as { appUrl: string };
    const before = config.appUrl;
    config.appUrl = base;
    try {
      const member = await h.member('mlro');
      const w = await watchedPage(browser, LOOKS.light);
      const cdp = await w.page.context().newCDPSession(w.page);
      await cdp.send('WebAuthn.enable');
      await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
      });
      await signInWithPassword(w.page, base, member);
      await heading(w.page, 'Cases');
      await w.page.getByRole('link', { name: 'Security' }).click();
      await heading(w.page, 'Security');
      await w.page.getByLabel('Name of the passkey').fill('Work laptop');
      await w.page.getByRole('button', { name: 'Add a passkey' }).click();
      await w.page.getByRole('heading', { level: 2, name: 'Your recovery codes' }).waitFor(WAIT);
      await w.page.getByRole('button', { name: 'I have saved them' }).click();
      await w.page.getByText('Work laptop', { exact: true }).waitFor(WAIT);
      await checkPage(w.page, 'console-security-passkey');

      await w.page.getByRole('button', { name: 'Sign out' }).click();
      await heading(w.page, 'Sign in');
      await w.page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await heading(w.page, 'Cases');
      const me = await w.page.evaluate<{ data: { me: { email: string } } }>(`fetch('/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ me { email } }' }) }).then((r) => r.json())`);
      expect(me.data.me.email).to.equal(member.email);

      // The password now asks for the second factor, and the passkey answers it.
      await w.page.getByRole('button', { name: 'Sign out' }).click();
      await signInWithPassword(w.page, base, member);
      await heading(w.page, 'Confirm it is you');
      await w.page.getByRole('button', { name: 'Use your passkey' }).click();
      await heading(w.page, 'Cases');
      expect(await w.problems()).to.deep.equal([]);
      await w.close();
    } finally {
      config.appUrl = before;
    }
  });
});
