import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { operatorActor } from '../../src/access/index';
import { dispositionScreeningHit, screenCase } from '../../src/screening/index';
import { ConsoleHarness } from '../graphql/harness';
import { caseWithApplication, systemOf } from '../screening/support';
import { checkPage, closeAll, heading, pageAs, startConsoleInChromium, WAIT } from '../support/browser';

/**
 * Screening settings and cleared hits in the console, in Chromium against the real server and the bundled
 * sample watchlist: a compliance admin fills the settings form (a field error first), previews the effect on
 * the open cases and saves; an MLRO revokes a cleared hit; an analyst reads both without the controls. Each
 * page checked with axe.
 */
describe('web console: screening settings and cleared hits in Chromium', function () {
  this.timeout(120_000);
  let h: ConsoleHarness, browser: Browser;
  before(async () => ({ h, browser } = await startConsoleInChromium({ config: { screeningMatchThreshold: 0.7 } })));
  after(() => closeAll(browser, h));

  it('an admin previews and saves the settings with the form; an MLRO revokes a cleared hit; an analyst only reads', async () => {
    const admin = await h.member('compliance_admin');
    const tenant = admin.tenant;
    const mlro = await h.member('mlro', tenant);
    const analyst = await h.member('analyst', tenant);
    const sanctioned = await caseWithApplication(h.svc, tenant, {
      companyName: 'Harmless Widgets Ltd', directors: [{ name: 'Viktor Aleksandrovich Zhelezny', dateOfBirth: '1961-03-14', nationality: 'RU' }], ubos: [],
    });
    expect((await screenCase(h.svc, systemOf(tenant.id), sanctioned.ref)).newHits).to.deep.equal(['fict-p-001']);

    const wa = await pageAs(browser, h, admin);
    try {
      await wa.page.goto(`${h.url}/console/settings`);
      await wa.page.getByRole('navigation', { name: 'Compliance configuration' }).getByRole('link', { name: 'Screening', exact: true }).click();
      await heading(wa.page, 'Screening');
      const threshold = wa.page.getByRole('textbox', { name: 'Match threshold' });
      expect(await threshold.inputValue()).to.equal('0.7');
      await threshold.fill('0.8');
      await wa.page.getByRole('checkbox', { name: 'Politically exposed person (PEP)', exact: true }).check({ force: true });
      await wa.page.getByRole('radio', { name: /^Year only/ }).check({ force: true });
      await wa.page.getByRole('textbox', { name: 'Datasets that count' }).fill('Not A Dataset');
      await wa.page.getByRole('button', { name: 'Save screening settings' }).click();
      await wa.page.getByText('must be a dataset name (lower-case letters, digits, _ . -)', { exact: true }).waitFor(WAIT);
      await wa.page.getByRole('textbox', { name: 'Datasets that count' }).fill('');

      await wa.page.getByRole('button', { name: 'Preview the effect on open cases' }).click();
      await wa.page.getByRole('status').filter({ hasText: '1 open case compared: 1 hit would disappear, 0 would appear, 0 would stay.' }).waitFor(WAIT);
      await wa.page.getByRole('row', { name: /Harmless Widgets Ltd/ }).getByText('Viktor Aleksandrovich Zhelezny (Viktor Aleksandrovich Zhelezny)').waitFor(WAIT);
      await checkPage(wa.page, 'console-screening-settings');
      await wa.page.getByRole('button', { name: 'Save screening settings' }).click();
      await wa.page.getByRole('status').filter({ hasText: 'The screening settings are saved as version 2.' }).waitFor(WAIT);
      expect(await wa.problems()).to.deep.equal([]);
    } finally {
      await wa.close();
    }
    // A JSON column: the driver answers it parsed (as the repository reads it, a string is parsed too).
    const [row]: { settings: string | object }[] = await h.svc.db.query('SELECT settings FROM screening_settings WHERE org_id = ? AND version = 2', [tenant.id]);
    expect(typeof row!.settings === 'string' ? JSON.parse(row!.settings) : row!.settings).to.deep.equal({ matchThreshold: 0.8, topics: ['role.pep'], datasets: [], birthDateTolerance: 'year', weakAliases: true });

    await dispositionScreeningHit(h.svc, operatorActor(tenant.id), sanctioned.caseId, { hitId: 'fict-p-001', disposition: 'false_positive', note: 'Another man' });
    const wn = await pageAs(browser, h, analyst);
    try {
      await wn.page.goto(`${h.url}/console/settings/cleared-hits`);
      await heading(wn.page, 'Cleared hits');
      await wn.page.getByRole('row', { name: /Viktor Aleksandrovich Zhelezny.*fict-p-001/ }).waitFor(WAIT);
      expect(await wn.page.getByRole('button', { name: /^Revoke/ }).count(), 'an analyst may not revoke').to.equal(0);
      await wn.page.goto(`${h.url}/console/settings/screening`);
      await heading(wn.page, 'Screening');
      await wn.page.getByText('A compliance admin can change these settings.').waitFor(WAIT);
      expect(await wn.page.getByRole('button', { name: 'Save screening settings' }).count()).to.equal(0);
      expect(await wn.problems()).to.deep.equal([]);
    } finally {
      await wn.close();
    }

    const wm = await pageAs(browser, h, mlro);
    try {
      await wm.page.goto(`${h.url}/console/settings/cleared-hits`);
      await heading(wm.page, 'Cleared hits');
      await checkPage(wm.page, 'console-cleared-hits');
      await wm.page.getByRole('button', { name: 'Revoke Viktor Aleksandrovich Zhelezny for Viktor Aleksandrovich Zhelezny' }).click();
      await wm.page.getByRole('status').filter({ hasText: 'Revoked: Viktor Aleksandrovich Zhelezny for Viktor Aleksandrovich Zhelezny.' }).waitFor(WAIT);
      await wm.page.getByText('No cleared hits.').waitFor(WAIT);
      expect(await wm.problems()).to.deep.equal([]);
    } finally {
      await wm.close();
    }
    const [pair]: { revoked_by: string }[] = await h.svc.db.query('SELECT revoked_by FROM screening_cleared_pairs WHERE org_id = ?', [tenant.id]);
    expect(pair!.revoked_by).to.equal(mlro.email);
  });
});
