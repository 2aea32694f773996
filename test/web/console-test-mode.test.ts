import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { memberActor } from '../../src/access/index';
import { openCase } from '../../src/onboarding/index';
import { ConsoleHarness } from '../graphql/harness';
import { checkPage, closeAll, expectNoSidewaysScroll, heading, pageAs, startConsoleInChromium, WAIT } from '../support/browser';

/** The console's "Test data" switch in Chromium: the orange banner, the case list of each mode; axe clean, 360 px. */
describe('web console: the Test data switch', function () {
  this.timeout(120_000);
  let h: ConsoleHarness;
  let browser: Browser;

  before(async () => {
    ({ h, browser } = await startConsoleInChromium());
  });
  after(() => closeAll(browser, h));

  /** Waits (bounded) until the case list shows exactly these companies. */
  const rowsAre = (page: Page, companies: string[]) => page.waitForFunction((want: string) => {
    const doc = (globalThis as unknown as { document: { querySelectorAll(s: string): ArrayLike<{ textContent: string | null }> } }).document;
    return JSON.stringify(Array.from(doc.querySelectorAll('[role="rowheader"] .case-link'), (e) => e.textContent)) === want;
  }, JSON.stringify(companies), WAIT);

  it('switches the console between live and test data, with an orange banner while on', async () => {
    const tenant = await h.tenant('Mode Switch Ltd');
    const analyst = await h.member('analyst', tenant);
    const who = { orgId: tenant.id, id: analyst.id, email: analyst.email, role: 'analyst' as const };
    await openCase(h.svc, memberActor(who), { source: 'manual', companyName: 'Live Customer Ltd', customerEmail: null });
    await openCase(h.svc, memberActor(who, undefined, 'test'), { source: 'manual', companyName: 'Sandbox Customer Ltd', customerEmail: null });

    const w = await pageAs(browser, h, analyst);
    await w.page.goto(`${h.url}/console/cases`);
    await heading(w.page, 'Cases');
    await rowsAre(w.page, ['Live Customer Ltd']);
    const toggle = w.page.getByRole('switch', { name: 'Test data' });
    expect(await toggle.isChecked()).to.equal(false);
    expect(await w.page.getByTestId('test-data-banner').count()).to.equal(0);

    await toggle.press('Space');
    await w.page.getByTestId('test-data-banner').waitFor(WAIT);
    await heading(w.page, 'Cases');
    await rowsAre(w.page, ['Sandbox Customer Ltd']);
    expect(await w.page.getByRole('switch', { name: 'Test data' }).isChecked()).to.equal(true);
    expect(await w.page.getByTestId('test-data-banner').innerText()).to.match(/^Test data: you are viewing and changing test data/);
    await checkPage(w.page, 'console-test-data-on-light');

    // The mode belongs to the session: a fresh load keeps it; the other mode's case is not found.
    await w.page.goto(`${h.url}/console/cases`);
    await rowsAre(w.page, ['Sandbox Customer Ltd']);
    expect(await w.problems()).to.deep.equal([]);
    await w.close();

    // Dark, 360 px wide: the banner and the switch fit; switching back shows the live case again.
    const d = await pageAs(browser, h, analyst, 'dark-360');
    await d.page.goto(`${h.url}/console/cases`);
    await d.page.getByRole('switch', { name: 'Test data' }).press('Space');
    await d.page.getByTestId('test-data-banner').waitFor(WAIT);
    await rowsAre(d.page, ['Sandbox Customer Ltd']);
    await expectNoSidewaysScroll(d.page);
    await checkPage(d.page, 'console-test-data-on-dark-360');
    await d.page.getByRole('switch', { name: 'Test data' }).press('Space');
    await d.page.getByTestId('test-data-banner').waitFor({ state: 'detached', ...WAIT });
    await rowsAre(d.page, ['Live Customer Ltd']);
    await d.close();
  });
});
