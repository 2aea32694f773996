import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { checkPage, closeAll, consolePage, expectNoSidewaysScroll, LOOKS, startConsoleInChromium, untilFrame, watchedPage, type Look } from '../support/browser';
import { ConsoleHarness } from '../graphql/harness';

/** The console's shell in Chromium against the real server (REST, /graphql, /trpc and the built web app). */
describe('web console shell in Chromium', function () {
  this.timeout(60_000);
  let h: ConsoleHarness, browser: Browser;
  before(async () => ({ h, browser } = await startConsoleInChromium()));
  after(() => closeAll(browser, h));

  for (const look of Object.keys(LOOKS) as Look[]) {
    it(`/console/status shows the health answer fetched over GraphQL (${look}), axe clean, CSP held`, async () => {
      const w = await watchedPage(browser, LOOKS[look]);
      const request = w.page.waitForRequest((r) => r.url() === `${h.url}/graphql`, { timeout: 10_000 });
      await w.page.goto(`${h.url}/console/status`);
      const sent = await request;
      expect(sent.method()).to.equal('POST');
      expect(sent.headers()['content-type']).to.equal('application/json');
      expect(sent.postDataJSON().query).to.match(/^\s*query ServiceHealth \{/);

      await w.page.getByTestId('readiness').waitFor({ timeout: 10_000 });
      expect(await w.page.getByRole('heading', { level: 1 }).textContent()).to.equal('Service status');
      expect(await w.page.title()).to.equal('Service status · Compliance console');
      expect(await w.page.getByTestId('readiness').textContent()).to.equal('Ready');
      expect(await w.page.locator('dl.facts').innerText()).to.equal('Database\nWorking\nJob queue\nWorking');
      await expectNoSidewaysScroll(w.page);
      await checkPage(w.page, `console-status-${look}`);
      expect(await w.problems()).to.deep.equal([]);
      await w.close();
    });
  }

  it('shows the server\'s words when GraphQL fails, and Try again asks again', async () => {
    const w = await watchedPage(browser);
    let calls = 0;
    await w.page.route(`${h.url}/graphql`, async (route) => {
      if (++calls === 1) {
        await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ errors: [{ message: 'The service is busy. Try again in a moment.', extensions: { code: 'SERVICE_UNAVAILABLE', reason: 'service_unavailable' } }], data: null }) });
      } else await route.continue();
    });
    await w.page.goto(`${h.url}/console/status`);
    const alert = w.page.getByRole('alert');
    await alert.waitFor({ timeout: 10_000 });
    expect(await alert.locator('p').allTextContents()).to.deep.equal(['The service is busy', 'The service is busy. Try again in a moment.']);
    await checkPage(w.page, 'console-status-error');
    await w.page.getByRole('button', { name: 'Try again' }).click();
    await w.page.getByTestId('readiness').waitFor({ timeout: 10_000 });
    expect(calls).to.equal(2);
    expect(await w.page.getByRole('alert').count()).to.equal(0);
    await w.close();
  });

  it('a console route without a session lands on the sign-in page (me answers UNAUTHENTICATED), which keeps where to go next', async () => {
    for (const look of Object.keys(LOOKS) as Look[]) {
      const w = await watchedPage(browser, LOOKS[look]);
      const answer = w.page.waitForResponse((r) => r.url() === `${h.url}/graphql`, { timeout: 10_000 });
      await w.page.goto(`${h.url}/console/cases/CS-2026-00001?tab=events`);
      await w.page.waitForURL(`${h.url}/console/sign-in?next=%2Fconsole%2Fcases%2FCS-2026-00001%3Ftab%3Devents`, { timeout: 10_000 });
      const session = await answer;
      expect(session.request().postDataJSON().query).to.match(/^\s*query ConsoleSession \{\s*me \{/);
      expect(((await session.json()) as { errors: { extensions: { code: string } }[] }).errors[0]!.extensions.code).to.equal('UNAUTHENTICATED');
      expect(await w.page.getByRole('heading', { level: 1 }).textContent()).to.equal('Sign in');
      expect(await w.page.title()).to.equal('Sign in · Compliance console');
      expect(await w.page.locator('.lead').textContent()).to.equal('Sign in to continue.');
      expect(await w.page.getByLabel('Email').getAttribute('type')).to.equal('email');
      expect(await w.page.getByLabel('Password').getAttribute('type')).to.equal('password');
      expect(await w.page.getByRole('button', { name: 'Sign in', exact: true }).isVisible()).to.equal(true);
      // Autofocus lands a frame after the form renders: wait for it (bounded), then check.
      const focused = () => w.page.evaluate<string | null | undefined>("document.activeElement?.getAttribute('name')");
      expect(await untilFrame(w.page, focused, 'email')).to.equal('email');
      await expectNoSidewaysScroll(w.page);
      await checkPage(w.page, `console-sign-in-${look}`);
      expect(await w.problems()).to.deep.equal([]);
      await w.close();
    }
  });

  it('the analystUrl /cases?case=CS-2026-00001 and / land on the console\'s routes; the footer links the service index', async () => {
    const w = await consolePage(browser, h, await h.signedIn('analyst'), LOOKS['dark-360']);
    await w.page.goto(`${h.url}/cases?case=CS-2026-00001`);
    await w.page.getByRole('heading', { level: 1, name: 'Case CS-2026-00001' }).waitFor({ timeout: 10_000 });
    expect(w.page.url()).to.equal(`${h.url}/console/cases/CS-2026-00001`);
    expect(await w.page.title()).to.equal('Case CS-2026-00001 · Compliance console');
    await checkPage(w.page, 'console-case-dark-360');

    // Client-side navigation through React Aria links keeps the page (no reload) and the history.
    await w.page.getByRole('link', { name: 'All cases' }).click();
    await w.page.getByRole('heading', { level: 1, name: 'Cases' }).waitFor({ timeout: 10_000 });
    expect(w.page.url()).to.equal(`${h.url}/console/cases`);
    await w.page.goBack();
    await w.page.getByRole('heading', { level: 1, name: 'Case CS-2026-00001' }).waitFor({ timeout: 10_000 });

    await w.page.goto(`${h.url}/`);
    await w.page.getByRole('heading', { level: 1, name: 'Cases' }).waitFor({ timeout: 10_000 });
    expect(w.page.url()).to.equal(`${h.url}/console/cases`);

    await w.page.getByRole('link', { name: 'About this service' }).click();
    await w.page.waitForURL(`${h.url}/about`, { timeout: 10_000 });
    expect(await w.page.getByRole('heading', { level: 1 }).textContent()).to.equal('Compliance onboarding service');
    expect(await w.problems()).to.deep.equal([]);
    await w.close();
  });

  it('is usable by keyboard: the first Tab reaches "Skip to content", which moves to the page', async () => {
    const w = await watchedPage(browser);
    await w.page.goto(`${h.url}/console/status`);
    await w.page.getByTestId('readiness').waitFor({ timeout: 10_000 });
    await w.page.keyboard.press('Tab');
    expect(await w.page.evaluate<string | null | undefined>('document.activeElement?.textContent')).to.equal('Skip to content');
    expect(await w.page.getByRole('link', { name: 'Skip to content' }).isVisible()).to.equal(true);
    await w.page.keyboard.press('Enter');
    expect(new URL(w.page.url()).hash).to.equal('#main');
    await w.page.keyboard.press('Tab'); // the page has no control: the next stop is the footer's link
    expect(await w.page.evaluate<string | null | undefined>('document.activeElement?.textContent')).to.equal('About this service');
    await w.close();
  });

  it('an unknown console address says so inside the console', async () => {
    const w = await consolePage(browser, h, await h.signedIn('analyst'), {});
    await w.page.goto(`${h.url}/console/nothing/here`);
    await w.page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor({ timeout: 10_000 });
    await checkPage(w.page, 'console-not-found');
    await w.close();
  });
});
