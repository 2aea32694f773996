import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { relayEvents } from '../../src/events/index';
import { type Services } from '../../src/platform/index';
import { ConsoleHarness } from '../graphql/harness';
import { tinyPdf } from '../portal/documents-support';
import { feed, pullToken } from '../portal/support';
import { decodeQp, mailingTo, startSmtp, type TestSmtp } from '../support/smtp';
import { checkPage, closeAll, expectNoSidewaysScroll, LOOKS, startConsoleInChromium, WAIT, watchedPage } from '../support/browser';
import { drainJobs, runtime } from '../support/runtime';

const SET_PUBLIC_INTAKE = 'mutation ($enabled: Boolean!) { setPublicIntake(enabled: $enabled) { enabled slug url } }';

/** The public intake link in Chromium: email, the emailed code, "upload documents first", and the stepper. */
describe('web portal public intake in Chromium', function () {
  this.timeout(90_000);
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

  it('from {APP_URL}/apply/<slug>: email, a wrong then the right code, documents first; the case opens with source doc_upload (360 px, dark)', async () => {
    const tenant = await h.tenant(`Northwind Intake ${randomBytes(3).toString('hex')}`);
    const admin = await h.signedIn('compliance_admin', tenant);
    const link = (await admin.data<{ setPublicIntake: { url: string } }>(SET_PUBLIC_INTAKE, { enabled: true })).setPublicIntake.url;
    const email = `applicant.${randomBytes(4).toString('hex')}@intake.example`;

    const w = await watchedPage(browser, LOOKS['dark-360']);
    const { page } = w;
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: `Apply to ${tenant.name}` }).waitFor(WAIT);
    expect(page.url()).to.equal(`${h.url}/portal/app/apply/${tenant.slug}`);
    expect(await page.getByTestId('tenant-name').textContent()).to.equal(tenant.name);
    await expectNoSidewaysScroll(page);
    await checkPage(page, 'portal-intake-1-email-dark-360');

    await page.getByRole('textbox', { name: 'Your email address' }).fill(email);
    await page.getByRole('button', { name: 'Send me a code' }).click();
    await page.getByRole('heading', { level: 1, name: 'Check your email' }).waitFor(WAIT);
    // The send-intake-code job, with a mailer that speaks SMTP to the test server.
    const rt = await runtime();
    await drainJobs(rt, { orgId: tenant.id, svc });
    const mail = smtp.received.filter((m) => m.to.includes(email)).map((m) => decodeQp(m.raw));
    expect(mail).to.have.length(1);
    const code = /\n {4}(\d{6})\r?\n/.exec(mail[0]!)?.[1];
    expect(code, 'the code in the email').to.match(/^\d{6}$/);

    // A wrong code: refused next to the field, with the tries left.
    const codeField = page.getByRole('textbox', { name: 'Code from the email' });
    await codeField.fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('radio', { name: 'Upload documents first' }).press('Space');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.locator('#field-code .field-error').waitFor(WAIT);
    expect(await page.locator('#field-code .field-error').innerText()).to.equal('That code is not right. 4 tries left.');
    expect(await codeField.getAttribute('aria-invalid')).to.equal('true');
    await expectNoSidewaysScroll(page);
    await checkPage(page, 'portal-intake-2-code-dark-360');

    await codeField.fill(code!);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { level: 1, name: 'Documents', exact: true }).waitFor(WAIT);
    expect(await page.getByRole('status').filter({ hasText: 'confirmed' }).innerText()).to.equal('Your email is confirmed.');
    await page.locator('input[type=file]').setInputFiles({ name: 'certificate.pdf', mimeType: 'application/pdf', buffer: tinyPdf() });
    await page.getByRole('status').filter({ hasText: 'certificate.pdf was uploaded.' }).waitFor(WAIT);
    await expectNoSidewaysScroll(page);
    await checkPage(page, 'portal-intake-3-documents-dark-360');
    // Chromium logs the wrong code's 400 as a failed resource; nothing else went wrong.
    expect(await w.problems()).to.deep.equal(['console: Failed to load resource: the server responded with a status of 400 (Bad Request)']);
    await w.close();

    await relayEvents(h.svc);
    const events = await feed(h, await pullToken(h, tenant.id));
    const created = events.filter((e) => e.eventType === 'case.created');
    expect(created).to.have.length(1);
    expect(created[0]!.data).to.deep.include({ source: 'doc_upload', customerEmail: email });
    expect(events.filter((e) => e.eventType === 'document.uploaded').map((e) => e.data.filenames)).to.deep.equal([['certificate.pdf']]);
  });
});
