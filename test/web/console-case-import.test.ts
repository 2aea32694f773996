import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { CASE_IMPORT_COLUMNS } from '../../src/onboarding/index';
import { csvLine } from '../../src/cases/index';
import { ConsoleHarness } from '../graphql/harness';
import { checkPage, closeAll, heading, pageAs, startConsoleInChromium, WAIT } from '../support/browser';

/** The console's CSV import of cases in Chromium: the preview with each row's problems, then the import's report (axe clean). */
describe('web console: import cases from a CSV file', function () {
  this.timeout(120_000);
  let h: ConsoleHarness;
  let browser: Browser;
  before(async () => {
    ({ h, browser } = await startConsoleInChromium());
  });
  after(() => closeAll(browser, h));

  it('an analyst chooses a file, sees each row checked, imports it and reads the report per row; the same file again creates nothing', async () => {
    const tenant = await h.tenant('Import Trading Ltd');
    const analyst = await h.member('analyst', tenant);
    const csv = csvLine([...CASE_IMPORT_COLUMNS])
      + csvLine(['ada@import-web.example', 'Lovelace Engines Ltd', 'Ada Lovelace', 'United Kingdom', 'crm-web-1', 'hubspot', 'false'])
      + csvLine(['not an email', 'Broken Row Ltd', '', '', '', '', ''])
      + csvLine(['alan@import-web.example', 'Turing Machines Ltd', '', '', '', '', 'false']);
    const file = { name: 'cases.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) };

    const w = await pageAs(browser, h, analyst, 'light');
    await w.page.goto(`${h.url}/console/cases`);
    await heading(w.page, 'Cases');
    await w.page.getByRole('link', { name: 'Import CSV' }).click();
    await heading(w.page, 'Import cases');
    const template = w.page.getByRole('link', { name: 'Download the template' });
    await template.waitFor(WAIT);
    expect(await template.getAttribute('download')).to.equal('cases-import-template.csv');

    await w.page.getByLabel('CSV file').setInputFiles(file);
    await w.page.getByRole('status').filter({ hasText: '3 rows: 2 ready to import, 1 with problems (not imported).' }).waitFor(WAIT);
    const preview = w.page.getByRole('region', { name: 'Preview', exact: true });
    // The row with a problem first, its problem beside it.
    const firstRow = preview.getByRole('row').nth(1);
    expect(await firstRow.getByRole('rowheader').innerText()).to.equal('3');
    expect(await firstRow.innerText()).to.match(/customerEmail: must be/);
    await checkPage(w.page, 'console-case-import-preview');

    await preview.getByRole('button', { name: 'Import 2 rows' }).click();
    await w.page.getByRole('status').filter({ hasText: 'Done: 2 created, 0 already imported, 0 duplicates of open cases, 1 not imported.' }).waitFor(WAIT);
    const report = w.page.getByRole('region', { name: 'Import', exact: true });
    expect(await report.getByRole('row').nth(1).innerText()).to.match(/^3\s+Not imported/);
    const created: { case_id: string }[] = await h.svc.db.query('SELECT case_id FROM cases WHERE org_id = ? ORDER BY pk', [tenant.id]);
    expect(created).to.have.length(2);
    await report.getByRole('link', { name: created[0]!.case_id }).waitFor(WAIT);
    await checkPage(w.page, 'console-case-import-report');

    // The same file again: every valid row finds its case.
    await w.page.reload();
    await heading(w.page, 'Import cases');
    await w.page.getByLabel('CSV file').setInputFiles(file);
    await w.page.getByRole('button', { name: 'Import 2 rows' }).click();
    await w.page.getByRole('status').filter({ hasText: 'Done: 0 created, 1 already imported, 1 duplicates of open cases, 1 not imported.' }).waitFor(WAIT);
    expect(Number((await h.svc.db.query('SELECT COUNT(*) AS n FROM cases WHERE org_id = ?', [tenant.id]))[0].n)).to.equal(2);
    expect(await w.problems()).to.deep.equal([]);
    await w.close();
  });
});
