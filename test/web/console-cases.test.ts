import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { operatorActor } from '../../src/access/index';
import { openCase } from '../../src/onboarding/index';
import { type Services } from '../../src/platform/index';
import type { Tenant } from '../../src/tenants/index';
import { newCase, setRouted, setStatus } from '../graphql/case-support';
import { ConsoleHarness } from '../graphql/harness';
import { newApiClient } from '../oauth/harness';
import { seedDocument, seedHit, seedParty } from '../rest/factories';
import { decodeQp, mailingTo, startSmtp, type TestSmtp } from '../support/smtp';
import { checkPage, closeAll, expectNoSidewaysScroll, heading, LOOKS, pageAs, said, startConsoleInChromium, untilFrame, WAIT, watchedPage, type Look } from '../support/browser';
import { TestClock } from '../support/clock';
import { drainJobs, runtime } from '../support/runtime';

/** The console's sign-in, password and case pages in Chromium against the real server and databases. */
describe('web console: sign-in and case pages in Chromium', function () {
  this.timeout(120_000);
  let h: ConsoleHarness;
  let browser: Browser;
  let smtp: TestSmtp;
  let worker: Services;

  before(async () => {
    ({ h, browser } = await startConsoleInChromium());
    smtp = await startSmtp();
    worker = mailingTo(h.svc, smtp, 'console@svc.example');
  });
  after(() => closeAll(browser, h, smtp));

  /** Runs the queued jobs (the member mails) with the test's SMTP mailer; then the links of the mails to `email`. */
  const linksTo = async (orgId: string, email: string, path: string): Promise<string[]> => {
    const rt = await runtime();
    await drainJobs(rt, { orgId, svc: worker });
    const mails = smtp.received.filter((m) => m.to.includes(email)).map((m) => decodeQp(m.raw));
    return mails.flatMap((m) => [...new Set(m.match(new RegExp(`https?://[^\\s"<>]+${path}\\?token=[A-Za-z0-9_-]+`, 'g')) ?? [])]);
  };

  /** Fills the sign-in form and presses Sign in; resolves when the server has answered. */
  const signInThroughPage = async (page: Page, email: string, password: string) => {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    const answered = page.waitForResponse((r) => r.url() === `${h.url}/graphql` && r.request().postData()?.includes('mutation SignIn') === true, WAIT);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await answered;
  };
  const alertTexts = (page: Page) => page.getByRole('alert').locator('p').allTextContents();
  const openCasePage = async (page: Page, caseId: string, company: string) => {
    await page.goto(`${h.url}/console/cases/${caseId}`);
    await heading(page, company);
  };
  const statusFact = (page: Page) => page.locator('dl.case-facts dt:text-is("Status") + dd').innerText();
  const actionButtons = (page: Page) => page.locator('.case-actions .button').allTextContents();
  /** A case waiting for an analyst's decision. */
  const caseInReview = async (tenant: Tenant, companyName: string) => {
    const c = await newCase(h.svc, tenant, { companyName });
    await setStatus(h.svc, c.pk, 'in_review');
    return c;
  };

  it('signs in through the page: a wrong password is said in words, the right one goes on to the page asked for; Sign out ends it', async () => {
    const member = await h.member('mlro', await h.tenant('Sign In Ltd'));
    for (const look of Object.keys(LOOKS) as Look[]) {
      const w = await watchedPage(browser, LOOKS[look]);
      await w.page.goto(`${h.url}/console/cases?status=in_review`);
      await w.page.waitForURL(`${h.url}/console/sign-in?next=%2Fconsole%2Fcases%3Fstatus%3Din_review`, WAIT);
      await heading(w.page, 'Sign in');
      expect(await w.page.getByRole('button', { name: 'Sign out' }).count()).to.equal(0);

      await signInThroughPage(w.page, member.email, 'not the right password');
      await w.page.getByRole('alert').waitFor(WAIT);
      expect(await alertTexts(w.page)).to.deep.equal(['Please sign in', 'The email or password is incorrect.']);
      expect(w.page.url()).to.contain('/console/sign-in');
      await expectNoSidewaysScroll(w.page);
      await checkPage(w.page, `console-sign-in-error-${look}`);

      await signInThroughPage(w.page, member.email, member.password);
      await heading(w.page, 'Cases');
      expect(w.page.url()).to.equal(`${h.url}/console/cases?status=in_review`);
      const header = w.page.locator('header.topbar');
      expect(await header.locator('.member-name').textContent()).to.equal(`mlro ${member.email.split('.')[1]}`);
      expect(await header.locator('.member-role').textContent()).to.equal('MLRO · Sign In Ltd');

      await w.page.getByRole('button', { name: 'Sign out' }).click();
      await heading(w.page, 'Sign in');
      expect(w.page.url()).to.equal(`${h.url}/console/sign-in`);
      expect(await header.locator('.member-name').count()).to.equal(0);
      // The session is over on the server too: the cases list asks to sign in again.
      await w.page.goto(`${h.url}/console/cases`);
      await w.page.waitForURL(`${h.url}/console/sign-in?next=%2Fconsole%2Fcases`, WAIT);
      expect(await w.problems()).to.deep.equal([]);
      await w.close();
    }
  });

  it('after five wrong passwords the page says how long to wait (RATE_LIMITED)', async () => {
    const member = await h.member('analyst');
    const w = await watchedPage(browser);
    // The server's clock stands still meanwhile: the sixth try comes within the throttle's second however slow the machine.
    const realClock = h.svc.clock;
    h.svc.clock = new TestClock();
    try {
      await w.page.goto(`${h.url}/console/sign-in`);
      for (let i = 0; i < 5; i++) {
        await signInThroughPage(w.page, member.email, `wrong password ${i}`);
        await w.page.getByRole('alert').filter({ hasText: 'The email or password is incorrect.' }).waitFor(WAIT);
      }
      await signInThroughPage(w.page, member.email, member.password);
      await w.page.getByRole('alert').filter({ hasText: 'Too many' }).waitFor(WAIT);
      expect(await alertTexts(w.page)).to.deep.equal(['Too many attempts', 'Too many sign-in attempts. Wait 1 second and try again.']);
      expect(w.page.url()).to.equal(`${h.url}/console/sign-in`);
    } finally {
      h.svc.clock = realClock;
    }
    await w.close();
  });

  it('accepts an invitation (the password rule next to the field) and resets a forgotten password, through the emailed links', async () => {
    const tenant = await h.tenant('Links Ltd');
    const admin = await h.signedIn('admin', tenant);
    const email = `nora.${tenant.id.slice(0, 8)}@console.example`;
    await admin.data('mutation($email: String!) { inviteMember(email: $email, name: "Nora New", role: analyst) { id } }', { email });
    const [invitation] = await linksTo(tenant.id, email, '/console/accept-invitation');
    expect(invitation).to.be.a('string');

    const w = await watchedPage(browser, LOOKS['dark-360']);
    await w.page.goto(invitation!);
    await heading(w.page, 'Accept your invitation');
    const password = w.page.getByLabel('New password', { exact: true });
    await password.fill('too short');
    await w.page.getByRole('button', { name: 'Set password' }).click();
    const fieldError = w.page.locator('.field-error');
    await fieldError.waitFor(WAIT);
    expect(await fieldError.textContent()).to.equal('Must be at least 12 characters.');
    // The error is the field's: screen readers hear it with the field.
    expect(await password.getAttribute('aria-invalid')).to.equal('true');
    const describedBy = await Promise.all((await password.getAttribute('aria-describedby'))!.split(' ').map((id) => w.page.locator(`[id="${id}"]`).textContent()));
    expect(describedBy).to.include('Must be at least 12 characters.');
    await expectNoSidewaysScroll(w.page);
    await checkPage(w.page, 'console-accept-invitation-dark-360');
    await password.fill('qwerty123456');
    await w.page.getByRole('button', { name: 'Set password' }).click();
    await w.page.locator('.field-error', { hasText: 'exposed in data breaches' }).waitFor(WAIT);
    expect(await fieldError.textContent()).to.equal('Is on a list of passwords exposed in data breaches; choose another.');
    await password.fill('nora picks a good pass phrase');
    await w.page.getByRole('button', { name: 'Set password' }).click();
    await w.page.getByRole('status').filter({ hasText: 'Your password is set.' }).waitFor(WAIT);
    await w.page.getByRole('link', { name: 'Sign in' }).click();
    await heading(w.page, 'Sign in');
    await signInThroughPage(w.page, email, 'nora picks a good pass phrase');
    await heading(w.page, 'Cases');

    // Forgotten password: the request page, the emailed link, the new password.
    await w.page.getByRole('button', { name: 'Sign out' }).click();
    await heading(w.page, 'Sign in');
    await w.page.getByRole('link', { name: 'Forgot your password?' }).click();
    await heading(w.page, 'Reset your password');
    // A fresh load for axe: React Aria's announcements of the pending buttons pressed above (kept 7 s in a
    // live region outside the app) point at buttons of pages that are gone.
    await w.page.reload();
    await heading(w.page, 'Reset your password');
    await checkPage(w.page, 'console-forgot-password-dark-360');
    await w.page.getByLabel('Email').fill(email);
    await w.page.getByRole('button', { name: 'Send reset link' }).click();
    await heading(w.page, 'Check your email');
    expect(await w.page.getByRole('status').textContent()).to.equal(`If ${email} belongs to a member, we have sent it a link to choose a new password. The link works once, within an hour.`);
    const [reset] = await linksTo(tenant.id, email, '/console/reset-password');
    await w.page.goto(reset!);
    await heading(w.page, 'Choose a new password');
    await checkPage(w.page, 'console-reset-password-dark-360');
    await w.page.getByLabel('New password', { exact: true }).fill('a brand new pass phrase');
    await w.page.getByRole('button', { name: 'Set new password' }).click();
    await w.page.getByRole('status').filter({ hasText: 'Your password is changed.' }).waitFor(WAIT);
    // The link works once: opened again, the server's words say so.
    await w.page.goto(reset!);
    await w.page.getByLabel('New password', { exact: true }).fill('yet another pass phrase');
    await w.page.getByRole('button', { name: 'Set new password' }).click();
    await w.page.getByRole('alert').waitFor(WAIT);
    expect(await alertTexts(w.page)).to.deep.equal(['Please check what you entered', 'This link is invalid, has expired or has already been used. Ask for a new one.']);
    expect(await w.page.getByRole('link', { name: 'Ask for a new link' }).isVisible()).to.equal(true);
    await w.page.goto(`${h.url}/console/sign-in`);
    await signInThroughPage(w.page, email, 'a brand new pass phrase');
    await heading(w.page, 'Cases');
    expect(await w.problems()).to.deep.equal([]);
    await w.close();
  });

  it('New case opens a case that the list shows; an API case from Salesforce carries its badge; filters narrow the list', async () => {
    const tenant = await h.tenant('Acme Compliance');
    const analyst = await h.member('analyst', tenant);
    const w = await pageAs(browser, h, analyst);
    await w.page.goto(`${h.url}/console/cases`);
    await heading(w.page, 'Cases');
    await w.page.getByText('No cases yet.').waitFor(WAIT);

    // New case: the server's field error sits next to its field.
    await w.page.getByRole('button', { name: 'New case' }).click();
    const dialog = w.page.getByRole('dialog', { name: 'New case' });
    await dialog.waitFor(WAIT);
    await dialog.getByLabel('Company name').fill('Handmade Ltd');
    await dialog.getByText('Email the customer an invitation').click();
    expect(await dialog.getByRole('checkbox', { name: 'Email the customer an invitation' }).isChecked()).to.equal(true);
    await dialog.getByRole('button', { name: 'Create case' }).click();
    await dialog.locator('.field-error').waitFor(WAIT);
    expect(await dialog.locator('.field-error').textContent()).to.equal('Is required to send the invite.');
    expect(await dialog.getByLabel('Customer email').getAttribute('aria-invalid')).to.equal('true');
    await checkPage(w.page, 'console-new-case-light');
    await dialog.getByLabel('Customer email').fill('jo@handmade.example');
    await dialog.getByLabel('Customer name').fill('Jo Hand');
    await dialog.getByRole('button', { name: 'Create case' }).click();
    await dialog.waitFor({ state: 'detached', ...WAIT });
    const created = w.page.getByRole('status').locator('.notice-ok');
    await created.waitFor(WAIT);
    const manualId = (await created.getByRole('link').textContent())!;
    expect(manualId).to.match(/^CS-\d{4}-00001$/);
    expect(await created.textContent()).to.equal(`Case ${manualId} created for Handmade Ltd.`);
    // The company is the link, with the case's short reference under it; a Stage column; no id column.
    const manualRow = w.page.getByRole('row', { name: /^Handmade Ltd/ });
    await manualRow.waitFor(WAIT);
    // (The first cell is the row's selection checkbox, for the bulk actions.)
    const cells = await manualRow.locator('[role="rowheader"], [role="gridcell"]:not(.select-cell)').allInnerTexts();
    expect(cells.slice(0, 8)).to.deep.equal(['Handmade Ltd\nC-1', 'Jo Hand', 'In progress', 'Created', 'Not assessed', 'No SLA', 'Unassigned', 'Manual']);
    expect(cells[8]).to.match(/\d{4}/);
    expect(await manualRow.getByRole('link', { name: 'Handmade Ltd' }).getAttribute('href')).to.equal(`/console/cases/${manualId}`);

    // A case through the API, from Salesforce.
    const client = await newApiClient(h.svc, tenant.id, 'cases:write');
    const token = await (await fetch(`${h.url}/v1/oauth/token`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret }),
    })).json() as { access_token: string };
    const res = await fetch(`${h.url}/v1/cases`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token.access_token}` },
      body: JSON.stringify({ customerEmail: 'ada@globex.example', companyName: 'Globex Trading', customerName: 'Ada Lovelace', crmSource: 'Salesforce', crmRecordId: '0065g00000XyZ', sendInvite: false }),
    });
    expect(res.status).to.equal(201);
    const apiCase = await res.json() as { caseId: string };
    const third = await newCase(h.svc, tenant, { companyName: 'Initech Holdings' });
    await h.svc.db.query("UPDATE cases SET risk_band = 'high', risk_score = 81.5 WHERE pk = ?", [third.pk]);
    await w.page.reload();
    const apiRow = w.page.getByRole('row', { name: /^Globex Trading/ });
    await apiRow.waitFor(WAIT);
    expect(await apiRow.locator('.badge-api').textContent()).to.equal('API · Salesforce');
    // An API case keeps its UUID caseId (the link) and shows its short reference.
    expect(await apiRow.getByRole('link', { name: 'Globex Trading' }).getAttribute('href')).to.equal(`/console/cases/${apiCase.caseId}`);
    expect(await apiRow.locator('.case-ref').textContent()).to.equal('C-2');
    expect(await w.page.locator('.badge-api').count()).to.equal(1);
    expect(await w.page.getByRole('row').count()).to.equal(4); // the header and three cases, newest first
    expect(await w.page.locator('[role="rowheader"] .case-link').allInnerTexts()).to.deep.equal(['Initech Holdings', 'Globex Trading', 'Handmade Ltd']);
    expect(await w.page.locator('.list-count').innerText()).to.equal('3 cases');
    await expectNoSidewaysScroll(w.page);
    await checkPage(w.page, 'console-cases');

    // Filters: source, risk band, CRM, search; the address keeps them.
    const choose = async (label: string, option: string) => {
      await w.page.locator('.select', { has: w.page.locator('.react-aria-Label', { hasText: label }) }).getByRole('button').click();
      await w.page.getByRole('option', { name: option, exact: true }).click();
    };
    /** Waits (bounded) until the table lists exactly these cases, in this order. */
    // (A function, not a string: the page's CSP refuses eval. The tests compile without the DOM's types.)
    const rowsAre = (companies: string[]) => w.page.waitForFunction((want: string) => {
      const doc = (globalThis as unknown as { document: { querySelectorAll(s: string): ArrayLike<{ textContent: string | null }> } }).document;
      return JSON.stringify(Array.from(doc.querySelectorAll('[role="rowheader"] .case-link'), (e) => e.textContent)) === want;
    }, JSON.stringify(companies), WAIT);
    await choose('Source', 'API');
    await w.page.waitForURL(/source=api/, WAIT);
    await rowsAre(['Globex Trading']);
    await choose('Source', 'Any source');
    await w.page.waitForURL((u) => !u.search.includes('source'), WAIT);
    await choose('Risk band', 'High');
    await w.page.waitForURL(/risk=high/, WAIT);
    await rowsAre(['Initech Holdings']);
    await w.page.getByRole('button', { name: 'Clear filters' }).click();
    await w.page.waitForURL(`${h.url}/console/cases`, WAIT);
    await w.page.getByRole('textbox', { name: 'CRM' }).fill('Salesforce');
    await w.page.getByRole('button', { name: 'Apply' }).click();
    await w.page.waitForURL(/crm=Salesforce/, WAIT);
    await rowsAre(['Globex Trading']);
    await w.page.getByRole('button', { name: 'Clear filters' }).click();
    await w.page.getByRole('searchbox', { name: 'Search' }).fill('hand');
    await w.page.getByRole('button', { name: 'Search', exact: true }).click();
    await w.page.waitForURL(/q=hand/, WAIT);
    await rowsAre(['Handmade Ltd']);
    await w.page.getByRole('searchbox', { name: 'Search' }).fill('nothing like it');
    await w.page.getByRole('button', { name: 'Search', exact: true }).click();
    await w.page.getByText('No cases match these filters.').waitFor(WAIT);
    expect(await w.problems()).to.deep.equal([]);
    await w.close();

    const phone = await pageAs(browser, h, analyst, 'dark-360');
    await phone.page.goto(`${h.url}/console/cases`);
    await phone.page.getByRole('row', { name: /^Globex Trading/ }).waitFor(WAIT);
    await expectNoSidewaysScroll(phone.page);
    await checkPage(phone.page, 'console-cases-dark-360');
    expect(await phone.problems()).to.deep.equal([]);
    await phone.close();
  });

  it('pages through the list with Next and Previous (keyset cursors)', async () => {
    const tenant = await h.tenant('Paging Ltd');
    for (let i = 1; i <= 27; i++) await openCase(h.svc, operatorActor(tenant.id), { source: 'manual', companyName: `Company ${String(i).padStart(2, '0')}`, customerEmail: null });
    const w = await pageAs(browser, h, await h.member('analyst', tenant));
    await w.page.goto(`${h.url}/console/cases`);
    await w.page.getByRole('row', { name: /^Company 27/ }).waitFor(WAIT);
    const companies = async () => w.page.locator('.table [role="row"] .case-link').allInnerTexts();
    expect(await w.page.getByRole('rowheader').count()).to.equal(25);
    expect((await companies())[0]).to.equal('Company 27');
    expect((await companies())[24]).to.equal('Company 03');
    expect(await w.page.getByRole('button', { name: 'Previous' }).isDisabled()).to.equal(true);
    await w.page.getByRole('button', { name: 'Next' }).click();
    await w.page.getByText('Page 2').waitFor(WAIT);
    await w.page.getByRole('row', { name: /^Company 01/ }).waitFor(WAIT);
    expect(await companies()).to.deep.equal(['Company 02', 'Company 01']);
    expect(await w.page.getByRole('button', { name: 'Next' }).isDisabled()).to.equal(true);
    await w.page.getByRole('button', { name: 'Previous' }).click();
    await w.page.getByRole('row', { name: /^Company 27/ }).waitFor(WAIT);
    expect(await w.page.getByRole('rowheader').count()).to.equal(25);
    await w.close();
  });

  it('approves a case and shows case.decision.made in its timeline, expandable to its payload; owner assignment and document override', async () => {
    const tenant = await h.tenant('Decide Ltd');
    const analyst = await h.member('analyst', tenant);
    const colleague = await h.member('mlro', tenant);
    const c = await caseInReview(tenant, 'Umbrella Corp');
    await h.svc.db.query("UPDATE cases SET risk_band = 'medium', risk_score = 55 WHERE pk = ?", [c.pk]);
    await seedDocument(h.svc, tenant.id, c.pk, { filename: 'incorporation.pdf', extractedData: { companyName: 'Umbrella Corp', registrationNumber: '01234567' } });
    const blurryId = await seedDocument(h.svc, tenant.id, c.pk, { filename: 'blurry-id.pdf', status: 'error' });
    await seedHit(h.svc, tenant.id, c.pk, { hitId: 'hit-1', isPep: true, triaged: true });
    // Screened, dispositioned and routed to an analyst; only the errored document is still open.
    await h.svc.db.query("UPDATE screening_hits SET disposition = 'false_positive', disposition_by = ?, dispositioned_at = NOW(3) WHERE case_pk = ?", [analyst.email, c.pk]);
    await setRouted(h.svc, c.pk);

    for (const look of Object.keys(LOOKS) as Look[]) {
      const w = await pageAs(browser, h, analyst, look);
      await openCasePage(w.page, c.caseId, 'Umbrella Corp');
      await w.page.getByRole('region', { name: 'Decision and open checks' }).waitFor(WAIT);
      await expectNoSidewaysScroll(w.page);
      await checkPage(w.page, `console-case-${look}`);
      expect(await w.problems()).to.deep.equal([]);
      await w.close();
    }

    const w = await pageAs(browser, h, analyst);
    await openCasePage(w.page, c.caseId, 'Umbrella Corp');
    expect(await statusFact(w.page)).to.equal('In review');
    // The dialog, looked at before anything is sent (Cancel sends nothing): the document in error is an open check.
    await w.page.getByRole('button', { name: 'Approve' }).click();
    const blockedDialog = w.page.getByRole('dialog', { name: `Approve case ${c.caseId}` });
    await blockedDialog.waitFor(WAIT);
    expect(await blockedDialog.locator('#open-checks li').allTextContents()).to.deep.equal(['Document blurry-id.pdf is in error.']);
    expect(await blockedDialog.getByLabel('Override reason').count()).to.equal(1);
    await checkPage(w.page, 'console-case-approve-dialog');
    await w.page.getByRole('button', { name: 'Cancel' }).click();
    await w.page.getByRole('dialog').waitFor({ state: 'detached', ...WAIT });
    expect(await w.page.locator('dl.case-facts dt:text-is("Risk band") + dd').innerText()).to.equal('Medium (score 55)');
    expect(await actionButtons(w.page)).to.deep.equal(['Approve', 'Decline', 'Escalate']);
    // Screening hit with its triage; documents with extracted data (their tab).
    await w.page.getByRole('tab', { name: 'Documents and screening' }).click();
    expect(await w.page.locator('.card', { hasText: 'John Doe' }).innerText()).to.contain('Triage: Complete · False positive (87% confident) — Different date of birth.');
    const incorporation = w.page.locator('.card', { hasText: 'incorporation.pdf' });
    await incorporation.getByRole('button', { name: 'Extracted data (2 fields)' }).click();
    expect(await incorporation.locator('.disclosure-panel dl').innerText()).to.equal('companyName\nUmbrella Corp\nregistrationNumber\n01234567');

    // Assign the case to a colleague (the Overview tab).
    await w.page.getByRole('tab', { name: 'Overview' }).click();
    await w.page.locator('.assign .select-button').click();
    await w.page.getByRole('option', { name: new RegExp(colleague.email.replace(/[.]/g, '\\.')) }).click();
    await w.page.getByRole('button', { name: 'Assign', exact: true }).click();
    await said(w.page, 'The case is assigned to');
    expect(await w.page.locator('dl.case-facts dt:text-is("Owner") + dd').innerText()).to.equal(`mlro ${colleague.email.split('.')[1]} (${colleague.email})`);

    // The errored document: override to approved with a note.
    await w.page.getByRole('tab', { name: 'Documents and screening' }).click();
    const blurry = w.page.locator('.card', { hasText: 'blurry-id.pdf' });
    await blurry.getByRole('button', { name: 'Override status' }).click();
    const override = w.page.getByRole('dialog', { name: 'Override the status of blurry-id.pdf' });
    await override.getByText('Approved', { exact: true }).click();
    await override.getByLabel('Note').fill('Readable on the second page.');
    await override.getByRole('button', { name: 'Save status' }).click();
    await said(w.page, 'blurry-id.pdf is now approved.');
    expect(await blurry.locator('.badge').first().textContent()).to.equal('Approved');
    expect(await blurry.getByRole('button', { name: 'Override status' }).count()).to.equal(0);

    // Approve: nothing open any more, so no override reason is asked.
    await w.page.getByRole('button', { name: 'Approve' }).click();
    const approve = w.page.getByRole('dialog', { name: `Approve case ${c.caseId}` });
    await approve.getByLabel('Notes').fill('All checks passed.');
    expect(await approve.getByLabel('Override reason').count()).to.equal(0);
    await approve.getByRole('button', { name: 'Approve case' }).click();
    await said(w.page, 'The case is approved.');
    await w.page.locator('dl.case-facts dd .badge-ok', { hasText: 'Approved' }).waitFor(WAIT);
    // An analyst may not reopen: no action is offered on an approved case.
    expect(await w.page.locator('.case-actions').count()).to.equal(0);
    expect(await w.page.getByRole('button', { name: 'Reopen' }).count()).to.equal(0);
    // The decision, its notes, and what it rested on (the provenance, collapsed): on the Overview tab.
    await w.page.getByRole('tab', { name: 'Overview' }).click();
    const decided = (await w.page.locator('section[aria-labelledby="decisions-title"] > ul').innerText()).split('\n').map((l) => l.trim()).filter(Boolean);
    expect(decided[0]).to.match(new RegExp(`^Approved .+ by ${analyst.email.replace(/\./g, '\\.')}$`));
    expect(decided[1]).to.equal('All checks passed.');
    expect(decided[2], 'the provenance, collapsed').to.match(/What it rested on$/);

    // The Activity tab: the events in sentences naming who did what, each with its payload one click away.
    await w.page.getByRole('tab', { name: 'Activity' }).click();
    const decision = w.page.getByRole('button', { name: 'Event data of case.decision.made' });
    await decision.waitFor(WAIT);
    expect(await decision.getAttribute('aria-expanded')).to.equal('false');
    await decision.click();
    const payload = JSON.parse((await w.page.getByLabel('Payload of case.decision.made').textContent())!) as Record<string, unknown>;
    expect(payload).to.deep.include({ event: 'case.decision.made', caseId: c.caseId, outcome: 'approved', notes: 'All checks passed.', analystEmail: analyst.email });
    const name = `analyst ${analyst.email.split('.')[1]}`;
    const sentences = await w.page.locator('.timeline .timeline-sentence').allInnerTexts();
    expect(sentences.slice(0, 3)).to.have.members([
      `${name} approved the case: All checks passed.`, `${name} moved the case from in review to approved.`, 'The case reached the stage “Decision made”.',
    ]);
    expect(sentences).to.include.members([
      `${name} overrode the error of document #${blurryId} and approved it by hand: Readable on the second page.`,
      `${name} assigned the case to mlro ${colleague.email.split('.')[1]}.`,
      'The service operator opened the case by hand for Umbrella Corp.',
    ]);
    expect(await w.problems()).to.deep.equal([]);
    await w.close();
  });

  it('approving over open checks asks for an override reason and, with four-eyes on, waits for another member to approve it', async () => {
    const tenant = await h.tenant('Override Ltd');
    const analyst = await h.member('analyst', tenant);
    const colleague = await h.member('analyst', tenant);
    const c = await caseInReview(tenant, 'Override Corp');
    await seedParty(h.svc, tenant.id, c.pk, { kind: 'director', position: 0, name: 'Olive Owner' });

    const w = await pageAs(browser, h, analyst);
    await openCasePage(w.page, c.caseId, 'Override Corp');
    await w.page.getByRole('button', { name: 'Approve' }).click();
    const approve = w.page.getByRole('dialog', { name: `Approve case ${c.caseId}` });
    expect(await approve.locator('#open-checks li').allTextContents()).to.deep.equal([
      'Identity verification of Olive Owner has not passed (no verification sent).', 'The decision policy has not routed the case yet.',
    ]);
    await approve.getByLabel('Notes').fill('Approve.');
    await approve.getByRole('button', { name: 'Approve over open checks' }).click();
    // The reason is required: the browser says so before anything is sent.
    expect(await approve.getByLabel('Override reason').evaluate((el) => (el as unknown as { validity: { valueMissing: boolean } }).validity.valueMissing)).to.equal(true);
    await approve.getByLabel('Override reason').fill('Director met in person; passport seen.');
    await approve.getByRole('button', { name: 'Approve over open checks' }).click();
    await said(w.page, 'The approval waits for a second member to approve it.');
    // Looked at afresh (React Aria's announcer keeps its transient messages of the dialog until a reload).
    await openCasePage(w.page, c.caseId, 'Override Corp');
    expect(await statusFact(w.page)).to.equal('In review');
    const notice = w.page.getByRole('group', { name: 'Approval over open checks awaiting a second approver' });
    expect(await notice.innerText()).to.contain(`${analyst.email} asked to approve on`).and.contain('Director met in person; passport seen.').and.contain('Another member must approve or reject it.');
    expect(await notice.getByRole('button').count(), 'the requester may not sign it off').to.equal(0);
    await checkPage(w.page, 'console-case-pending-override');
    expect(await w.problems()).to.deep.equal([]);
    await w.close();

    const other = await pageAs(browser, h, colleague);
    await openCasePage(other.page, c.caseId, 'Override Corp');
    await other.page.getByRole('button', { name: 'Approve override' }).click();
    await said(other.page, 'The case is approved.');
    await other.page.locator('dl.case-facts dd .badge-ok', { hasText: 'Approved' }).waitFor(WAIT);
    const approved = (await other.page.locator('section[aria-labelledby="decisions-title"] > ul').innerText()).split('\n').map((l) => l.trim()).filter(Boolean);
    expect(approved[0]).to.match(new RegExp(`^Approved .+ by ${analyst.email.replace(/\./g, '\\.')}$`));
    expect(approved[1]).to.equal('Approve.');
    expect(approved[2], 'the provenance, collapsed').to.match(/What it rested on$/);
    expect(await other.problems()).to.deep.equal([]);
    await other.close();
  });

  it('an analyst escalates and an MLRO responds (two browsers); only the roles that may act see the buttons', async () => {
    const tenant = await h.tenant('Escalate Ltd');
    const analyst = await h.member('analyst', tenant);
    const mlro = await h.member('mlro', tenant);
    const c = await caseInReview(tenant, 'Stark Industries');

    const a = await pageAs(browser, h, analyst);
    const m = await pageAs(browser, h, mlro, 'dark-360');
    await openCasePage(a.page, c.caseId, 'Stark Industries');
    expect(await actionButtons(a.page)).to.deep.equal(['Approve', 'Decline', 'Escalate']);
    await a.page.getByRole('button', { name: 'Escalate' }).click();
    const escalate = a.page.getByRole('dialog', { name: `Escalate case ${c.caseId}` });
    // The note is required: the form says so before anything is sent.
    await escalate.getByRole('button', { name: 'Escalate' }).click();
    await escalate.locator('.field-error').waitFor(WAIT);
    await escalate.getByLabel('Note for the senior reviewer').fill('Director matches a PEP list; please review.');
    await escalate.getByRole('button', { name: 'Escalate' }).click();
    await said(a.page, 'The case is escalated for senior review.');
    expect(await statusFact(a.page)).to.equal('Pending senior review');
    expect(await a.page.getByRole('button', { name: 'Respond to escalation' }).count()).to.equal(0);
    expect(await a.page.getByRole('button', { name: 'Reopen' }).count()).to.equal(0);
    expect(await a.page.getByRole('region', { name: 'Decision and open checks' }).locator('.empty').textContent())
      .to.equal('Nothing to do here for your role while the case is pending senior review.');

    await openCasePage(m.page, c.caseId, 'Stark Industries');
    expect(await actionButtons(m.page)).to.deep.equal(['Respond to escalation']);
    await m.page.getByRole('button', { name: 'Respond to escalation' }).click();
    const respond = m.page.getByRole('dialog', { name: `Respond to the escalation of ${c.caseId}` });
    await respond.getByText('Refer', { exact: true }).click();
    expect(await respond.getByRole('radio', { name: 'Refer' }).isChecked()).to.equal(true);
    await respond.getByLabel('Note').fill('Refer to enhanced due diligence.');
    await checkPage(m.page, 'console-case-respond-dialog-dark-360');
    await respond.getByRole('button', { name: 'Send response' }).click();
    await said(m.page, 'Your response is recorded');
    expect(await statusFact(m.page)).to.equal('Returned');
    await m.page.getByRole('tab', { name: 'Activity' }).click();
    const responded = m.page.getByRole('button', { name: 'Event data of escalation.responded' });
    await responded.click();
    const payload = JSON.parse((await m.page.getByLabel('Payload of escalation.responded').textContent())!) as Record<string, unknown>;
    expect(payload).to.deep.include({ recommendation: 'refer', note: 'Refer to enhanced due diligence.', respondedBy: mlro.email });

    // Back with the analysts, who decline; the MLRO may reopen a declined case, the analyst may not.
    await a.page.reload();
    await a.page.locator('.case-actions').waitFor(WAIT);
    expect(await actionButtons(a.page)).to.deep.equal(['Approve', 'Decline', 'Escalate']);
    await a.page.getByRole('button', { name: 'Decline' }).click();
    const decline = a.page.getByRole('dialog', { name: `Decline case ${c.caseId}` });
    await decline.getByLabel('Notes').fill('Refused after enhanced due diligence.');
    await decline.getByRole('button', { name: 'Decline case' }).click();
    await said(a.page, 'The case is declined.');
    expect(await statusFact(a.page)).to.equal('Declined');
    expect(await a.page.getByRole('button', { name: 'Reopen' }).count()).to.equal(0);

    await m.page.reload();
    await m.page.getByRole('button', { name: 'Reopen' }).waitFor(WAIT);
    expect(await actionButtons(m.page)).to.deep.equal(['Reopen']);
    await m.page.getByRole('button', { name: 'Reopen' }).click();
    const reopen = m.page.getByRole('dialog', { name: `Reopen case ${c.caseId}` });
    await reopen.getByLabel('Reason').fill('New ownership documents arrived.');
    await reopen.getByRole('button', { name: 'Reopen case' }).click();
    await said(m.page, 'The case is reopened');
    expect(await statusFact(m.page)).to.equal('In review');
    expect(await a.problems()).to.deep.equal([]);
    expect(await m.problems()).to.deep.equal([]);
    await a.close();
    await m.close();
  });

  it('works by keyboard alone: sign in, New case, a case\'s action dialog and the timeline', async () => {
    const tenant = await h.tenant('Keys Ltd');
    const analyst = await h.member('analyst', tenant);
    const c = await caseInReview(tenant, 'Keyboard Ltd');
    const w = await watchedPage(browser);
    const focused = () => w.page.evaluate<string | null | undefined>("document.activeElement?.getAttribute('name') ?? document.activeElement?.textContent");
    // React Aria moves focus a frame after a dialog opens or leaves: wait (bounded) for `want`, then say where focus is.
    const focusedAfterAFrame = (want: string) => untilFrame(w.page, focused, want);
    await w.page.goto(`${h.url}/console/sign-in?next=%2Fconsole%2Fcases`);
    await heading(w.page, 'Sign in');
    expect(await focusedAfterAFrame('email')).to.equal('email');
    await w.page.keyboard.type(analyst.email);
    await w.page.keyboard.press('Tab');
    await w.page.keyboard.type(analyst.password);
    await w.page.keyboard.press('Enter');
    await heading(w.page, 'Cases');

    await w.page.getByRole('button', { name: 'New case' }).focus();
    await w.page.keyboard.press('Enter');
    await w.page.getByRole('dialog', { name: 'New case' }).waitFor(WAIT);
    expect(await focusedAfterAFrame('companyName')).to.equal('companyName');
    await w.page.keyboard.type('Typed Ltd');
    await w.page.keyboard.press('Enter');
    await w.page.getByRole('dialog').waitFor({ state: 'detached', ...WAIT });
    await w.page.getByRole('status').filter({ hasText: 'created for Typed Ltd.' }).waitFor(WAIT);

    await openCasePage(w.page, c.caseId, 'Keyboard Ltd');
    await w.page.getByRole('button', { name: 'Escalate' }).focus();
    await w.page.keyboard.press('Enter');
    const dialog = w.page.getByRole('dialog', { name: `Escalate case ${c.caseId}` });
    await dialog.waitFor(WAIT);
    expect(await focusedAfterAFrame('note')).to.equal('note');
    await w.page.keyboard.press('Escape'); // closes, sends nothing, focus back on the button
    await dialog.waitFor({ state: 'detached', ...WAIT });
    expect(await focusedAfterAFrame('Escalate')).to.equal('Escalate');
    // To the Activity tab by keyboard: the tab list's arrows (End goes to the last tab), then Tab into it.
    await w.page.getByRole('tab', { name: 'Overview' }).focus();
    await w.page.keyboard.press('End');
    expect(await untilFrame(w.page, () => w.page.getByRole('tab', { selected: true }).innerText(), 'Activity')).to.equal('Activity');
    const created = w.page.getByRole('button', { name: 'Event data of case.created' });
    await created.focus();
    await w.page.keyboard.press('Enter');
    expect(await created.getAttribute('aria-expanded')).to.equal('true');
    await w.page.getByLabel('Payload of case.created').waitFor(WAIT);
    expect(await statusFact(w.page)).to.equal('In review');
    expect(await w.problems()).to.deep.equal([]);
    await w.close();
  });

  it('a refused action shows the server\'s words: the case moved on in another browser', async () => {
    const tenant = await h.tenant('Race Ltd');
    const c = await caseInReview(tenant, 'Wayne Enterprises');
    const w = await pageAs(browser, h, await h.member('analyst', tenant));
    await openCasePage(w.page, c.caseId, 'Wayne Enterprises');
    await setStatus(h.svc, c.pk, 'approved'); // decided elsewhere meanwhile
    await w.page.getByRole('button', { name: 'Decline' }).click();
    const decline = w.page.getByRole('dialog', { name: `Decline case ${c.caseId}` });
    await decline.getByLabel('Notes').fill('Too late.');
    await decline.getByRole('button', { name: 'Decline case' }).click();
    await decline.getByRole('alert').waitFor(WAIT);
    expect(await decline.getByRole('alert').locator('p').allTextContents()).to.deep.equal([
      'This clashes with something that already exists',
      `Case ${c.caseId} is approved; it can only be decided when it is in_review or returned.`,
    ]);
    await w.close();
  });

  it('an unknown case id says so, and a page of the console without a session goes to sign-in first', async () => {
    const analyst = await h.member('analyst');
    const w = await pageAs(browser, h, analyst);
    await w.page.goto(`${h.url}/cases?case=CS-2000-99999`);
    await w.page.getByText('There is no case CS-2000-99999 in your organisation.').waitFor(WAIT);
    await heading(w.page, 'Case CS-2000-99999');
    expect(w.page.url()).to.equal(`${h.url}/console/cases/CS-2000-99999`);
    // Without a session, the same address asks to sign in first and comes back to the case.
    const anonymous = await watchedPage(browser);
    await anonymous.page.goto(`${h.url}/cases?case=CS-2000-99999`);
    await anonymous.page.waitForURL(`${h.url}/console/sign-in?next=%2Fconsole%2Fcases%2FCS-2000-99999`, WAIT);
    await signInThroughPage(anonymous.page, analyst.email, analyst.password);
    await anonymous.page.getByText('There is no case CS-2000-99999 in your organisation.').waitFor(WAIT);
    expect(anonymous.page.url()).to.equal(`${h.url}/console/cases/CS-2000-99999`);
    await anonymous.close();
    await w.close();
  });
});

