import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { ConsoleHarness } from '../graphql/harness';
import { checkPage, closeAll, expectNoSidewaysScroll, heading, pageAs, startConsoleInChromium, untilFrame, WAIT } from '../support/browser';
import { owners, queuedCase } from '../work-queues/support';

/**
 * Work queues in the console, in Chromium against the real server: a compliance admin sets a queue up with
 * the form (name, members by check box, a condition row), then an analyst on a 360 px phone presses Next
 * case and lands on the oldest waiting case, now theirs; each page checked with axe.
 */
describe('web console: work queues in Chromium', function () {
  this.timeout(120_000);
  let h: ConsoleHarness, browser: Browser;
  before(async () => ({ h, browser } = await startConsoleInChromium()));
  after(() => closeAll(browser, h));

  it('an admin sets a queue up with the form; an analyst presses Next case at 360 px and gets the oldest case', async () => {
    const admin = await h.member('compliance_admin');
    const tenant = admin.tenant;
    const analyst = await h.member('analyst', tenant);
    const oldest = await queuedCase(h.svc, tenant, { band: 'high', ageHours: 8 });
    await queuedCase(h.svc, tenant, { band: 'high', ageHours: 2 });
    await queuedCase(h.svc, tenant, { band: 'low', ageHours: 20 });

    const wa = await pageAs(browser, h, admin);
    try {
      await wa.page.goto(`${h.url}/console/cases`);
      await wa.page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Queues' }).click();
      await heading(wa.page, 'Queues');
      await wa.page.getByText('No queues yet. Add one below.').waitFor(WAIT);
      await wa.page.getByRole('button', { name: 'Add queue' }).click();
      await wa.page.getByRole('textbox', { name: 'Name' }).fill('High risk');
      const member = wa.page.getByRole('checkbox', { name: analyst.email.replace(/^analyst\.(\d+)\..*$/, 'analyst $1') });
      await member.press('Space');
      expect(await member.isChecked()).to.equal(true);
      await wa.page.getByRole('button', { name: 'Add condition' }).click();
      await wa.page.getByRole('textbox', { name: 'Value 1' }).fill('high');
      await checkPage(wa.page, 'console-queues-editor');
      await wa.page.getByRole('button', { name: 'Save queues' }).click();
      await wa.page.getByRole('rowheader', { name: 'High risk' }).waitFor(WAIT);
      const row = wa.page.getByRole('row').filter({ hasText: 'High risk' });
      expect(await untilFrame(wa.page, async () => (await row.innerText()).replace(/\s+/g, ' '), 'High risk Next case 2 2 8 hours None Manual')).to.equal('High risk Next case 2 2 8 hours None Manual');
    } finally {
      await wa.close();
    }

    const wn = await pageAs(browser, h, analyst, 'dark-360');
    try {
      await wn.page.goto(`${h.url}/console/queues`);
      await heading(wn.page, 'Queues');
      await wn.page.getByRole('rowheader', { name: 'High risk' }).waitFor(WAIT);
      expect(await wn.page.getByRole('heading', { name: 'Edit queues' }).count(), 'analysts do not edit queues').to.equal(0);
      await expectNoSidewaysScroll(wn.page);
      await checkPage(wn.page, 'console-queues-360');
      await wn.page.getByRole('button', { name: 'Next case from High risk' }).click();
      // The loaded case page is headed by its company ("Case <id>" heads only its loading state).
      await heading(wn.page, 'Queue high Ltd');
      expect(new URL(wn.page.url()).pathname).to.equal(`/console/cases/${oldest.caseId}`);
      expect((await owners(h.svc, tenant)).get(oldest.caseId)).to.equal(analyst.id);
      expect(await wn.problems()).to.deep.equal([]);
    } finally {
      await wn.close();
    }
  });
});
