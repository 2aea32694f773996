import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { memberActor } from '../../src/access/index';
import { decideCase } from '../../src/decisions/index';
import { openCase } from '../../src/onboarding/index';
import { relayEvents } from '../../src/events/index';
import { applicationCase, submit } from '../case-metrics/support';
import { ConsoleHarness } from '../graphql/harness';
import { checkPage, closeAll, expectNoSidewaysScroll, heading, pageAs, startConsoleInChromium, WAIT } from '../support/browser';
import { TestClock } from '../support/clock';

const HOUR = 3_600_000;

/**
 * The dashboard in Chromium against the real server: an analyst opens it from the navigation, picks a date
 * range (kept in the URL), and reads each chart's figures in the table beside it; on a 360 px phone in dark
 * mode the page fits the screen. Each look checked with axe.
 */
describe('web console: the dashboard in Chromium', function () {
  this.timeout(120_000);
  let h: ConsoleHarness, browser: Browser;
  before(async () => ({ h, browser } = await startConsoleInChromium()));
  after(() => closeAll(browser, h));

  it('draws the range\'s figures with a table beside each chart, axe clean, at 360 px too', async () => {
    const analyst = await h.member('analyst');
    const tenant = analyst.tenant;
    const clock = new TestClock(Date.parse('2026-03-02T08:00:00Z'));
    const svc = { ...h.svc, clock };
    const alpha = await applicationCase(svc, tenant, 'Alpha Ltd');
    await applicationCase(svc, tenant, 'Idle Ltd');
    clock.advance(2 * HOUR);
    await submit(svc, alpha);
    clock.advance(3 * HOUR);
    await decideCase(svc, memberActor({ orgId: tenant.id, id: analyst.id, email: analyst.email, role: 'analyst' }), { caseId: alpha.caseId, outcome: 'declined', notes: 'No.' });
    await relayEvents(svc);

    const w = await pageAs(browser, h, analyst);
    try {
      await w.page.goto(`${h.url}/console/cases`);
      await w.page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Dashboard' }).click();
      await heading(w.page, 'Dashboard');
      await w.page.getByRole('table', { name: 'Open cases by status' }).waitFor(WAIT);
      await w.page.getByLabel('From').fill('2026-03-01');
      await w.page.getByLabel('To (inclusive)').fill('2026-03-07');
      await w.page.getByRole('button', { name: 'Show' }).click();
      await w.page.getByRole('rowheader', { name: analyst.email }).waitFor(WAIT);
      const url = new URL(w.page.url());
      expect([url.pathname, url.searchParams.get('from'), url.searchParams.get('to')]).to.deep.equal(['/console/dashboard', '2026-03-01', '2026-03-07']);

      const rows = async (name: string) => (await w.page.getByRole('table', { name }).getByRole('row').allInnerTexts()).map((r) => r.replace(/\s+/g, ' ').trim());
      const figures = (await w.page.locator('dl[aria-label="Key figures"]').innerText()).replace(/\s+/g, ' ').trim();
      expect(figures).to.equal('Open cases 1 Decisions 1 Automatic 0 % First time right 100 % SLA breached now 0');
      expect(await rows('Open cases by status')).to.deep.equal(['Status Open cases', 'In progress 1']);
      expect(await rows('Open cases by onboarding stage')).to.deep.equal(['Stage Open cases', 'Created 1']);
      expect(await rows('Time in each status, for the spells that ended within the range')).to.deep.equal([
        'Status Spells Median 90th percentile', 'In progress 1 2 h 2 h', 'In review 1 3 h 3 h',
      ]);
      expect(await rows('Decisions by outcome')).to.deep.equal(['Outcome Decisions Automatic', 'Approved 0 0', 'Declined 1 0', 'First time right 1 100 % of all']);
      expect(await rows('Cases each analyst closed, and their median handling time')).to.deep.equal([
        'Analyst Cases closed Median handling time', `${analyst.email} 1 3 h`,
      ]);
      expect(await w.page.locator('.metric-chart .recharts-wrapper').count(), 'a chart beside each table').to.equal(5);
      await checkPage(w.page, 'console-dashboard');
      expect(await w.problems()).to.deep.equal([]);
    } finally {
      await w.close();
    }

    const phone = await pageAs(browser, h, analyst, 'dark-360');
    try {
      await phone.page.goto(`${h.url}/console/dashboard?from=2026-03-01&to=2026-03-07`);
      await heading(phone.page, 'Dashboard');
      await phone.page.getByRole('rowheader', { name: analyst.email }).waitFor(WAIT);
      await expectNoSidewaysScroll(phone.page);
      await checkPage(phone.page, 'console-dashboard-360');
      expect(await phone.problems()).to.deep.equal([]);
    } finally {
      await phone.close();
    }
  });

  it('in the test view counts the open test cases and says which figures stay live, axe clean', async () => {
    const tenant = await h.tenant('Dashboard Modes Ltd');
    const analyst = await h.member('analyst', tenant);
    const who = { orgId: tenant.id, id: analyst.id, email: analyst.email, role: 'analyst' as const };
    await openCase(h.svc, memberActor(who), { source: 'manual', companyName: 'Live One Ltd', customerEmail: null });
    for (const name of ['Sandbox One Ltd', 'Sandbox Two Ltd']) await openCase(h.svc, memberActor(who, undefined, 'test'), { source: 'manual', companyName: name, customerEmail: null });

    const w = await pageAs(browser, h, analyst);
    try {
      await w.page.goto(`${h.url}/console/dashboard`);
      await heading(w.page, 'Dashboard');
      await w.page.getByRole('table', { name: 'Open cases by status' }).waitFor(WAIT);
      const figures = async () => (await w.page.locator('dl[aria-label="Key figures"]').innerText()).replace(/\s+/g, ' ').trim();
      expect(await figures(), 'the live view').to.equal('Open cases 1 Decisions 0 Automatic — First time right — SLA breached now 0');
      expect(await w.page.getByRole('note').filter({ hasText: 'count live cases only' }).count()).to.equal(0);

      await w.page.getByRole('switch', { name: 'Test data' }).press('Space');
      await w.page.getByTestId('test-data-banner').waitFor(WAIT);
      await w.page.goto(`${h.url}/console/dashboard`);
      await w.page.getByRole('note').filter({ hasText: 'count live cases only' }).waitFor(WAIT);
      expect(await figures(), 'the test view').to.equal(
        'Open test cases 2 Decisions (live cases) 0 Automatic (live cases) — First time right (live cases) — SLA breached now (live cases) 0',
      );
      const rows = async (name: string) => (await w.page.getByRole('table', { name }).getByRole('row').allInnerTexts()).map((r) => r.replace(/\s+/g, ' ').trim());
      expect(await rows('Open cases by status')).to.deep.equal(['Status Open cases', 'In progress 2']);
      expect(await w.page.getByRole('heading', { name: 'Time in each status (live cases)' }).count()).to.equal(1);
      await checkPage(w.page, 'console-dashboard-test-data');
      expect(await w.problems()).to.deep.equal([]);
    } finally {
      await w.close();
    }
  });
});
