import { expect } from 'chai';
import type { Browser, Locator } from 'playwright-core';
import { memberActor } from '../../src/access/index';
import { setEddRequirement } from '../../src/edd/index';
import { redeemInvite } from '../../src/invites/index';
import { ConsoleHarness } from '../graphql/harness';
import { tinyPdf } from '../portal/documents-support';
import { invitedCase } from '../portal/support';
import { decodeQp } from '../support/smtp';
import { checkPage, closeAll, expectNoSidewaysScroll, LOOKS, pageAs, said, section, startConsoleInChromium, WAIT, watchedPage, type Look } from '../support/browser';
import { drainJobs, runtime } from '../support/runtime';

/**
 * EDD and outreach in Chromium against the real server: the console case page's EDD and Outreach sections
 * (a status and note per requirement, adding one, emailing an evidence request and a document request), the
 * reminder schedule on the organisation settings page, and the customer following the email's link to the
 * portal's requested-items page and uploading against an item.
 */
describe('web: EDD and outreach in Chromium', function () {
  this.timeout(120_000);
  let h: ConsoleHarness, browser: Browser;
  before(async () => ({ h, browser } = await startConsoleInChromium()));
  after(() => closeAll(browser, h));

  const drain = async (orgId: string) => {
    const rt = await runtime();
    await drainJobs(rt, { orgId, svc: h.svc });
  };

  it('the case page: requirements with status and note, history, add one, email evidence and document requests; the customer follows the link and uploads against an item', async () => {
    const tenant = await h.tenant('Northwind Compliance');
    const analyst = await h.member('analyst', tenant);
    const c = await invitedCase(h.svc, tenant, { companyName: 'Globex Trading Ltd' });
    const actor = memberActor({ orgId: tenant.id, id: analyst.id, email: analyst.email, role: 'analyst' });
    await setEddRequirement(h.svc, actor, { caseId: c.caseId, reqKey: 'source_of_funds', status: 'outstanding', label: 'Source of funds' });
    await setEddRequirement(h.svc, actor, { caseId: c.caseId, reqKey: 'source_of_wealth', status: 'outstanding', label: 'Source of wealth' });

    for (const look of Object.keys(LOOKS) as Look[]) {
      const w = await pageAs(browser, h, analyst, look);
      await w.page.goto(`${h.url}/console/cases/${c.caseId}?tab=outreach`);
      await section(w.page, 'EDD').getByRole('list', { name: 'EDD requirements' }).waitFor(WAIT);
      await section(w.page, 'Outreach').waitFor(WAIT);
      await expectNoSidewaysScroll(w.page);
      await checkPage(w.page, `console-case-edd-${look}`);
      expect(await w.problems()).to.deep.equal([]);
      await w.close();
    }

    const w = await pageAs(browser, h, analyst);
    const page = w.page;
    await page.goto(`${h.url}/console/cases/${c.caseId}?tab=outreach`);
    const edd = section(page, 'EDD');
    const funds = edd.locator('li.edd-item', { hasText: 'Source of funds' });
    await funds.waitFor(WAIT);
    expect(await funds.locator('.badge').innerText()).to.equal('Outstanding');

    // Marked received with a note.
    await funds.locator('.select-button').click();
    await page.getByRole('option', { name: 'Received', exact: true }).click();
    await funds.getByLabel('Note on Source of funds').fill('Payslips seen');
    await funds.getByRole('button', { name: 'Save' }).click();
    await said(page, 'Source of funds: saved.');
    await untilText(edd.locator('li.edd-item', { hasText: 'Source of funds' }).locator('.badge'), 'Received');
    await edd.getByRole('list', { name: 'History' }).getByText(`Source of funds: Outstanding → Received by ${analyst.email} · “Payslips seen”`).waitFor(WAIT);

    // The analyst's own requirement.
    await edd.getByLabel('New requirement').fill('PEP declaration');
    await edd.getByRole('button', { name: 'Add requirement' }).click();
    await said(page, 'PEP declaration: added as outstanding.');
    await edd.locator('li.edd-item', { hasText: 'PEP declaration' }).getByText('(pep_declaration, added by an analyst)').waitFor(WAIT);

    // Request evidence for one outstanding item.
    const request = edd.getByRole('form', { name: 'Request evidence by email' });
    await request.getByText('Source of wealth', { exact: true }).click();
    await checkPage(page, 'console-case-edd-request');
    await request.getByRole('button', { name: 'Email the request' }).click();
    await said(page, `Evidence request emailed to ${c.customerEmail}.`);
    const outreach = section(page, 'Outreach');
    await outreach.getByText(/^Source of wealth · EDD · Outstanding · asked /).waitFor(WAIT);

    // A document request.
    await outreach.getByLabel('Request documents by email').fill('Bank statement\nVAT certificate');
    await outreach.getByRole('button', { name: 'Email the document request' }).click();
    await said(page, `Document request emailed to ${c.customerEmail}.`);
    await outreach.getByText(/^VAT certificate · Document · Outstanding/).waitFor(WAIT);
    await outreach.getByText(/^Additional information needed for Globex Trading Ltd · Edd request to /).waitFor(WAIT);
    await checkPage(page, 'console-case-outreach');
    expect(await w.problems()).to.deep.equal([]);
    await w.close();

    // The emails go out (kept locally without SMTP_URL); the customer opens the EDD request's link.
    await drain(tenant.id);
    const [mail]: { raw: string }[] = await h.svc.db.query(
      `SELECT raw FROM mail_outbox WHERE org_id = ? AND to_address = ? AND subject LIKE 'Additional information%'`, [tenant.id, c.customerEmail],
    );
    const link = /(http:\/\/127\.0\.0\.1:\d+\/portal\/invite\?token=[A-Za-z0-9_-]{43})/.exec(decodeQp(mail!.raw))![1]!;
    // On a phone (the invitation's own session): the page lists the items, each with its upload.
    const phone = await watchedPage(browser, LOOKS['dark-360']);
    const session = await redeemInvite(h.svc, c.linkToken);
    await phone.context.addCookies([{ name: 'portal_session', value: session!.sessionToken, domain: '127.0.0.1', path: '/', httpOnly: true, sameSite: 'Lax' }]);
    await phone.page.goto(`${h.url}/portal/app/evidence`);
    await phone.page.getByTestId('item-edd:source_of_wealth').getByRole('button', { name: 'Upload Source of wealth' }).waitFor(WAIT);
    await expectNoSidewaysScroll(phone.page);
    await checkPage(phone.page, 'portal-evidence-dark-360');
    expect(await phone.problems()).to.deep.equal([]);
    await phone.close();

    // On the desktop: the email's link signs the customer in and lands on the requested items.
    const customer = await watchedPage(browser, LOOKS.light);
    const p = customer.page;
    await p.goto(link);
    await p.getByRole('button', { name: 'Upload the requested items' }).click();
    await p.getByTestId('portal-app-link').click();
    await p.getByRole('heading', { level: 1, name: 'Requested information' }).waitFor(WAIT);
    expect(new URL(p.url()).pathname).to.equal('/portal/app/evidence');
    const wealth = p.getByTestId('item-edd:source_of_wealth');
    await wealth.waitFor(WAIT);
    expect(await p.getByRole('list', { name: 'Requested items' }).locator('li .doc-name').allInnerTexts()).to.deep.equal(['Source of wealth', 'Bank statement', 'VAT certificate']);
    await checkPage(p, 'portal-evidence-light');
    await wealth.locator('input[type=file]').setInputFiles({ name: 'wealth.pdf', mimeType: 'application/pdf', buffer: tinyPdf('Inheritance letter') });
    await said(p, 'Thank you: Source of wealth was received.');
    await untilText(p.getByTestId('item-edd:source_of_wealth').locator('.badge'), 'Received');
    expect(await p.getByTestId('item-edd:source_of_wealth').getByRole('button').count()).to.equal(0);
    await checkPage(p, 'portal-evidence-received-light');
    // Chromium logs the 404 of the server-rendered landing page's /favicon.ico (as in the portal journey test).
    expect(await customer.problems()).to.deep.equal(['console: Failed to load resource: the server responded with a status of 404 (Not Found)']);
    await customer.close();
    const [row]: { status: string; updated_by: string }[] = await h.svc.db.query(
      `SELECT status, updated_by FROM edd_requirements WHERE org_id = ? AND case_pk = ? AND req_key = 'source_of_wealth'`, [tenant.id, c.pk],
    );
    expect(row).to.deep.equal({ status: 'received', updated_by: 'customer' });
  });

  it('the organisation settings page: a compliance admin sets the reminder schedule (errors by field); an analyst sees it', async () => {
    const tenant = await h.tenant();
    const ca = await h.member('compliance_admin', tenant);
    const w = await pageAs(browser, h, ca);
    const page = w.page;
    await page.goto(`${h.url}/console/settings/organisation`);
    const panel = page.locator('section.panel', { has: page.getByRole('heading', { level: 2, name: 'Reminders' }) });
    const first = panel.getByLabel('First reminder after (days)');
    await first.waitFor(WAIT);
    expect(await first.inputValue()).to.equal('3');
    await first.fill('0');
    await panel.getByRole('button', { name: 'Save changes' }).click();
    await panel.getByText('Must be a whole number of days from 1 to 90.').waitFor(WAIT);
    await first.fill('2');
    await panel.getByLabel('Then every (days)').fill('4');
    await panel.getByLabel('At most (reminders)').fill('5');
    await panel.getByRole('button', { name: 'Save changes' }).click();
    await said(page, 'Saved. The reminder schedule is saved.');
    await checkPage(page, 'console-organisation-reminders-light');
    expect(await w.problems()).to.deep.equal([]);
    await w.close();

    const analyst = await h.member('analyst', tenant);
    const v = await pageAs(browser, h, analyst, 'dark-360');
    await v.page.goto(`${h.url}/console/settings/organisation`);
    await untilText(v.page.getByTestId('reminder-schedule'), 'First after 2 days, then every 4 days, at most 5');
    expect(await v.page.getByRole('main').getByRole('switch').count(), 'no switch in the page (the header has the Test data switch)').to.equal(0);
    await checkPage(v.page, 'console-organisation-reminders-dark-360');
    await v.close();
  });
});

/** Waits (bounded) until the locator's text is `want`. */
async function untilText(l: Locator, want: string): Promise<void> {
  await l.filter({ hasText: want }).first().waitFor(WAIT);
  expect((await l.first().innerText()).trim()).to.equal(want);
}
