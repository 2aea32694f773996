import { expect } from 'chai';
import nodemailer from 'nodemailer';
import type { Browser } from 'playwright-core';
import { keepMailLocally } from '../../src/mail/index';
import { ConsoleHarness } from '../graphql/harness';
import { checkPage, closeAll, expectNoSidewaysScroll, heading, pageAs, startConsoleInChromium, WAIT } from '../support/browser';

/** The console's Mail page (mail kept locally while SMTP_URL is unset) in Chromium; no Mail entry when SMTP_URL is set. */
describe('web console: the Mail page in Chromium', function () {
  this.timeout(60_000);
  let h: ConsoleHarness;
  let browser: Browser;
  before(async () => {
    ({ h, browser } = await startConsoleInChromium({ config: { smtpUrl: null } }));
  });
  after(() => closeAll(browser, h));

  it('a compliance admin lists the kept mail newest first and opens one, its links real anchors; an analyst has no Mail entry', async () => {
    const tenant = await h.tenant();
    const link = `${h.url}/console/accept-invitation?token=${'c0ffee'.repeat(10)}&x=1`;
    const { message } = await nodemailer.createTransport({ streamTransport: true, buffer: true }).sendMail({
      from: 'Acme Compliance <no-reply@acme.example>', to: 'nora@acme.example', subject: 'You are invited',
      text: `Hello Nora,\n\nAccept the invitation: ${link}\n\nThe link works once.`,
    });
    await keepMailLocally(h.svc, { orgId: tenant.id, to: 'old@acme.example', subject: 'Older mail', messageId: '<old@svc>', raw: (message as Buffer).toString() });
    await keepMailLocally(h.svc, { orgId: tenant.id, to: 'nora@acme.example', subject: 'You are invited', messageId: '<new@svc>', raw: (message as Buffer).toString() });

    const ca = await h.member('compliance_admin', tenant);
    const w = await pageAs(browser, h, ca);
    const { page } = w;
    await page.goto(`${h.url}/console/cases`);
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Mail' }).click();
    await heading(page, 'Mail');
    const list = page.getByRole('list', { name: 'Kept mail, newest first' });
    await list.waitFor(WAIT);
    expect(await list.getByRole('link').allInnerTexts()).to.deep.equal(['You are invited', 'Older mail']);
    await checkPage(page, 'console-mail-list-light');
    await list.getByRole('link', { name: 'You are invited' }).click();
    await heading(page, 'You are invited');
    const body = page.getByTestId('mail-body');
    await body.getByText('Hello Nora,').waitFor(WAIT);
    expect(await body.getByRole('link').evaluateAll((as) => as.map((a) => (a as unknown as { href: string }).href))).to.deep.equal([link]);
    expect(await page.getByRole('region', { name: 'Links in this email' }).getByRole('link', { name: link }).getAttribute('href')).to.equal(link);
    await checkPage(page, 'console-mail-message-light');
    expect(await w.problems()).to.deep.equal([]);
    await w.close();

    const analyst = await h.member('analyst', tenant);
    const v = await pageAs(browser, h, analyst, 'dark-360');
    await v.page.goto(`${h.url}/console/cases`);
    await v.page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Cases' }).waitFor(WAIT);
    expect(await v.page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Mail' }).count()).to.equal(0);
    await v.page.goto(`${h.url}/console/mail`);
    await heading(v.page, 'Mail');
    await v.page.getByRole('alert').filter({ hasText: 'This requires the compliance_admin role or higher; you are analyst.' }).waitFor(WAIT);
    await expectNoSidewaysScroll(v.page);
    await v.close();
  });

  it('with SMTP_URL set there is no Mail entry, and the page says mail is not kept', async () => {
    const smtp = await ConsoleHarness.start({ config: { smtpUrl: 'smtp://127.0.0.1:2525' } });
    try {
      const admin = await smtp.member('admin');
      const w = await pageAs(browser, smtp, admin);
      await w.page.goto(`${smtp.url}/console/cases`);
      await w.page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Cases' }).waitFor(WAIT);
      expect(await w.page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Mail' }).count()).to.equal(0);
      await w.page.goto(`${smtp.url}/console/mail`);
      await w.page.getByRole('alert').filter({ hasText: 'Mail is sent through SMTP (SMTP_URL is set), so none is kept here' }).waitFor(WAIT);
      await checkPage(w.page, 'console-mail-not-kept-light');
      await w.close();
    } finally {
      await smtp.close();
    }
  });
});
