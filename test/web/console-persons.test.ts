import { expect } from 'chai';
import type { Browser, Locator, Page } from 'playwright-core';
import { newCase } from '../graphql/case-support';
import { ConsoleHarness } from '../graphql/harness';
import { seedIdDocument, seedParty } from '../persons/support';
import { checkPage, closeAll, expectNoSidewaysScroll, heading, LOOKS, pageAs, said, startConsoleInChromium, untilFrame, WAIT, type Look } from '../support/browser';

/**
 * The person registry in the console, in Chromium against the real server and databases: a case's People
 * (Mark as new, Attach document, Link a proposal, Unlink with a reason), the Persons page with its search and
 * a person's page, and the reuse window on Organisation settings; every page checked with axe.
 */
describe('web console: the person registry in Chromium', function () {
  this.timeout(120_000);
  let h: ConsoleHarness, browser: Browser;
  before(async () => ({ h, browser } = await startConsoleInChromium()));
  after(() => closeAll(browser, h));

  const people = (page: Page): Locator => page.locator('section.case-section', { has: page.getByRole('heading', { level: 2, name: 'People', exact: true }) });

  it('an analyst marks a party new, attaches its passport, links the same human on a later case and unlinks with a reason', async () => {
    const tenant = await h.tenant('Registry Ltd');
    const analyst = await h.member('analyst', tenant);
    const first = await newCase(h.svc, tenant, { companyName: 'First Registry Ltd' });
    await seedParty(h.svc, tenant.id, first.pk, { name: 'Jane Amelia Doe', email: 'jane@first.example', dateOfBirth: '1981-02-03' });
    await seedIdDocument(h.svc, tenant.id, first.pk, { expiryDate: '2032-05-06', filename: 'jane-passport.pdf' });
    const second = await newCase(h.svc, tenant, { companyName: 'Second Registry Ltd' });
    await seedParty(h.svc, tenant.id, second.pk, { name: 'DOE, Jane', email: 'jd@second.example', dateOfBirth: '1981-02-03' });

    const w = await pageAs(browser, h, analyst);
    const page = w.page;
    await page.goto(`${h.url}/console/cases/${first.caseId}?tab=people`);
    await heading(page, 'First Registry Ltd');
    await people(page).getByText('No matching person in the registry.').waitFor(WAIT);
    await checkPage(page, 'console-case-people');
    await people(page).getByRole('button', { name: 'Mark as new: Jane Amelia Doe' }).click();
    await said(page, 'Jane Amelia Doe is registered as a new person.');
    const linkedText = await people(page).locator('.person-link').innerText();
    expect(linkedText).to.match(/^Linked to Jane Amelia Doe \(person \d+\) by analyst\.\d+\.[0-9a-f]{8}@console\.example\./);
    const personId = Number(/person (\d+)/.exec(linkedText)![1]);

    await people(page).getByRole('button', { name: 'Attach document' }).click();
    const attach = page.getByRole('dialog');
    await attach.getByRole('heading', { name: 'Attach an ID document to Jane Amelia Doe' }).waitFor(WAIT);
    await checkPage(page, 'console-case-people-attach');
    await attach.getByRole('button', { name: 'Attach' }).click();
    await said(page, 'The document is attached to Jane Amelia Doe.');

    // The later case proposes her (same date of birth); Link, then Unlink with a reason.
    await page.goto(`${h.url}/console/cases/${second.caseId}?tab=people`);
    await heading(page, 'Second Registry Ltd');
    const proposals = people(page).getByRole('list', { name: 'Proposed persons for DOE, Jane' });
    expect(await proposals.innerText()).to.match(/^Jane Amelia Doe · born 1981-02-03 · GB · match \d+% \(same date of birth\)/);
    await proposals.getByRole('button', { name: `Link DOE, Jane to Jane Amelia Doe (person ${personId})` }).click();
    await said(page, 'DOE, Jane is linked to Jane Amelia Doe.');
    await people(page).getByRole('button', { name: 'Unlink' }).click();
    const unlink = page.getByRole('dialog');
    await unlink.getByRole('heading', { name: 'Unlink DOE, Jane' }).waitFor(WAIT);
    await unlink.getByRole('textbox', { name: 'Reason' }).fill('Different middle name on the passport');
    await unlink.getByRole('button', { name: 'Unlink' }).click();
    await said(page, 'DOE, Jane is no longer linked to Jane Amelia Doe.');
    await proposals.waitFor(WAIT);
    expect(await w.problems()).to.deep.equal([]);
    await w.close();

    // The Persons page, its search, and the person with both cases (the unlinked link kept) and the passport.
    for (const look of Object.keys(LOOKS) as Look[]) {
      const v = await pageAs(browser, h, analyst, look);
      await v.page.goto(`${h.url}/console/persons`);
      await heading(v.page, 'Persons');
      await v.page.getByRole('row', { name: /Jane Amelia Doe/ }).waitFor(WAIT);
      await expectNoSidewaysScroll(v.page);
      await checkPage(v.page, `console-persons-${look}`);
      expect(await v.problems()).to.deep.equal([]);
      await v.close();
    }
    const p = await pageAs(browser, h, analyst);
    await p.page.goto(`${h.url}/console/persons`);
    await heading(p.page, 'Persons');
    await p.page.getByRole('searchbox', { name: 'Name or email' }).fill('nobody at all');
    await p.page.getByRole('button', { name: 'Search' }).click();
    await p.page.getByText('No person matches this search.').waitFor(WAIT);
    await p.page.getByRole('searchbox', { name: 'Name or email' }).fill('JD@SECOND');
    await p.page.getByRole('button', { name: 'Search' }).click();
    const rows = p.page.getByRole('row');
    await untilFrame(p.page, () => rows.count(), 2);
    await p.page.getByRole('link', { name: 'Jane Amelia Doe' }).click();
    await heading(p.page, 'Jane Amelia Doe');
    const cases = p.page.locator('section.case-section', { has: p.page.getByRole('heading', { level: 2, name: 'Cases', exact: true }) }).getByRole('listitem');
    expect(await cases.allInnerTexts()).to.have.lengthOf(2);
    expect(await cases.nth(0).innerText()).to.match(new RegExp(`^${second.caseId} · Second Registry Ltd · linked .* · Unlinked .* Different middle name on the passport$`));
    expect(await cases.nth(1).innerText()).to.match(new RegExp(`^${first.caseId} · First Registry Ltd · linked `));
    const docs = await p.page.locator('section.case-section', { has: p.page.getByRole('heading', { level: 2, name: 'ID documents', exact: true }) }).innerText();
    expect(docs).to.match(new RegExp(`Passport · jane-passport\\.pdf from ${first.caseId} · attached .* · valid until 2032-05-06`));
    await checkPage(p.page, 'console-person');
    expect(await p.problems()).to.deep.equal([]);
    await p.close();
  });

  it('a compliance admin sets the reuse window on Organisation settings; an analyst only sees it', async () => {
    const tenant = await h.tenant('Window Ltd');
    const admin = await h.member('compliance_admin', tenant);
    const analyst = await h.member('analyst', tenant);
    const w = await pageAs(browser, h, admin);
    await w.page.goto(`${h.url}/console/settings/organisation`);
    await heading(w.page, 'Organisation settings');
    const field = w.page.getByRole('textbox', { name: 'Reuse window (days)' });
    await untilFrame(w.page, () => field.inputValue(), '365');
    const panel = w.page.locator('section.panel', { has: w.page.getByRole('heading', { level: 2, name: 'Reuse of ID documents' }) });
    await field.fill('0');
    await panel.getByRole('button', { name: 'Save changes' }).click();
    await w.page.getByText('Must be a whole number of days from 1 to 1825').waitFor(WAIT);
    await field.fill('90');
    await panel.getByRole('button', { name: 'Save changes' }).click();
    await panel.getByRole('status').filter({ hasText: 'Saved. ID documents are reusable for 90 days.' }).waitFor(WAIT);
    await checkPage(w.page, 'console-organisation-reuse-window');
    expect(await w.problems()).to.deep.equal([]);
    await w.close();

    const v = await pageAs(browser, h, analyst);
    await v.page.goto(`${h.url}/console/settings/organisation`);
    await heading(v.page, 'Organisation settings');
    await v.page.getByText('90 days.').waitFor(WAIT);
    await v.close();
  });
});
