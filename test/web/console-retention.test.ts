import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { memberActor, operatorActor } from '../../src/access/index';
import { decideCase } from '../../src/decisions/index';
import { setRetentionPolicy } from '../../src/retention/index';
import { setFullParity, setZeroRetention } from '../../src/tenants/index';
import { ConsoleHarness } from '../graphql/harness';
import { seedParty } from '../persons/support';
import { decide, personalCase } from '../retention/support';
import { brokenWords, checkPage, closeAll, consolePage, expectNoSidewaysScroll, heading, pageAs, said, section, startConsoleInChromium, WAIT } from '../support/browser';
import { drainJobs, runtime } from '../support/runtime';
import { newEndpoint, receiversPerTest } from '../webhooks/support';

/** A 390 px phone in dark mode (the narrowest the console promises to fit without breaking a word). */
const PHONE = { viewport: { width: 390, height: 844 }, colorScheme: 'dark' } as const;

/** `iso` as the page writes a day (labels.ts day(): the browser's locale, medium date). */
const dayIn = (page: Page, iso: string) => page.evaluate<string, string>((at) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(at)), iso);

/** The 390 px checks every page of this file passes: no sideways scroll, no word broken across lines (in `within`), axe clean. */
async function fitsPhone(page: Page, name: string, within = 'main'): Promise<void> {
  await expectNoSidewaysScroll(page);
  expect(await brokenWords(page, within)).to.deep.equal([]);
  await checkPage(page, name);
}

/**
 * Retention in the console (docs/retention.md, docs/evidence-and-retention.md), in Chromium against the real server:
 * a purged case's page, Compliance configuration › Retention, the case page's Retention and legal hold, and
 * Compliance configuration › Data subjects.
 */
