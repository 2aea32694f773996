import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { ConsoleHarness } from '../graphql/harness';
import { approvedCase, SampleSources } from '../monitoring/support';
import { checkPage, closeAll, expectNoSidewaysScroll, LOOKS, pageAs, section, startConsoleInChromium, untilFrame, WAIT, type Look } from '../support/browser';

/**
 * Perpetual monitoring in the console, in Chromium against the real server and databases: the case page's
 * Monitoring section (Run monitoring now, the alerts and the runs with each check's status), and the
 * organisation's monitoring schedule on the Organisation settings page.
 */
describe('web console: monitoring in Chromium', function () {
  this.timeout(120_000);
  let h: ConsoleHarness;
  let browser: Browser;

  before(async () => {
    ({ h, browser } = await startConsoleInChromium());
    (await SampleSources.create()).use(h.svc);
  });
  after(() => closeAll(browser, h));

  it('an analyst runs monitoring on an approved case and sees its alerts and the run\'s checks; the section passes axe in both looks', async () => {
    const tenant = await h.tenant('Monitored Ltd');
    const analyst = await h.member('analyst', tenant);
    const c = await approvedCase(h.svc, tenant);

    for (const look of Object.keys(LOOKS) as Look[]) {
      const w = await pageAs(browser, h, analyst, look);
      await w.page.goto(`${h.url}/console/cases/${c.caseId}?tab=risk`);
      await section(w.page, 'Monitoring').getByText('No runs yet.').waitFor(WAIT);
      await expectNoSidewaysScroll(w.page);
      await checkPage(w.page, `console-case-monitoring-${look}`);
      expect(await w.problems()).to.deep.equal([]);
      await w.close();
    }

    const w = await pageAs(browser, h, analyst);
    const page = w.page;
    await page.goto(`${h.url}/console/cases/${c.caseId}?tab=risk`);
    const monitoring = section(page, 'Monitoring');
    await monitoring.getByRole('button', { name: 'Run monitoring now' }).click();
    await page.getByRole('status').filter({ hasText: 'Monitoring ran: 6 new alerts.' }).waitFor(WAIT);
    const alerts = monitoring.getByRole('list', { name: 'Alerts' });
    await untilFrame(page, () => alerts.locator(':scope > li').count(), 6);
    const alertTexts = await alerts.locator(':scope > li').allInnerTexts();
    expect(alertTexts.some((t) => t.includes('Sanctions match on UBO ubo_0') && t.startsWith('High'))).to.equal(true);
    expect(alertTexts.some((t) => t.includes('Registry structure differs from the case\'s parties'))).to.equal(true);
    const runs = monitoring.getByRole('list', { name: 'Runs' });
    const run = runs.locator(':scope > li').first();
    expect(await run.innerText()).to.match(new RegExp(`by ${analyst.email.replace(/[.]/g, '\\.')} · 6 alerts`));
    expect(await run.locator('.check-list > li').allInnerTexts()).to.deep.equal(['Rescreening: Ok', 'Registry refresh: Ok', 'Adverse media: Ok']);
    await checkPage(page, 'console-case-monitoring-alerts');

    // Again: nothing new.
    await monitoring.getByRole('button', { name: 'Run monitoring now' }).click();
    await page.getByRole('status').filter({ hasText: 'Monitoring ran: no new alerts.' }).waitFor(WAIT);
    await untilFrame(page, () => runs.locator(':scope > li').count(), 2);
    expect(await alerts.locator(':scope > li').count()).to.equal(6);
    expect(await w.problems()).to.deep.equal([]);
    await w.close();
  });

  it('a compliance admin sets the monitoring schedule on the Organisation page; an analyst sees it', async () => {
    const tenant = await h.tenant('Scheduled Ltd');
    const admin = await h.member('compliance_admin', tenant);
    const w = await pageAs(browser, h, admin);
    const page = w.page;
    await page.goto(`${h.url}/console/settings/organisation`);
    const panel = page.locator('section.panel', { has: page.getByRole('heading', { level: 2, name: 'Monitoring schedule' }) });
    await panel.getByRole('button', { name: /Run monitoring$/ }).waitFor(WAIT);
    await checkPage(page, 'console-organisation-monitoring');
    await panel.getByRole('button', { name: /(^|\s)Run monitoring$/ }).click();
    await page.getByRole('listbox').getByRole('option', { name: 'Weekly', exact: true }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached', ...WAIT });
    await panel.getByRole('button', { name: 'Save changes' }).click();
    await panel.getByRole('status').filter({ hasText: 'Saved. Monitoring schedule: weekly.' }).waitFor(WAIT);
    expect(await panel.getByRole('button', { name: 'Save changes' }).isDisabled()).to.equal(true);
    const [row]: { schedule: string }[] = await h.svc.db.query('SELECT schedule FROM monitoring_settings WHERE org_id = ?', [tenant.id]);
    expect(row!.schedule).to.equal('weekly');
    expect(await w.problems()).to.deep.equal([]);
    await w.close();

    const analyst = await h.member('analyst', tenant);
    const a = await pageAs(browser, h, analyst);
    await a.page.goto(`${h.url}/console/settings/organisation`);
    await a.page.getByText('Weekly. A compliance admin can change this.').waitFor(WAIT);
    await a.close();
  });
});
