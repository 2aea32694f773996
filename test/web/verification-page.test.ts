import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { type Services } from '../../src/platform/index';
import { passportPdf } from '../documents/support';
import { ConsoleHarness } from '../graphql/harness';
import { ADA_PASSPORT, submittedCase } from '../idv/support';
import { decodeQp, mailingTo, startSmtp, type TestSmtp } from '../support/smtp';
import { checkPage, closeAll, consolePage, LOOKS, startConsoleInChromium, WAIT, watchedPage } from '../support/browser';
import { drainJobs, runtime } from '../support/runtime';

/** The hosted identity-verification page in Chromium: from the link in the email (a real SMTP server) to a `pass`. */
describe('web: the identity verification page in Chromium', function () {
  this.timeout(120_000);
  let h: ConsoleHarness;
  let browser: Browser;
  let smtp: TestSmtp;
  let svc: Services;

  before(async () => {
    smtp = await startSmtp();
    ({ h, browser } = await startConsoleInChromium());
    svc = mailingTo(h.svc, smtp, 'onboarding@svc.example');
  });
  after(() => closeAll(browser, h, smtp));

  it('opens from the email link, takes the passport upload and shows the pass with what was and was not checked; the console shows Ada verified', async () => {
    const ref = await submittedCase(h);
    await h.svc.db.query(`UPDATE tenants SET name = 'Northwind Compliance', brand_color = '#0F766E', logo_url = NULL WHERE id = ?`, [ref.orgId]);
    await drainJobs(await runtime(), { orgId: ref.orgId, svc });
    const mail = smtp.received.find((m) => m.to.includes('ada@engines.example'));
    expect(mail, 'the verification email').to.not.equal(undefined);
    const link = decodeQp(mail!.raw).match(/https?:\/\/[^\s"<>]+\/portal\/verify\?token=[A-Za-z0-9_-]+/)?.[0];
    expect(link, 'the link in the email').to.be.a('string');

    const w = await watchedPage(browser, LOOKS.light);
    const { page } = w;
    await page.goto(link!);
    await page.getByRole('heading', { level: 1, name: 'Verify your identity' }).waitFor(WAIT);
    await page.getByText('Hello Ada Lovelace. Northwind Compliance needs to verify your identity for Analytical Engines Ltd.').waitFor(WAIT);
    expect(await page.getByTestId('tenant-name').textContent()).to.equal('Northwind Compliance');
    await checkPage(page, 'idv-page');

    await page.getByLabel('Your passport or national ID card').setInputFiles({ name: 'passport.pdf', mimeType: 'application/pdf', buffer: await passportPdf(ADA_PASSPORT) });
    await page.getByRole('button', { name: 'Send for verification' }).click();
    const outcome = page.getByTestId('idv-outcome');
    await outcome.waitFor(WAIT);
    expect(await outcome.getAttribute('data-outcome')).to.equal('pass');
    expect(await outcome.textContent()).to.equal('Thank you: your identity is verified.');
    await page.getByText('Liveness: Not checked. The local verifier cannot tell a live person from a photo or a recording.').waitFor(WAIT);
    await page.getByText('Date of birth matches the application: Checked').waitFor(WAIT);
    await checkPage(page, 'idv-page-pass');
    expect(await w.problems()).to.deep.equal([]);
    await w.close();

    // The same link again: spent.
    const again = await watchedPage(browser, LOOKS.light);
    await again.page.goto(link!);
    await again.page.getByText('This verification link is not valid').waitFor(WAIT);
    await again.close();

    // The analyst's case page: the Identity verification section.
    const analyst = await h.signedIn('analyst', ref.tenant);
    const analystPage = await consolePage(browser, h, analyst);
    const p = analystPage.page;
    await p.goto(`${h.url}/console/cases/${ref.caseId}?tab=people`);
    await p.getByRole('heading', { level: 2, name: 'People' }).waitFor(WAIT);
    const people = p.getByTestId('idv-person');
    await people.nth(1).getByText('Verified').first().waitFor(WAIT);
    expect(await people.nth(0).getByTestId('idv-status').textContent()).to.equal('Link sent');
    expect(await people.nth(1).getByTestId('idv-status').textContent()).to.equal('Verified');
    // Why no document on file stood in for Grace's link.
    expect(await people.nth(0).getByTestId('idv-document-on-file').innerText()).to.contain('No document on file stood in for the verification link:');
    await p.getByRole('button', { name: 'Resend link to Grace Hopper' }).click();
    await p.getByText('A new verification link is on its way to Grace Hopper.').waitFor(WAIT);
    expect(await p.getByRole('button', { name: 'Resend link to Ada Lovelace' }).count()).to.equal(0);
    await checkPage(p, 'console-case-identity-verification');
    expect(await analystPage.problems()).to.deep.equal([]);
    await analystPage.close();
  });
});
