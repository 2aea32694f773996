import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { ConsoleHarness } from '../graphql/harness';
import { alert, fact, monitoredCase } from '../monitoring-reviews/support';
import { checkPage, closeAll, expectNoSidewaysScroll, heading, pageAs, said, startConsoleInChromium, untilFrame, WAIT } from '../support/browser';
import { runtime } from '../support/runtime';

/**
 * Monitoring reviews in the console, in Chromium against the real server: the Reviews queue (nav entry,
 * state filter, the MLRO's queue), one review from its alert to a four-eyes close (the verdict's author
 * is not offered approval; a colleague approves), the MLRO's resolution of a hand-off, and the default
 * MLRO on the organisation settings page; each page checked with axe.
 */
describe('web console: monitoring reviews in Chromium', function () {
  this.timeout(120_000);
  let h: ConsoleHarness, browser: Browser;
  before(async () => ({ h, browser } = await startConsoleInChromium()));
  after(() => closeAll(browser, h));

  const stateOf = (page: Page) => page.locator('dl.facts > dt:text-is("State") + dd').innerText();

  it('one review from alert to four-eyes close, then a hand-off resolved by the MLRO; the default MLRO setting', async () => {
    const rt = await runtime();
    const a = await h.member('analyst');
    const tenant = a.tenant;
    const [b, mlro, admin] = [await h.member('analyst', tenant), await h.member('mlro', tenant), await h.member('compliance_admin', tenant)];
    const c = await monitoredCase(rt, tenant, { companyName: 'Watched Holdings Ltd' });
    await alert(rt, fact(tenant, c));
    await alert(rt, fact(tenant, c, { factKey: 'adverse_media:dir_0:a', alertType: 'adverse_media', subjectRole: 'Director', subjectRef: 'dir_0', severity: 'medium' }));

    const wa = await pageAs(browser, h, a);
    try {
      await wa.page.goto(`${h.url}/console/cases`);
      await wa.page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Reviews' }).click();
      await heading(wa.page, 'Monitoring reviews');
      expect(await untilFrame(wa.page, () => wa.page.getByRole('rowheader').count(), 2)).to.equal(2);
      await expectNoSidewaysScroll(wa.page);
      await checkPage(wa.page, 'console-reviews');

      // The first review: the UBO's sanctions hit (the older row).
      await wa.page.getByRole('row').filter({ hasText: 'Sanctions hit' }).getByRole('link').click();
      await wa.page.getByRole('heading', { level: 1, name: /^Review MR-/ }).waitFor(WAIT);
      expect(await stateOf(wa.page)).to.equal('Open');
    expect(await wa.page.getByRole('grid', { name: 'Alerts attached' }).getByRole('rowheader').count()).to.equal(1);
      await checkPage(wa.page, 'console-review-open');
      await wa.page.getByRole('button', { name: 'Give verdict' }).click();
      const dialog = wa.page.getByRole('dialog');
      await dialog.waitFor(WAIT);
      await dialog.getByRole('radio', { name: 'False positive' }).press('Space');
      await dialog.getByLabel('Note').fill('Different date of birth on the watchlist entry.');
      await checkPage(wa.page, 'console-review-verdict-dialog');
      await dialog.getByRole('button', { name: 'Record verdict' }).click();
      await said(wa.page, 'The verdict awaits a second person.');
      expect(await untilFrame(wa.page, () => stateOf(wa.page), 'Pending approval')).to.equal('Pending approval');
      await wa.page.getByText('You gave this verdict: with four-eyes approval on, another member approves it.').waitFor(WAIT);
      expect(await wa.page.getByRole('button', { name: 'Approve verdict' }).count()).to.equal(0);
      const reviewUrl = wa.page.url();
      await wa.close();

      const wb = await pageAs(browser, h, b);
      await wb.page.goto(reviewUrl);
      await wb.page.getByRole('button', { name: 'Approve verdict' }).click();
      await said(wb.page, 'The verdict is approved and the review closed.');
      expect(await untilFrame(wb.page, () => stateOf(wb.page), 'Closed')).to.equal('Closed');
      expect(await wb.page.locator('.timeline-item strong').allInnerTexts()).to.deep.equal(['Opened', 'Dispositioned', 'Approved', 'Closed']);
      await checkPage(wb.page, 'console-review-closed');

      // The second review: b escalates; the MLRO finds it in the With MLRO queue and resolves it.
      await wb.page.goto(`${h.url}/console/reviews`);
      await wb.page.getByRole('row').filter({ hasText: 'Adverse media' }).getByRole('link').click();
      await wb.page.getByRole('button', { name: 'Give verdict' }).click();
      await wb.page.getByRole('dialog').getByRole('radio', { name: 'Escalate to the MLRO' }).press('Space');
      await wb.page.getByRole('dialog').getByLabel('Note').fill('Cannot tell from the article.');
      await wb.page.getByRole('dialog').getByRole('button', { name: 'Record verdict' }).click();
      await said(wb.page, 'The review is handed to the MLRO.');
      await wb.close();
    } finally {
      await wa.close().catch(() => undefined);
    }

    const wm = await pageAs(browser, h, mlro);
    try {
      await wm.page.goto(`${h.url}/console/reviews`);
      await wm.page.getByRole('button', { name: 'With MLRO queue' }).click();
      await heading(wm.page, 'Reviews with the MLRO');
      expect(await untilFrame(wm.page, () => wm.page.getByRole('rowheader').count(), 1)).to.equal(1);
      await checkPage(wm.page, 'console-reviews-mlro');
      await wm.page.getByRole('rowheader').getByRole('link').click();
      await wm.page.getByRole('button', { name: 'Resolve' }).click();
      await wm.page.getByRole('dialog').getByRole('radio', { name: 'False positive' }).press('Space');
      await wm.page.getByRole('dialog').getByLabel('Note').fill('The article is about a namesake.');
      await wm.page.getByRole('dialog').getByRole('button', { name: 'Resolve review' }).click();
      await said(wm.page, 'The review is closed.');
      expect(await untilFrame(wm.page, () => stateOf(wm.page), 'Closed')).to.equal('Closed');
    } finally {
      await wm.close();
    }

    const wc = await pageAs(browser, h, admin);
    try {
      await wc.page.goto(`${h.url}/console/settings/organisation`);
      await wc.page.getByRole('heading', { level: 2, name: 'Default MLRO' }).waitFor(WAIT);
      await wc.page.getByRole('button', { name: /Default MLRO$/ }).click();
      await wc.page.getByRole('listbox').getByRole('option', { name: new RegExp(`^mlro \\d+$`) }).click();
      const panel = wc.page.locator('section.panel', { has: wc.page.getByRole('heading', { level: 2, name: 'Default MLRO' }) });
      await panel.getByRole('button', { name: 'Save changes' }).click();
      await said(wc.page, 'Saved. The default MLRO is saved.');
      await checkPage(wc.page, 'console-organisation-default-mlro');
      const [row] = await h.svc.db.query('SELECT default_mlro_member_id FROM tenants WHERE id = ?', [tenant.id]);
      expect(row.default_mlro_member_id).to.equal(mlro.id);
    } finally {
      await wc.close();
    }
  });
});
