import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { ConsoleHarness } from '../graphql/harness';
import { checkPage, closeAll, consolePage, expectNoSidewaysScroll, heading, LOOKS, startConsoleInChromium, untilFrame, WAIT } from '../support/browser';

/** Compliance Configuration › Public intake link in Chromium: switching it on, renaming it (field errors), Copy, the QR code; read-only for analysts. */
describe('web console: the public intake link page in Chromium', function () {
  this.timeout(60_000);
  let h: ConsoleHarness;
  let browser: Browser;
  before(async () => {
    ({ h, browser } = await startConsoleInChromium());
  });
  after(() => closeAll(browser, h));

  it('a compliance admin switches the link on and renames it (the domain\'s errors beside the slug), copies it and sees its QR code', async () => {
    const ca = await h.signedIn('compliance_admin');
    const tenant = ca.member.tenant;
    const w = await consolePage(browser, h, ca, { ...LOOKS.light, permissions: ['clipboard-read', 'clipboard-write'] });
    const { page } = w;
    await page.goto(`${h.url}/console/settings/organisation`);
    await page.getByRole('navigation', { name: 'Compliance configuration' }).getByRole('link', { name: 'Public intake link' }).click();
    await heading(page, 'Public intake link');
    expect(page.url()).to.equal(`${h.url}/console/settings/intake`);
    const url = `${h.url}/apply/${tenant.slug}`;
    expect(await page.getByTestId('intake-url').innerText()).to.equal(url);
    expect(await page.getByTestId('intake-state').innerText()).to.equal('Off.');
    expect(await page.getByRole('img', { name: `QR code of the link ${url}` }).locator('path').count()).to.be.greaterThan(0);

    const save = page.getByRole('button', { name: 'Save changes' });
    expect(await save.isDisabled(), 'nothing changed yet').to.equal(true);
    await page.getByRole('switch', { name: 'Accept applications through the link' }).press('Space');
    expect(await save.isDisabled()).to.equal(false);
    const slug = page.getByRole('textbox', { name: 'Slug' });
    await slug.fill('a--b');
    await save.click();
    await page.locator('.field-error').getByText('Must be 3 to 63 lowercase letters, digits and single hyphens, starting and ending with a letter or digit.').waitFor(WAIT);
    const other = await h.tenant();
    await slug.fill(other.slug);
    await save.click();
    await page.locator('.field-error').getByText('Is already used by another organisation.').waitFor(WAIT);
    const renamed = `apply-${tenant.id.slice(0, 8)}`;
    await slug.fill(renamed);
    await save.click();
    const newUrl = `${h.url}/apply/${renamed}`;
    await page.getByRole('status').filter({ hasText: `Saved. The link is on. The link is now ${newUrl}; the old one no longer answers.` }).waitFor(WAIT);
    expect(await page.getByTestId('intake-state').innerText()).to.equal('On.');
    expect(await page.getByTestId('intake-url').innerText()).to.equal(newUrl);
    expect(await untilFrame(page, () => save.isDisabled(), true), 'saved: nothing to save').to.equal(true);
    expect((await ca.data<{ publicIntake: { enabled: boolean; slug: string } }>('{ publicIntake { enabled slug } }')).publicIntake).to.deep.equal({ enabled: true, slug: renamed });

    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByText('Copied.').waitFor(WAIT);
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).to.equal(newUrl);
    await checkPage(page, 'console-public-intake-light');
    expect(await w.problems()).to.deep.equal([]);
    await w.close();

    const analyst = await h.signedIn('analyst', tenant);
    const v = await consolePage(browser, h, analyst, { viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
    await v.page.goto(`${h.url}/console/settings/intake`);
    await heading(v.page, 'Public intake link');
    await v.page.getByText(`Slug ${renamed}. A compliance admin can change these settings.`).waitFor(WAIT);
    expect(await v.page.getByRole('main').getByRole('switch').count(), 'no switch in the page (the header has the Test data switch)').to.equal(0);
    expect(await v.page.getByRole('button', { name: 'Save changes' }).count()).to.equal(0);
    await v.page.getByRole('img', { name: `QR code of the link ${newUrl}` }).waitFor(WAIT);
    await checkPage(v.page, 'console-public-intake-dark-390');
    await expectNoSidewaysScroll(v.page);
    await v.close();
  });
});