describe('web console: retention in Chromium', function () {
  this.timeout(90_000);
  let h: ConsoleHarness, browser: Browser;
  const receiver = receiversPerTest();
  before(async () => ({ h, browser } = await startConsoleInChromium()));
  after(() => closeAll(browser, h));

  it('says "Personal data purged on <date>" and shows the documents without their file names or extracted data', async () => {
    const analyst = await h.signedIn('analyst');
    const tenant = analyst.member.tenant;
    await setFullParity(h.svc, operatorActor(tenant.id), { entitled: true, enabled: true });
    await setZeroRetention(h.svc, operatorActor(tenant.id), { enabled: true });
    const r = await receiver(() => ({ status: 200 }));
    await newEndpoint(h.svc, { orgId: tenant.id, url: r.url(), eventTypes: ['case.data_package.delivered'] });
    const c = await personalCase(h.svc, tenant);
    await decide(h.svc, tenant, c.caseId);
    await drainJobs(await runtime(), { orgId: tenant.id });
    const [row] = (await h.svc.db.query('SELECT purged_at FROM cases WHERE pk = ?', [c.pk])) as { purged_at: Date | null }[];
    expect(row!.purged_at).to.be.instanceOf(Date);

    const w = await consolePage(browser, h, analyst);
    await w.page.goto(`${h.url}/console/cases/${c.caseId}`);
    await w.page.getByRole('heading', { level: 1, name: 'Retained Ltd' }).waitFor(WAIT);
    const day = await w.page.evaluate<string, string>((iso) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso)), row!.purged_at!.toISOString());
    await w.page.getByText(`Personal data purged on ${day}.`).waitFor(WAIT);
    expect(await w.page.locator('dl.case-facts dt:text-is("Customer") + dd').innerText()).to.equal('—');
    await w.page.getByRole('tab', { name: 'Documents and screening' }).click();
    await w.page.getByRole('heading', { level: 3, name: `Document ${c.documentId} (file purged)` }).waitFor(WAIT);
    // The documents section no longer has the file name (the timeline still shows stored event payloads: docs/retention.md, Known limit).
    const documents = w.page.getByRole('region', { name: 'Documents' });
    expect(await documents.getByText('passport-jane-doe.pdf').count()).to.equal(0);
    expect(await documents.getByRole('button', { name: 'Extracted data (0 fields)' }).count()).to.equal(1);
    await checkPage(w.page, 'console-case-purged-light');
    expect(await w.problems()).to.deep.equal([]);
    await w.close();
  });

  it('Compliance configuration › Retention: off by default; a compliance admin\'s bad number is refused beside its field, then saved as version 1; an analyst reads it on a phone', async () => {
    const ca = await h.signedIn('compliance_admin');
    const analyst = await h.member('analyst', ca.member.tenant);
    const w = await consolePage(browser, h, ca);
    try {
      const { page } = w;
      await page.goto(`${h.url}/console/settings`);
      await page.getByRole('navigation', { name: 'Compliance configuration' }).getByRole('link', { name: 'Retention' }).click();
      await heading(page, 'Retention');
      await page.getByText('The schedule is off: no case is erased by it.', { exact: false }).waitFor(WAIT);
      expect(await page.getByTestId('retention-saved').innerText()).to.equal('Never set: the schedule is off, nothing is erased by it.');
      await page.getByText('A declined case keeps its personal data this many days after the decline, then it is erased.').waitFor(WAIT);
      await checkPage(page, 'console-retention-policy');
      const years = page.getByRole('textbox', { name: 'Approved cases (years)' });
      await years.fill('0');
      await page.getByRole('textbox', { name: 'Declined cases (days)' }).fill('thirty');
      await page.getByRole('button', { name: 'Save retention schedule' }).click();
      const error = (label: string) => page.locator('.field', { has: page.getByRole('textbox', { name: label }) }).locator('.field-error');
      await error('Approved cases (years)').waitFor(WAIT);
      expect(await error('Approved cases (years)').innerText()).to.equal('Must be a whole number of years from 1 to 100, or empty to keep them.');
      expect(await error('Declined cases (days)').innerText()).to.equal('Must be a whole number of days from 1 to 36500, or empty to keep them.');
      await years.fill('5');
      await page.getByRole('textbox', { name: 'Declined cases (days)' }).fill('30');
      await page.getByRole('button', { name: 'Save retention schedule' }).click();
      await page.getByRole('status').filter({ hasText: 'The retention schedule is saved (version 1).' }).waitFor(WAIT);
      expect(await page.getByTestId('retention-saved').innerText()).to.match(new RegExp(`^Version 1, saved .+ by ${ca.member.email.replace(/[.]/g, '\\.')}\\.$`));
      expect(await w.problems()).to.deep.equal([]);
    } finally {
      await w.close();
    }
    const [row] = await h.svc.db.query('SELECT version, years_after_closure, declined_days, withdrawn_days FROM retention_policies WHERE org_id = ?', [ca.member.tenant.id]) as Record<string, unknown>[];
    expect(row).to.deep.equal({ version: 1, years_after_closure: 5, declined_days: 30, withdrawn_days: null });

    const wa = await consolePage(browser, h, await h.signedInAs(analyst), PHONE);
    try {
      await wa.page.goto(`${h.url}/console/settings/retention`);
      await heading(wa.page, 'Retention');
      const facts = wa.page.getByTestId('retention-policy');
      await facts.waitFor(WAIT);
      expect((await facts.innerText()).split('\n').map((l) => l.trim()).filter(Boolean)).to.deep.equal([
        'Approved cases', '5 years', 'Declined cases', '30 days', 'Withdrawn cases', 'Kept (never erased by the schedule)',
      ]);
      expect(await wa.page.getByRole('button', { name: 'Save retention schedule' }).count()).to.equal(0);
      await wa.page.getByText('A compliance admin can change this.').waitFor(WAIT);
      await fitsPhone(wa.page, 'console-retention-policy-390');
      expect(await wa.problems()).to.deep.equal([]);
    } finally {
      await wa.close();
    }
  });

  it('the case page\'s Retention and legal hold: the period and its basis; an MLRO places a hold with a reason and releases it; an analyst only reads it', async () => {
    const mlro = await h.signedIn('mlro');
    const tenant = mlro.member.tenant;
    const analyst = await h.member('analyst', tenant);
    await setRetentionPolicy(h.svc, memberActor({ orgId: tenant.id, id: '00000000-0000-4000-8000-0000000000c1', email: 'ca@retained.example', role: 'compliance_admin' }), { declinedDays: 30 });
    const c = await personalCase(h.svc, tenant);
    const decider = memberActor({ orgId: tenant.id, id: '00000000-0000-4000-8000-0000000000a1', email: 'analyst@retained.example', role: 'analyst' });
    await decideCase(h.svc, decider, { caseId: c.caseId, outcome: 'declined', notes: 'Could not verify the source of funds.' });
    const [{ decided_at: decidedAt }] = await h.svc.db.query('SELECT MAX(decided_at) AS decided_at FROM decisions WHERE org_id = ? AND case_pk = ?', [tenant.id, c.pk]) as { decided_at: Date }[];
    const dueAt = new Date(decidedAt.getTime() + 30 * 86_400_000).toISOString();

    const w = await consolePage(browser, h, mlro);
    try {
      const { page } = w;
      await page.goto(`${h.url}/console/cases/${c.caseId}`);
      await heading(page, 'Retained Ltd');
      const panel = section(page, 'Retention and legal hold');
      const facts = panel.getByTestId('case-retention');
      await facts.waitFor(WAIT);
      const due = await dayIn(page, dueAt);
      await facts.getByText(`Runs until ${due} (declined: 30 days after the decline); the personal data is erased then.`).waitFor(WAIT);
      expect(await facts.locator('dt:text-is("Legal hold") + dd').innerText()).to.equal('None.');
      await panel.getByRole('button', { name: 'Place legal hold' }).click();
      const dialog = page.getByRole('dialog', { name: `Place a legal hold on case ${c.caseId}` });
      await dialog.getByRole('button', { name: 'Place legal hold' }).click();
      // The reason is required: the browser keeps the dialog open, and the server is not asked.
      expect(await dialog.locator('textarea:invalid').count()).to.equal(1);
      await dialog.getByRole('textbox', { name: 'Reason' }).fill('Litigation: Smith v Retained Ltd');
      await checkPage(page, 'console-case-legal-hold-dialog');
      await dialog.getByRole('button', { name: 'Place legal hold' }).click();
      await said(page, 'The case is on legal hold: nothing erases its personal data until the hold is released.');
      const hold = facts.locator('dt:text-is("Legal hold") + dd');
      await hold.getByText(`placed by ${mlro.member.email}: Litigation: Smith v Retained Ltd.`, { exact: false }).waitFor(WAIT);
      await checkPage(page, 'console-case-retention');

      await panel.getByRole('button', { name: 'Release legal hold' }).click();
      await page.getByRole('alertdialog', { name: `Release the legal hold on case ${c.caseId}` }).getByRole('button', { name: 'Release' }).click();
      await said(page, 'The legal hold is released.');
      await hold.getByText('None.', { exact: true }).waitFor(WAIT); // the case is read again after the notice
      expect(await hold.innerText()).to.equal('None.');
      expect(await w.problems()).to.deep.equal([]);
    } finally {
      await w.close();
    }
    const audit = await h.svc.db.query(
      "SELECT action, actor FROM tenant_config_audit_log WHERE org_id = ? AND action LIKE 'case.legal_hold.%' ORDER BY seq", [tenant.id],
    ) as { action: string; actor: string }[];
    expect(audit).to.deep.equal([{ action: 'case.legal_hold.set', actor: mlro.member.email }, { action: 'case.legal_hold.released', actor: mlro.member.email }]);

    const wa = await consolePage(browser, h, await h.signedInAs(analyst), PHONE);
    try {
      await wa.page.goto(`${h.url}/console/cases/${c.caseId}`);
      await heading(wa.page, 'Retained Ltd');
      const panel = section(wa.page, 'Retention and legal hold');
      await panel.getByText('Runs until', { exact: false }).waitFor(WAIT);
      expect(await panel.getByRole('button').count()).to.equal(0);
      await panel.scrollIntoViewIfNeeded();
      // The words of this panel (the rest of the case page is other features' own).
      await fitsPhone(wa.page, 'console-case-retention-390', 'section[aria-labelledby="retention-title"]');
      expect(await wa.problems()).to.deep.equal([]);
    } finally {
      await wa.close();
    }
  });

  it('Compliance configuration › Data subjects: a compliance admin finds a person, downloads their subject access ZIP, requests erasure and reads the answer per case, then the request in the list', async () => {
    const ca = await h.signedIn('compliance_admin');
    const tenant = ca.member.tenant;
    await setRetentionPolicy(h.svc, memberActor({ orgId: tenant.id, id: ca.member.id, email: ca.member.email, role: 'compliance_admin' }), { declinedDays: 30 });
    const open = await personalCase(h.svc, tenant);
    const declined = await personalCase(h.svc, tenant);
    const decider = memberActor({ orgId: tenant.id, id: '00000000-0000-4000-8000-0000000000a1', email: 'analyst@retained.example', role: 'analyst' });
    await decideCase(h.svc, decider, { caseId: declined.caseId, outcome: 'declined', notes: 'Could not verify the source of funds.' });
    const [{ decided_at: decidedAt }] = await h.svc.db.query('SELECT MAX(decided_at) AS decided_at FROM decisions WHERE org_id = ? AND case_pk = ?', [tenant.id, declined.pk]) as { decided_at: Date }[];
    const first = await seedParty(h.svc, tenant.id, open.pk, { position: 1, name: 'John Subject', email: 'john@subject.example', dateOfBirth: '1970-01-01' });
    const second = await seedParty(h.svc, tenant.id, declined.pk, { position: 1, name: 'John Subject', email: 'john@subject.example', dateOfBirth: '1970-01-01' });
    const analyst = await h.signedIn('analyst', tenant);
    const marked = (await analyst.data<{ markPersonNew: { persons: { personKey: string; link: { personId: number } | null }[] } }>(
      'mutation($c: ID!, $k: String!) { markPersonNew(caseId: $c, personKey: $k) { persons { personKey link { personId } } } }', { c: open.caseId, k: first.personKey },
    )).markPersonNew;
    const personId = marked.persons.find((p) => p.personKey === first.personKey)!.link!.personId;
    await analyst.data('mutation($c: ID!, $k: String!, $p: Int!) { linkPerson(caseId: $c, personKey: $k, personId: $p) { caseId } }', { c: declined.caseId, k: second.personKey, p: personId });

    // The page is a compliance admin's: an analyst has no link to it.
    const wn = await pageAs(browser, h, analyst.member);
    try {
      await wn.page.goto(`${h.url}/console/settings/retention`);
      await heading(wn.page, 'Retention');
      expect(await wn.page.getByRole('navigation', { name: 'Compliance configuration' }).getByRole('link', { name: 'Data subjects' }).count()).to.equal(0);
    } finally {
      await wn.close();
    }

    const w = await consolePage(browser, h, ca);
    try {
      const { page } = w;
      await page.goto(`${h.url}/console/settings`);
      await page.getByRole('navigation', { name: 'Compliance configuration' }).getByRole('link', { name: 'Data subjects' }).click();
      await heading(page, 'Data subjects');
      await page.getByRole('textbox', { name: 'Name or email' }).fill('john@subject');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.getByRole('status').filter({ hasText: 'One person matches.' }).waitFor(WAIT);
      await page.getByRole('button', { name: 'Choose John Subject' }).click();
      const person = page.locator('section.panel', { has: page.getByRole('heading', { level: 2, name: 'John Subject' }) });
      await person.locator('dt:text-is("Cases") + dd').getByText(open.caseId, { exact: false }).waitFor(WAIT);
      await checkPage(page, 'console-data-subjects');

      const [download] = await Promise.all([page.waitForEvent('download', WAIT), person.getByRole('button', { name: 'Download subject access export' }).click()]);
      expect(download.suggestedFilename()).to.match(/^subject-access-\d{4}-\d{2}-\d{2}\.zip$/);
      const zip = await download.createReadStream();
      const head = await new Promise<Buffer>((resolve, reject) => zip.once('data', (b) => resolve(Buffer.from(b))).once('error', reject));
      zip.destroy();
      expect(head.subarray(0, 2).toString('latin1')).to.equal('PK');

      await person.getByRole('button', { name: 'Request erasure' }).click();
      const dialog = page.getByRole('dialog', { name: 'Erase the personal data of John Subject' });
      await dialog.getByRole('textbox', { name: 'Reason' }).fill('Letter of 2 November 2026, reference DSR7');
      await dialog.getByRole('button', { name: 'Request erasure' }).click();
      const answer = page.getByRole('status').filter({ hasText: 'is recorded. For each case:' });
      await answer.waitFor(WAIT);
      const due = await dayIn(page, new Date(decidedAt.getTime() + 30 * 86_400_000).toISOString());
      const lines = (await answer.locator('li').allInnerTexts()).map((l) => l.trim());
      expect(lines).to.have.members([
        `Case ${open.caseId}: This person's data erased on ${await dayIn(page, new Date().toISOString())}. The case and its other people stay.`,
        `Case ${declined.caseId}: Retained until ${due} (legal basis: declined: 30 days after the decline); erased automatically on that date.`,
      ]);
      const listed = page.getByTestId('erasure-request');
      await listed.getByText('Waiting', { exact: true }).waitFor(WAIT);
      expect(await listed.innerText()).to.contain('Letter of 2 November 2026, reference DSR7');
      expect(await listed.locator('li').count()).to.equal(2);
      await checkPage(page, 'console-data-subjects-answered');
      expect(await w.problems()).to.deep.equal([]);
    } finally {
      await w.close();
    }

    const wp = await consolePage(browser, h, await h.signedInAs(ca.member), PHONE);
    try {
      await wp.page.goto(`${h.url}/console/settings/data-subjects`);
      await heading(wp.page, 'Data subjects');
      await wp.page.getByTestId('erasure-request').getByText('Waiting', { exact: true }).waitFor(WAIT);
      await fitsPhone(wp.page, 'console-data-subjects-390');
      expect(await wp.problems()).to.deep.equal([]);
    } finally {
      await wp.close();
    }
  });
});
