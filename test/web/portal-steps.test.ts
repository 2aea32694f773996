import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import type { Tenant } from '../../src/tenants/index';
import { ConsoleHarness } from '../graphql/harness';
import { completeApplication, invitedCase, portalClient, redeem, seedDocument } from '../portal/support';
import { checkPage, closeAll, expectNoSidewaysScroll, LOOKS, startConsoleInChromium, WAIT, watchedPage, type WatchedPage } from '../support/browser';

/** A phone: 390 px wide (the width the issue was seen at). */
const PHONE = { viewport: { width: 390, height: 844 }, colorScheme: 'light' } as const;

/**
 * The portal's promises in Chromium: each step checked when saved (the conditional countries, each person's email),
 * a website without a scheme accepted, answers saved as the customer types (and a warning before leaving what
 * could not be saved), the review required and a confirmation naming what cannot change, the ended session's
 * page in the tenant's branding with a working "Send me a new link", and the phone's "Step 2 of 5".
 */
describe('web portal steps in Chromium: validation per step, drafts, review and confirmation, the ended session', function () {
  this.timeout(120_000);
  let h: ConsoleHarness;
  let browser: Browser;
  before(async () => ({ h, browser } = await startConsoleInChromium()));
  after(() => closeAll(browser, h));

  async function brandedTenant(): Promise<Tenant> {
    const tenant = await h.tenant();
    await h.svc.db.query(`UPDATE tenants SET name = 'Northwind Compliance', brand_color = '#0F766E', logo_url = NULL WHERE id = ?`, [tenant.id]);
    return tenant;
  }

  /** Opens a case's magic link in the browser and presses Start, as the customer does (the app keeps the used link for a new one). */
  async function startFromLink(page: Page, linkToken: string): Promise<void> {
    await page.goto(`${h.url}/portal/invite?token=${linkToken}`);
    await page.getByRole('button', { name: 'Start your onboarding' }).click();
    await page.getByRole('link', { name: 'Continue to your application' }).click(WAIT);
    await page.getByRole('heading', { level: 1, name: 'Your application' }).waitFor(WAIT);
  }

  const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true }).waitFor(WAIT);

  async function chooseCountry(scope: ReturnType<Page['locator']> | Page, label: string, typed: string, option: string) {
    const box = scope.getByRole('combobox', { name: label, exact: true });
    const page = box.page();
    await box.scrollIntoViewIfNeeded();
    await box.fill(typed);
    await page.getByRole('option', { name: option, exact: true }).waitFor(WAIT);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
  }

  async function look(w: WatchedPage, name: string) {
    await expectNoSidewaysScroll(w.page);
    await checkPage(w.page, name);
  }

  /** Words split inside a word: an element whose text wraps where no space is (e.g. "Document s"). */
  async function midWordBreaks(page: Page, selector: string): Promise<string[]> {
    return page.evaluate<string[]>(`(() => {
      const broken = [];
      for (const el of document.querySelectorAll(${JSON.stringify(selector)})) {
        for (const word of (el.textContent || '').split(/\\s+/).filter(Boolean)) {
          const range = document.createRange();
          const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
          let node;
          while ((node = walker.nextNode())) {
            const at = node.textContent.indexOf(word);
            if (at < 0) continue;
            range.setStart(node, at);
            range.setEnd(node, at + word.length);
            if (range.getClientRects().length > 1) broken.push(word);
            break;
          }
        }
      }
      return broken;
    })()`);
  }

  it('on a 390 px phone: "Step 1 of 5", the company step checked when saved (the countries of a ticked box), a scheme-less website taken, plain words only', async () => {
    const tenant = await brandedTenant();
    const c = await invitedCase(h.svc, tenant, { companyName: 'Northwind Traders' });
    const w = await watchedPage(browser, PHONE);
    const { page } = w;
    await startFromLink(page, c.linkToken);
    const [{ reference }] = await h.svc.db.query('SELECT reference FROM cases WHERE pk = ?', [c.pk]);
    expect(await page.getByTestId('case-id').innerText(), 'a short reference, not the UUID').to.equal(reference);
    expect(reference).to.match(/^C-\d+$/);

    await page.getByRole('link', { name: 'Start: company details' }).click();
    await heading(page, 'Company details');
    const stepOf = page.getByTestId('step-of').filter({ visible: true });
    expect(await stepOf.innerText()).to.equal('Step 1 of 5: Company details\nNot started');
    const box = await page.getByRole('navigation', { name: 'Application steps' }).boundingBox();
    expect(box!.height, 'the collapsed stepper is one line, not a 300 px list').to.be.below(80);
    expect(await midWordBreaks(page, '.stepper, .field label')).to.deep.equal([]);

    await page.getByRole('textbox', { name: 'Registration number' }).fill('09876543');
    await chooseCountry(page, 'Country of incorporation', 'United Kin', 'United Kingdom');
    await page.getByRole('textbox', { name: 'Entity type' }).fill('Private limited company');
    await page.getByRole('textbox', { name: 'Date of incorporation' }).fill('2015-03-14');
    await page.getByRole('textbox', { name: 'Registered address' }).fill('1 King Street, London EC2V 8AU');
    await page.getByRole('textbox', { name: 'Business activity' }).fill('Wholesale of electronic components');
    await page.getByRole('textbox', { name: 'Source of funds' }).fill('Trading revenue');
    await page.getByRole('textbox', { name: 'Website' }).fill('northwind.example');
    await page.getByRole('checkbox', { name: 'The company transacts internationally' }).press('Space');
    // The rule is shown before the customer types: the countries are marked required, with why.
    const countries = page.locator('#field-internationalCountries');
    expect(await countries.locator('label').innerText()).to.equal('Countries the company transacts with *');
    expect(await countries.locator('.field-hint').innerText()).to.equal('Required when the company transacts internationally: add each country it buys from or sells to.');

    await page.getByRole('button', { name: 'Save and continue' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Please check what you entered' });
    await alert.waitFor(WAIT);
    expect((await alert.innerText()).split(/\n+/)).to.deep.equal([
      'Please check what you entered', 'This step is not complete yet: 1 answer is missing or invalid.', 'Countries the company transacts with: List the countries the company transacts with.',
    ]);
    expect(await page.locator('#field-internationalCountries .field-error').innerText()).to.equal('List the countries the company transacts with');
    await look(w, 'portal-steps-company-countries-390');

    await chooseCountry(page, 'Countries the company transacts with', 'Germ', 'Germany');
    await page.getByRole('button', { name: 'Remove Germany' }).waitFor(WAIT);
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await heading(page, 'Directors and owners');
    expect(await page.getByTestId('step-of').filter({ visible: true }).innerText()).to.equal('Step 2 of 5: Directors and owners\nNot started');
    const app = await portalClient(h.url, (await w.context.cookies()).find((k) => k.name === 'portal_session')!.value).application.get.query();
    expect(app.companyProfile).to.deep.include({ website: 'https://northwind.example', internationalCountries: ['DE'] });
    // Done means done: every required company field is saved.
    await page.getByTestId('step-of').filter({ visible: true }).click();
    expect(await page.getByRole('navigation', { name: 'Application steps' }).getByRole('listitem').first().innerText()).to.match(/^✓\s*Company details\s*:?\s*Done$/);
    await look(w, 'portal-steps-ownership-390');
    // Chromium logs the landing page's /favicon.ico (404) and the refused step (400) as failed resources.
    expect(await w.problems()).to.deep.equal(['404 (Not Found)', '400 (Bad Request)'].map((s) => `console: Failed to load resource: the server responded with a status of ${s}`));
    await w.close();
  });

  it('asks for each director\'s email and says why; saves as the customer types ("Saved"), and warns before leaving what could not be saved (desktop)', async () => {
    const tenant = await brandedTenant();
    const c = await invitedCase(h.svc, tenant);
    const w = await watchedPage(browser, LOOKS.light);
    const { page } = w;
    await startFromLink(page, c.linkToken);
    await page.goto(`${h.url}/portal/app/ownership`);
    await heading(page, 'Directors and owners');
    const director = page.getByRole('group', { name: /^Director 1/ });
    const email = director.locator('.field-box', { has: page.getByRole('textbox', { name: 'Email' }) });
    expect(await email.locator('label').innerText()).to.equal('Email *');
    expect(await email.locator('.field-hint').innerText()).to.equal('We email each director a link to verify their identity.');
    expect(await director.getByRole('textbox', { name: 'Email' }).getAttribute('aria-required')).to.equal('true');

    await director.getByRole('textbox', { name: 'Full name' }).fill('Grace Hopper');
    await director.getByRole('textbox', { name: 'Date of birth' }).fill('1966-12-09');
    await chooseCountry(director, 'Nationality', 'United States of', 'United States of America');
    await page.getByRole('radio', { name: 'No' }).press('Space');
    await page.getByTestId('autosave').filter({ hasText: 'Saved' }).waitFor(WAIT);
    await page.getByRole('button', { name: 'Save and continue' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Please check what you entered' });
    await alert.waitFor(WAIT);
    expect(await alert.getByRole('listitem').allInnerTexts()).to.deep.equal(['Director 1, Email: Is required: we email each director and owner a link to verify their identity.']);
    expect(await alert.innerText(), 'no developer path on the page').not.to.match(/ownership\.|companyProfile\./);
    await look(w, 'portal-steps-ownership-email-light');

    // Typed and left through the stepper: it was saved as typed, nothing lost.
    await director.getByRole('textbox', { name: 'Email' }).fill('grace@northwind.example');
    await page.getByTestId('autosave').filter({ hasText: 'Saved' }).waitFor(WAIT);
    await page.getByRole('navigation', { name: 'Application steps' }).getByRole('link', { name: /^Company details/ }).click();
    await heading(page, 'Company details');
    await page.getByRole('navigation', { name: 'Application steps' }).getByRole('link', { name: /^Directors and owners/ }).click();
    await heading(page, 'Directors and owners');
    expect(await page.getByRole('group', { name: /^Director 1/ }).getByRole('textbox', { name: 'Email' }).inputValue()).to.equal('grace@northwind.example');
    expect(await page.getByRole('navigation', { name: 'Application steps' }).getByRole('listitem').nth(1).innerText()).to.match(/Directors and owners\s*:?\s*Done$/);

    // What cannot be saved (a website that is no web address) is marked, and leaving asks first.
    await page.getByRole('navigation', { name: 'Application steps' }).getByRole('link', { name: /^Company details/ }).click();
    await heading(page, 'Company details');
    await page.getByRole('textbox', { name: 'Website' }).fill('not a web address');
    await page.getByTestId('autosave').filter({ hasText: 'Not saved' }).waitFor(WAIT);
    expect(await page.locator('#field-website .field-error').innerText()).to.equal('Must be a web address, such as northwind.example or https://northwind.example');
    const asked = new Promise<string>((resolve) => page.once('dialog', (d) => {
      resolve(d.message());
      void d.dismiss();
    }));
    await page.getByRole('navigation', { name: 'Application steps' }).getByRole('link', { name: /^Documents/ }).click();
    expect(await asked).to.equal('Some of your answers could not be saved. Leave this page anyway?');
    expect(new URL(page.url()).pathname, 'staying on the page').to.equal('/portal/app/company');
    await look(w, 'portal-steps-company-not-saved-light');
    await w.close();
  });

  for (const [name, options] of [['light', LOOKS.light], ['390', PHONE]] as const) {
    it(`the review must be confirmed first; the confirmation names what cannot change afterwards (${name})`, async () => {
      const tenant = await brandedTenant();
      const c = await invitedCase(h.svc, tenant);
      const session = await redeem(h.url, c.linkToken);
      await portalClient(h.url, session.sessionToken!).application.save.mutate(completeApplication);
      await seedDocument(h.svc, tenant.id, c.pk, { status: 'complete', extractedData: {} });
      const w = await watchedPage(browser, options);
      const { page } = w;
      await w.context.addCookies([{ name: 'portal_session', value: session.sessionToken!, domain: '127.0.0.1', path: '/', httpOnly: true, sameSite: 'Lax' }]);
      await page.goto(`${h.url}/portal/app/submit`);
      await heading(page, 'Submit your application');
      await page.getByTestId('review-needed').waitFor(WAIT);
      await page.getByRole('button', { name: 'Submit application' }).click();
      await page.getByRole('alertdialog', { name: 'Submit your application?' }).getByRole('button', { name: 'Yes, submit' }).click();
      const missing = page.getByRole('alert').filter({ hasText: 'Some things are still missing' });
      await missing.waitFor(WAIT);
      expect(await missing.getByRole('link').allInnerTexts()).to.deep.equal(['Review: Confirm your details on the review step.']);

      await page.getByTestId('review-needed').getByRole('link', { name: 'Go to the review' }).click();
      await heading(page, 'Review your details');
      await page.getByRole('region', { name: 'Company' }).waitFor(WAIT);
      await look(w, `portal-steps-review-${name}`); // docs/images/portal-review.png is the desktop one
      await page.getByRole('button', { name: 'Confirm these details' }).click();
      await heading(page, 'Submit your application');
      expect(await page.getByTestId('review-needed').count()).to.equal(0);
      await page.getByRole('button', { name: 'Submit application' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Submit your application?' });
      await dialog.waitFor(WAIT);
      expect(await dialog.getByTestId('cannot-change').getByRole('listitem').allInnerTexts()).to.deep.equal([
        'the company details', 'the directors and owners', 'the documents you uploaded', 'the details you confirmed on the review step',
      ]);
      await look(w, `portal-steps-submit-confirm-${name}`);
      await dialog.getByRole('button', { name: 'Yes, submit' }).click();
      await heading(page, "Your application's status");
      const [{ reference }] = await h.svc.db.query('SELECT reference FROM cases WHERE pk = ?', [c.pk]);
      expect(await page.getByTestId('case-id').innerText()).to.equal(reference);
      await w.close();
    });
  }

  it('a confirmed review is cleared when the customer changes an answer afterwards: the submit step asks for the review again (desktop)', async () => {
    const tenant = await brandedTenant();
    const c = await invitedCase(h.svc, tenant);
    const session = await redeem(h.url, c.linkToken);
    const client = portalClient(h.url, session.sessionToken!);
    await client.application.save.mutate(completeApplication);
    await seedDocument(h.svc, tenant.id, c.pk, { status: 'complete', extractedData: {} });
    await client.review.confirm.mutate({ amendments: [] });
    const w = await watchedPage(browser, LOOKS.light);
    const { page } = w;
    await w.context.addCookies([{ name: 'portal_session', value: session.sessionToken!, domain: '127.0.0.1', path: '/', httpOnly: true, sameSite: 'Lax' }]);
    await page.goto(`${h.url}/portal/app/review`);
    await heading(page, 'Review your details');
    await page.getByText('You confirmed these details on').waitFor(WAIT);

    const steps = page.getByRole('navigation', { name: 'Application steps' });
    await steps.getByRole('link', { name: /^Company details/ }).click();
    await heading(page, 'Company details');
    await page.getByRole('textbox', { name: 'Business activity' }).fill('Wholesale of coffee and tea');
    await page.getByTestId('autosave').filter({ hasText: 'Saved' }).waitFor(WAIT);
    await steps.getByRole('link', { name: /^Submit/ }).click();
    await heading(page, 'Submit your application');
    await page.getByTestId('review-needed').waitFor(WAIT);
    await page.getByTestId('review-needed').getByRole('link', { name: 'Go to the review' }).click();
    await heading(page, 'Review your details');
    await page.getByRole('region', { name: 'Company' }).getByText('Wholesale of coffee and tea').waitFor(WAIT);
    expect(await page.getByText('You confirmed these details on').count(), 'the confirmation is cleared').to.equal(0);
    await look(w, 'portal-steps-review-cleared-light');
    expect(await w.problems()).to.deep.equal([]);
    await w.close();
  });

  for (const [name, options] of [['light', LOOKS.light], ['390', PHONE]] as const) {
    it(`the ended session's page is in the tenant's branding, and "Send me a new link" emails one (${name})`, async () => {
      const tenant = await brandedTenant();
      const c = await invitedCase(h.svc, tenant);
      const w = await watchedPage(browser, options);
      const { page } = w;
      await startFromLink(page, c.linkToken);
      await w.context.clearCookies();
      await page.reload();
      await heading(page, 'Your session has ended');
      await page.getByTestId('tenant-name').filter({ hasText: 'Northwind Compliance' }).waitFor(WAIT);
      await page.getByRole('heading', { level: 2, name: 'Continue with a new link' }).waitFor(WAIT);
      await look(w, `portal-steps-session-ended-${name}`);
      const invites = async () => ((await h.svc.db.query('SELECT COUNT(*) AS n FROM invites WHERE org_id = ? AND case_pk = ?', [tenant.id, c.pk])) as { n: number }[])[0]!.n;
      expect(Number(await invites())).to.equal(1);
      await page.getByRole('textbox', { name: 'Your email address' }).fill(c.customerEmail);
      await page.getByRole('button', { name: 'Send me a new link' }).click();
      await page.getByTestId('new-link-answer').waitFor(WAIT);
      expect(Number(await invites()), 'a new link was made and sent').to.equal(2);

      // The used link's own page offers the same, in the same branding.
      await page.goto(`${h.url}/portal/invite?token=${c.linkToken}`);
      await page.getByRole('link', { name: 'Get a new link by email' }).click();
      await heading(page, 'Get a new link');
      await page.getByTestId('tenant-name').filter({ hasText: 'Northwind Compliance' }).waitFor(WAIT);
      await look(w, `portal-steps-new-link-${name}`);
      await w.close();
    });
  }
});
