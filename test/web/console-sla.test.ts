import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { newCase } from '../graphql/case-support';
import { ConsoleHarness } from '../graphql/harness';
import { checkPage, closeAll, expectNoSidewaysScroll, heading, pageAs, startConsoleInChromium, WAIT } from '../support/browser';
import { drainJobs, runtime } from '../support/runtime';

/**
 * SLAs in the console, in Chromium against the real server: a compliance admin fills the SLA policy form
 * (a field error first, then targets and business hours) and saves it; an analyst on a 360 px phone sees the
 * SLA state in the case list and on the case page. Each page checked with axe.
 */
describe('web console: SLAs in Chromium', function () {
  this.timeout(120_000);
  let h: ConsoleHarness, browser: Browser;
  before(async () => ({ h, browser } = await startConsoleInChromium()));
  after(() => closeAll(browser, h));

  it('an admin saves the SLA policy with the form; the case list and the case page show the SLA state at 360 px', async () => {
    const admin = await h.member('compliance_admin');
    const tenant = admin.tenant;
    const analyst = await h.member('analyst', tenant);
    const c = await newCase(h.svc, tenant, { companyName: 'Punctual Ltd' });

    const wa = await pageAs(browser, h, admin);
    try {
      await wa.page.goto(`${h.url}/console/settings`);
      await wa.page.getByRole('navigation', { name: 'Compliance configuration' }).getByRole('link', { name: 'SLAs' }).click();
      await heading(wa.page, 'SLAs');
      const inProgress = wa.page.getByRole('textbox', { name: 'In progress (hours)' });
      await inProgress.fill('0');
      await wa.page.getByRole('button', { name: 'Save SLA policy' }).click();
      await wa.page.getByText('must be a number of hours above 0 and at most 1000', { exact: true }).waitFor(WAIT);
      await inProgress.fill('48');
      await wa.page.getByRole('textbox', { name: 'In review (hours)' }).fill('8');
      await wa.page.getByRole('switch', { name: 'Count business hours only' }).press('Space');
      await wa.page.getByRole('textbox', { name: 'Time zone' }).fill('Europe/London');
      await wa.page.getByRole('switch', { name: 'Pause while EDD or document requests are outstanding' }).press('Space');
      await checkPage(wa.page, 'console-sla-policy');
      await wa.page.getByRole('button', { name: 'Save SLA policy' }).click();
      await wa.page.getByRole('status').filter({ hasText: 'The SLA policy is saved.' }).waitFor(WAIT);
      expect(await wa.problems()).to.deep.equal([]);
    } finally {
      await wa.close();
    }
    const [policy]: { targets: string; business_hours: string; pause_while_awaiting_customer: number }[] = await h.svc.db.query(
      'SELECT targets, business_hours, pause_while_awaiting_customer FROM sla_policies WHERE org_id = ?', [tenant.id],
    );
    expect(JSON.parse(policy!.targets)).to.deep.equal([{ status: 'in_progress', hours: 48 }, { status: 'in_review', hours: 8 }]);
    expect(JSON.parse(policy!.business_hours)).to.deep.equal({ timezone: 'Europe/London', days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: '09:00', to: '17:00' });
    expect(policy!.pause_while_awaiting_customer).to.equal(1);

    // A case opened now gets its clock from its case.created event.
    const later = await newCase(h.svc, tenant, { companyName: 'Newcomer Ltd' });
    await drainJobs(await runtime(), { orgId: tenant.id });
    const wn = await pageAs(browser, h, analyst, 'dark-360');
    try {
      await wn.page.goto(`${h.url}/console/cases`);
      await heading(wn.page, 'Cases');
      for (const id of [c.caseId, later.caseId]) {
        await wn.page.getByRole('row').filter({ hasText: id === c.caseId ? 'Punctual Ltd' : 'Newcomer Ltd' }).getByText('SLA on track').waitFor(WAIT);
      }
      await expectNoSidewaysScroll(wn.page);
      await checkPage(wn.page, 'console-sla-case-list-360');
      await wn.page.getByRole('link', { name: 'Newcomer Ltd' }).click();
      // The loaded case page is headed by its company ("Case <id>" is only the loading state's heading).
      await heading(wn.page, 'Newcomer Ltd');
      const sla = wn.page.getByTestId('case-sla');
      await sla.getByText('SLA on track').waitFor(WAIT);
      expect(await sla.innerText()).to.match(/^SLA on track Due /);
      await checkPage(wn.page, 'console-sla-case-360');
      expect(await wn.problems()).to.deep.equal([]);
    } finally {
      await wn.close();
    }
  });
});
