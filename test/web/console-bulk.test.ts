import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { newCase } from '../graphql/case-support';
import { ConsoleHarness } from '../graphql/harness';
import { ownerChanges } from '../work-queues/support';
import { checkPage, closeAll, expectNoSidewaysScroll, heading, pageAs, said, section, startConsoleInChromium, WAIT, type Look } from '../support/browser';

/** The case list's selection and bulk actions, and the case page's tag editor, in Chromium (axe clean, 360 px wide). */
describe('web console: bulk actions on the case list and the tag editor', function () {
  this.timeout(120_000);
  let h: ConsoleHarness;
  let browser: Browser;
  before(async () => {
    ({ h, browser } = await startConsoleInChromium());
  });
  after(() => closeAll(browser, h));

  const row = (page: Page, company: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(company) }) });
  // The checkbox's own input is visually hidden (React Aria): a pointer clicks its visible box, as a person does.
  // Grid cells after the company's row header: selection, customer, status, stage, risk, SLA, owner.
  const ownerCell = (page: Page, company: string) => row(page, company).getByRole('gridcell').nth(6);

  for (const look of ['light', 'dark-360'] as Look[]) {
    it(`an analyst selects two cases and assigns them in bulk; the owners change (${look}, axe clean)`, async () => {
      const tenant = await h.tenant(`Bulk ${look} Ltd`);
      const analyst = await h.member('analyst', tenant);
      const colleague = await h.member('mlro', tenant);
      const colleagueName = `mlro ${colleague.email.split('.')[1]}`;
      const [alpha, beta] = [await newCase(h.svc, tenant, { companyName: 'Alpha Bulk Ltd' }), await newCase(h.svc, tenant, { companyName: 'Beta Bulk Ltd' })];
      await newCase(h.svc, tenant, { companyName: 'Gamma Bulk Ltd' });

      const w = await pageAs(browser, h, analyst, look);
      await w.page.goto(`${h.url}/console/cases`);
      await heading(w.page, 'Cases');
      await row(w.page, 'Gamma Bulk Ltd').waitFor(WAIT);
      // Select all on this page, then clear: the toolbar follows.
      await w.page.getByRole('columnheader').locator('.select-checkbox').click();
      await w.page.getByText('3 cases selected').waitFor(WAIT);
      await w.page.getByRole('button', { name: 'Clear selection' }).click();
      expect(await w.page.getByRole('region', { name: 'Selected cases' }).count()).to.equal(0);

      // One by a click, one from the keyboard (Space on its focused checkbox).
      await row(w.page, 'Alpha Bulk Ltd').locator('.select-checkbox').click();
      await row(w.page, 'Beta Bulk Ltd').getByRole('checkbox').focus();
      await w.page.keyboard.press('Space');
      await w.page.getByText('2 cases selected').waitFor(WAIT);
      expect(await row(w.page, 'Beta Bulk Ltd').getByRole('checkbox').isChecked()).to.equal(true);
      const exportHref = await w.page.getByRole('link', { name: 'Export selected' }).getAttribute('href');
      expect(new URLSearchParams(exportHref!.split('?')[1]).getAll('caseId').sort()).to.deep.equal([alpha.caseId, beta.caseId].sort());
      await expectNoSidewaysScroll(w.page);
      await checkPage(w.page, `console-bulk-selection-${look}`);

      await w.page.getByRole('button', { name: 'Assign to…' }).click();
      const dialog = w.page.getByRole('dialog', { name: 'Assign 2 cases' });
      await dialog.locator('.select').getByRole('button').click();
      await w.page.getByRole('option', { name: `${colleagueName} (${colleague.email})` }).click();
      await checkPage(w.page, `console-bulk-assign-dialog-${look}`);
      await dialog.getByRole('button', { name: 'Assign' }).click();
      await said(w.page, `2 cases assigned to ${colleagueName}.`);
      await ownerCell(w.page, 'Alpha Bulk Ltd').filter({ hasText: colleagueName }).waitFor(WAIT);
      await ownerCell(w.page, 'Beta Bulk Ltd').filter({ hasText: colleagueName }).waitFor(WAIT);
      expect(await ownerCell(w.page, 'Gamma Bulk Ltd').innerText()).to.equal('Unassigned');
      expect((await ownerChanges(h.svc, tenant, alpha.caseId)).map((e) => e.changedBy)).to.deep.equal([analyst.email]);
      await expectNoSidewaysScroll(w.page);
      await checkPage(w.page, `console-bulk-assigned-${look}`);
      expect(await w.problems()).to.deep.equal([]);
      await w.close();
    });
  }

  it('an analyst adds a tag on the case page and removes it (axe clean, 360 px wide)', async () => {
    const tenant = await h.tenant('Tag Editor Ltd');
    const analyst = await h.member('analyst', tenant);
    const c = await newCase(h.svc, tenant, { companyName: 'Tagged Trading Ltd' });
    const w = await pageAs(browser, h, analyst, 'dark-360');
    await w.page.goto(`${h.url}/console/cases/${c.caseId}`);
    await heading(w.page, 'Tagged Trading Ltd');
    const tags = section(w.page, 'Tags');
    expect(await tags.getByText('No tags yet.').count()).to.equal(1);
    await tags.getByRole('textbox', { name: 'New tag' }).fill('  VIP   Client ');
    await tags.getByRole('button', { name: 'Add tag' }).click();
    await said(w.page, 'Tag vip client added.');
    expect((await tags.getByRole('listitem').allInnerTexts()).map((t) => t.replace('×', '').trim())).to.deep.equal(['vip client']);
    expect(await tags.getByRole('textbox', { name: 'New tag' }).inputValue()).to.equal('');
    await expectNoSidewaysScroll(w.page);
    await checkPage(w.page, 'console-case-tags');
    const [stored] = (await h.svc.db.query('SELECT tag FROM case_tags WHERE org_id = ? AND case_pk = ?', [tenant.id, c.pk])) as { tag: string }[];
    expect(stored!.tag).to.equal('vip client');

    await tags.getByRole('textbox', { name: 'New tag' }).fill('#nope');
    await tags.getByRole('button', { name: 'Add tag' }).click();
    await tags.getByRole('alert').filter({ hasText: 'must start with a letter or digit' }).waitFor(WAIT);
    await tags.getByRole('button', { name: 'Remove tag vip client' }).click();
    await said(w.page, 'Tag vip client removed.');
    await tags.getByText('No tags yet.').waitFor(WAIT);
    expect(await w.problems()).to.deep.equal([]);
    await w.close();
  });
});
