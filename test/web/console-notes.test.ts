import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import type { Services } from '../../src/platform/index';
import { newCase } from '../graphql/case-support';
import { ConsoleHarness } from '../graphql/harness';
import { checkPage, closeAll, expectNoSidewaysScroll, heading, pageAs, said, section, startConsoleInChromium, WAIT, type Look } from '../support/browser';
import { drainJobs, runtime } from '../support/runtime';
import { decodeQp, mailingTo, startSmtp, type TestSmtp } from '../support/smtp';

/** Case notes with mentions and the notifications they cause, in Chromium against the real server, databases and SMTP. */
describe('web console: case notes, mentions and notifications in Chromium', function () {
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

  for (const look of ['light', 'dark-360'] as Look[]) {
    it(`an analyst adds a note mentioning a colleague (completed as typed); the colleague sees the notification and the email (${look}, axe clean)`, async () => {
      const tenant = await h.tenant(`Notes ${look} Ltd`);
      const analyst = await h.member('analyst', tenant);
      const colleague = await h.member('mlro', tenant);
      const colleagueName = `mlro ${colleague.email.split('.')[1]}`;
      const c = await newCase(h.svc, tenant, { companyName: 'Noted Trading Ltd' });

      const w = await pageAs(browser, h, analyst, look);
      await w.page.goto(`${h.url}/console/cases/${c.caseId}?tab=activity`);
      await heading(w.page, 'Noted Trading Ltd');
      const notes = section(w.page, 'Notes');
      const box = notes.getByRole('textbox', { name: 'Add a note' });
      await box.click();
      await box.pressSequentially('Please check the **UBO** chain, <b>not bold</b> @mlro');
      // The completion lists the colleague by name; the text area points at the highlighted option.
      const options = notes.getByRole('listbox', { name: 'Members to mention' }).getByRole('option');
      await options.first().waitFor(WAIT);
      expect(await options.allInnerTexts()).to.deep.equal([`${colleagueName} ${colleague.email}`]);
      expect(await box.getAttribute('aria-activedescendant')).to.equal(await options.first().getAttribute('id'));
      expect(await options.first().getAttribute('aria-selected')).to.equal('true');
      await checkPage(w.page, `console-note-completion-${look}`);
      await box.press('Enter');
      expect(await box.inputValue()).to.equal(`Please check the **UBO** chain, <b>not bold</b> @${colleague.email} `);
      expect(await notes.getByRole('listbox').count()).to.equal(0);
      await box.pressSequentially('thanks');
      await notes.getByRole('button', { name: 'Add note' }).click();
      await said(w.page, 'Note added; 1 mentioned member was notified.');
      expect(await box.inputValue()).to.equal('');

      // The note sits in the timeline, its markdown rendered and its raw HTML shown as text, the mention by name.
      const note = section(w.page, 'Timeline').locator('li.timeline-note');
      await note.first().waitFor(WAIT);
      expect(await note.locator('.event-type').innerText()).to.equal(`Note by analyst ${analyst.email.split('.')[1]}`);
      expect(await note.locator('.note-body strong').innerText()).to.equal('UBO');
      expect(await note.locator('.note-body').innerText()).to.contain('<b>not bold</b>');
      expect(await note.locator('.note-body b').count()).to.equal(0);
      expect(await note.locator('.note-body .mention').innerText()).to.equal(`@${colleagueName}`);
      expect(await note.getByRole('button', { name: 'Edit note' }).count()).to.equal(1);
      await expectNoSidewaysScroll(w.page);
      await checkPage(w.page, `console-case-note-${look}`);
      expect(await w.problems()).to.deep.equal([]);
      await w.close();

      // The colleague: the header counts one unread notification; the page links the case; Mark read clears it.
      const v = await pageAs(browser, h, colleague, look);
      await v.page.goto(`${h.url}/console/cases`);
      await heading(v.page, 'Cases');
      const link = v.page.getByRole('link', { name: /^Notifications\s*, 1 unread$/ });
      await link.waitFor(WAIT);
      await link.click();
      await heading(v.page, 'Notifications');
      const item = v.page.locator('li.notification');
      // The heading comes before the list's answer: wait for the list, then count it.
      await item.first().waitFor(WAIT);
      expect(await item.count()).to.equal(1);
      expect(await item.locator('.card-title').innerText()).to.equal(`analyst ${analyst.email.split('.')[1]} mentioned you on case ${c.caseId}`);
      expect(await item.locator('.notification-excerpt').innerText()).to.contain('Please check the **UBO** chain');
      await expectNoSidewaysScroll(v.page);
      await checkPage(v.page, `console-notifications-${look}`);
      await item.getByRole('button', { name: /^Mark read/ }).click();
      await said(v.page, 'Marked read.');
      await v.page.getByRole('link', { name: 'Notifications', exact: true }).waitFor(WAIT);
      expect(await item.locator('.badge').count()).to.equal(0);
      // Its link opens the case, where the colleague may not edit the analyst's note.
      await item.getByRole('link', { name: `case ${c.caseId}` }).click();
      await heading(v.page, 'Noted Trading Ltd');
      await section(v.page, 'Timeline').locator('li.timeline-note').first().waitFor(WAIT);
      expect(await v.page.getByRole('button', { name: 'Edit note' }).count()).to.equal(0);
      expect(await v.problems()).to.deep.equal([]);
      await v.close();

      // It was read in the console before the mail job ran: no email. (The GraphQL tests cover the email itself.)
      await drainJobs(await runtime(), { orgId: tenant.id, svc: worker });
      expect(smtp.received.filter((m) => m.to.includes(colleague.email))).to.deep.equal([]);
    });
  }

  it('the author edits a note; the timeline says it was edited and shows both versions; the mention email reached the SMTP capture', async () => {
    const tenant = await h.tenant('Edit Notes Ltd');
    const analyst = await h.member('analyst', tenant);
    const colleague = await h.member('compliance_admin', tenant);
    const c = await newCase(h.svc, tenant, { companyName: 'Edited Co' });
    const w = await pageAs(browser, h, analyst);
    await w.page.goto(`${h.url}/console/cases/${c.caseId}?tab=activity`);
    await heading(w.page, 'Edited Co');
    const box = section(w.page, 'Notes').getByRole('textbox', { name: 'Add a note' });
    await box.fill('First thoughts');
    await section(w.page, 'Notes').getByRole('button', { name: 'Add note' }).click();
    await said(w.page, 'Note added.');
    const note = section(w.page, 'Timeline').locator('li.timeline-note').first();
    await note.getByRole('button', { name: 'Edit note' }).click();
    const edit = note.getByRole('textbox', { name: 'Edit the note' });
    await edit.fill(`Second thoughts, @${colleague.email} please confirm`);
    await note.getByRole('button', { name: 'Save note' }).click();
    await said(w.page, 'Note edited; its earlier version is kept.');
    expect(await note.locator('.event-when').innerText()).to.contain('edited');
    await note.getByRole('button', { name: 'Versions (2)' }).click();
    const versions = note.locator('.note-versions > li');
    expect(await versions.count()).to.equal(2);
    expect(await versions.nth(0).locator('.note-body').innerText()).to.equal('First thoughts');
    expect(await versions.nth(1).locator('.note-body').innerText()).to.contain('Second thoughts');
    await checkPage(w.page, 'console-note-versions');
    expect(await w.problems()).to.deep.equal([]);
    await w.close();

    await drainJobs(await runtime(), { orgId: tenant.id, svc: worker });
    const mails = smtp.received.filter((m) => m.to.includes(colleague.email)).map((m) => decodeQp(m.raw));
    expect(mails).to.have.lengthOf(1);
    expect(mails[0]).to.contain(`mentioned you on case ${c.caseId}`);
    expect(mails[0]).to.contain(`${h.url}/console/cases/${c.caseId}`);
  });
});
