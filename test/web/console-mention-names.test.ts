import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { newCase } from '../graphql/case-support';
import { ConsoleHarness } from '../graphql/harness';
import { checkPage, closeAll, heading, pageAs, said, section, startConsoleInChromium, WAIT } from '../support/browser';

/** Mentions completed by name as one types, a name of several words too (issue 26: "by name or email, completed as you type"). */
describe('web console: mention completion by name', function () {
  this.timeout(90_000);
  let h: ConsoleHarness;
  let browser: Browser;
  before(async () => {
    ({ h, browser } = await startConsoleInChromium());
  });
  after(() => closeAll(browser, h));

  it('"@nora sm" lists only Nora Smith; Enter inserts her email mention; the note notifies her (360 px, axe clean)', async () => {
    const tenant = await h.tenant('Mention Names Ltd');
    const analyst = await h.member('analyst', tenant);
    const smith = await h.member('mlro', tenant);
    const jones = await h.member('analyst', tenant);
    await h.svc.db.query('UPDATE members SET name = ? WHERE id = ?', ['Nora Smith', smith.id]);
    await h.svc.db.query('UPDATE members SET name = ? WHERE id = ?', ['Nora Jones', jones.id]);
    const c = await newCase(h.svc, tenant, { companyName: 'Mention Names Co' });

    const w = await pageAs(browser, h, analyst, 'dark-360');
    await w.page.goto(`${h.url}/console/cases/${c.caseId}?tab=activity`);
    await heading(w.page, 'Mention Names Co');
    const notes = section(w.page, 'Notes');
    const box = notes.getByRole('textbox', { name: 'Add a note' });
    await box.click();
    await box.pressSequentially('Over to @nora');
    const options = notes.getByRole('listbox', { name: 'Members to mention' }).getByRole('option');
    await options.nth(1).waitFor(WAIT);
    expect(await options.allInnerTexts()).to.deep.equal([`Nora Smith ${smith.email}`, `Nora Jones ${jones.email}`]);
    await box.pressSequentially(' sm');
    await w.page.waitForFunction(() => (globalThis as unknown as { document: { querySelectorAll(s: string): { length: number } } }).document.querySelectorAll('[role="option"]').length === 1, undefined, WAIT);
    expect(await options.allInnerTexts()).to.deep.equal([`Nora Smith ${smith.email}`]);
    await checkPage(w.page, 'console-mention-by-name');
    await box.press('Enter');
    expect(await box.inputValue()).to.equal(`Over to @${smith.email} `);
    await notes.getByRole('button', { name: 'Add note' }).click();
    await said(w.page, 'Note added; 1 mentioned member was notified.');
    const note = section(w.page, 'Timeline').locator('li.timeline-note');
    await note.first().waitFor(WAIT);
    expect(await note.locator('.note-body .mention').innerText()).to.equal('@Nora Smith');
    expect(await w.problems()).to.deep.equal([]);
    await w.close();
  });
});
