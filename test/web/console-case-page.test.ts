import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { memberActor } from '../../src/access/index';
import { setFourEyes, type Tenant } from '../../src/tenants/index';
import { newCase, setStatus } from '../graphql/case-support';
import type { ConsoleHarness } from '../graphql/harness';
import { seedDocument, seedHit, seedParty } from '../rest/factories';
import { checkPage, closeAll, expectNoSidewaysScroll, heading, pageAs, said, section, startConsoleInChromium, untilFrame, WAIT } from '../support/browser';
import { drainJobs, runtime } from '../support/runtime';
import { splitWords } from '../support/word-breaks';

/** Issue 29: the case page organised around the decision, in Chromium against the real server and databases. */
describe('web console: the case page (decision panel, tabs, people, activity) in Chromium', function () {
  this.timeout(180_000);
  let h: ConsoleHarness;
  let browser: Browser;
  before(async () => {
    ({ h, browser } = await startConsoleInChromium());
  });
  after(() => closeAll(browser, h));

  /** A case in review with open checks: a director without an email (no verification), an errored document, an open hit. */
  async function blockedCase(tenant: Tenant, companyName: string) {
    const c = await newCase(h.svc, tenant, { companyName });
    await setStatus(h.svc, c.pk, 'in_review');
    await h.svc.db.query("UPDATE cases SET risk_band = 'medium', risk_score = 48 WHERE pk = ?", [c.pk]);
    await seedParty(h.svc, tenant.id, c.pk, { kind: 'director', position: 0, name: 'Alan Turing' });
    await seedParty(h.svc, tenant.id, c.pk, { kind: 'ubo', position: 0, name: 'Marcus Hale' });
    await seedDocument(h.svc, tenant.id, c.pk, { filename: 'blurry-id.pdf', status: 'error' });
    await seedHit(h.svc, tenant.id, c.pk, { hitId: 'hit-open' });
    return c;
  }
  const open = async (page: Page, caseId: string, company: string, query = '') => {
    await page.goto(`${h.url}/console/cases/${caseId}${query}`);
    await heading(page, company);
  };
  const panel = (page: Page) => page.getByRole('region', { name: 'Decision and open checks' });
  const selectedTab = (page: Page) => page.getByRole('tab', { selected: true }).innerText();
  /** The tab selected once the page has caught up (bounded): its name. */
  const tabNow = (page: Page, want: string) => untilFrame(page, () => selectedTab(page), want);

  it('the decision panel lists the open checks in words and leads to them; Approve asks for an override reason, recorded with the decision', async () => {
    const tenant = await h.tenant('Panel Ltd');
    await setFourEyes(h.svc, memberActor({ orgId: tenant.id, id: '00000000-0000-4000-8000-0000000000a1', email: 'admin@example.com', role: 'compliance_admin' }), { enabled: false });
    const analyst = await h.member('analyst', tenant);
    const c = await blockedCase(tenant, 'Blocked Panel Ltd');
    const w = await pageAs(browser, h, analyst);
    await open(w.page, c.caseId, 'Blocked Panel Ltd');

    const checks = [
      'Identity verification of Alan Turing has not passed (no verification sent).',
      'Identity verification of Marcus Hale has not passed (no verification sent).',
      'Screening hit "John DOE" on John Doe has no disposition.',
      'Document blurry-id.pdf is in error.',
      'The decision policy has not routed the case yet.',
    ];
    const openChecks = panel(w.page).getByTestId('open-checks');
    expect(await openChecks.locator('p').innerText()).to.equal('5 open checks (approving over them needs an override reason):');
    expect(await openChecks.locator('.blocker-text').allTextContents()).to.deep.equal(checks);
    const facts = await panel(w.page).locator('dl > div').allInnerTexts();
    expect(facts.map((f) => f.replace(/\n+/g, ': '))).to.deep.equal([
      'Status: In review', 'Stage: Created', 'Risk band: Medium (score 48)', 'Owner: Unassigned', 'SLA: On track', 'Routing: Not routed yet',
    ].map((f, i) => (i === 4 ? facts[4]!.replace(/\n+/g, ': ') : f)));
    expect(await panel(w.page).locator('.case-actions .button').allTextContents()).to.deep.equal(['Approve', 'Decline', 'Escalate']);

    // Each check leads to the tab that settles it.
    await openChecks.getByRole('button', { name: `Open Documents and screening for: ${checks[3]}` }).click();
    expect(await tabNow(w.page, 'Documents and screening')).to.equal('Documents and screening');
    expect(new URL(w.page.url()).searchParams.get('tab')).to.equal('documents');
    await w.page.locator('.card', { hasText: 'blurry-id.pdf' }).waitFor(WAIT);

    // Approve from the panel: the open checks again, and the reason is required.
    await panel(w.page).getByRole('button', { name: 'Approve' }).click();
    const approve = w.page.getByRole('dialog', { name: `Approve case ${c.caseId}` });
    expect(await approve.locator('#open-checks li').allTextContents()).to.deep.equal(checks);
    await approve.getByLabel('Notes').fill('Known customer.');
    await approve.getByRole('button', { name: 'Approve over open checks' }).click();
    expect(await approve.getByLabel('Override reason').evaluate((el) => (el as unknown as { validity: { valueMissing: boolean } }).validity.valueMissing)).to.equal(true);
    await approve.getByLabel('Override reason').fill('Directors met in person; passports seen.');
    await approve.getByRole('button', { name: 'Approve over open checks' }).click();
    await said(w.page, 'The case is approved.');
    await panel(w.page).locator('.badge-ok', { hasText: 'Approved' }).waitFor(WAIT);
    const [row] = (await h.svc.db.query('SELECT outcome, notes, override_reason FROM decisions WHERE org_id = ? AND case_pk = ?', [tenant.id, c.pk])) as Record<string, unknown>[];
    expect(row).to.deep.equal({ outcome: 'approved', notes: 'Known customer.', override_reason: 'Directors met in person; passports seen.' });
    // A decided case has no open checks to show, and the sentence of the decision names the analyst.
    expect(await panel(w.page).getByTestId('open-checks').count()).to.equal(0);
    await w.page.getByRole('tab', { name: 'Activity' }).click();
    await section(w.page, 'Timeline').getByText(`analyst ${analyst.email.split('.')[1]} approved the case: Known customer.`).waitFor(WAIT);
    // Looked at afresh for axe (React Aria's announcer keeps a closed dialog's messages until a reload).
    await w.page.reload();
    await heading(w.page, 'Blocked Panel Ltd');
    await checkPage(w.page, 'case-page-decided');
    expect(await w.problems()).to.deep.equal([]);
    await w.close();
  });

  it('the timeline in sentences naming the actor, filtered by kind (kept in the address), each event\'s payload one click away', async () => {
    const tenant = await h.tenant('Timeline Ltd');
    const analyst = await h.member('analyst', tenant);
    const c = await newCase(h.svc, tenant, { companyName: 'Sentences Ltd' });
    await setStatus(h.svc, c.pk, 'in_review');
    const w = await pageAs(browser, h, analyst);
    await open(w.page, c.caseId, 'Sentences Ltd');
    // An escalation through the panel, so the timeline has a decision-kind event by a member.
    await panel(w.page).getByRole('button', { name: 'Escalate' }).click();
    const dialog = w.page.getByRole('dialog', { name: `Escalate case ${c.caseId}` });
    await dialog.getByLabel('Note for the senior reviewer').fill('Ownership unclear.');
    await dialog.getByRole('button', { name: 'Escalate' }).click();
    await said(w.page, 'The case is escalated for senior review.');
    await w.page.reload();
    await heading(w.page, 'Sentences Ltd');

    await w.page.getByRole('tab', { name: 'Activity' }).click();
    const timeline = section(w.page, 'Timeline');
    const name = `analyst ${analyst.email.split('.')[1]}`;
    await timeline.getByText(`${name} escalated the case for senior review: Ownership unclear.`).waitFor(WAIT);
    // Newest first: the status change is the escalation's companion, recorded after it.
    const sentences = await timeline.locator('.timeline-sentence').allInnerTexts();
    expect(sentences).to.deep.equal([
      `${name} moved the case from in review to pending senior review.`,
      `${name} escalated the case for senior review: Ownership unclear.`,
      'The service operator opened the case by hand for Sentences Ltd.',
    ]);
    expect(sentences.join('\n')).to.not.match(/\b[a-z_]+\.[a-z_.]+\b/, 'no event type names in the sentences');

    // The payload, one click away.
    const data = timeline.getByRole('button', { name: 'Event data of escalation.created' });
    expect(await data.getAttribute('aria-expanded')).to.equal('false');
    await data.click();
    const payload = JSON.parse((await w.page.getByLabel('Payload of escalation.created').textContent())!) as Record<string, unknown>;
    expect(payload).to.deep.include({ event: 'escalation.created', caseId: c.caseId, note: 'Ownership unclear.', raisedBy: analyst.email });

    // The filter: decisions only; the address keeps it, a reload too.
    await timeline.locator('.select-button').click();
    await w.page.getByRole('option', { name: 'Decisions and escalations' }).click();
    expect(new URL(w.page.url()).searchParams.get('show')).to.equal('decisions');
    // The list is drawn again for the filter: wait (bounded) until the other kinds have gone.
    await timeline.locator('li.timeline-item:not([data-kind="decisions"])').first().waitFor({ state: 'detached', timeout: 10_000 });
    const kinds = await timeline.locator('li.timeline-item').evaluateAll((els) => els.map((e) => (e as unknown as { dataset: { kind: string } }).dataset.kind));
    expect(kinds.length).to.be.greaterThan(0);
    expect([...new Set(kinds)]).to.deep.equal(['decisions']);
    await w.page.reload();
    await heading(w.page, 'Sentences Ltd');
    expect(await tabNow(w.page, 'Activity')).to.equal('Activity');
    expect(await section(w.page, 'Timeline').locator('li.timeline-item').count()).to.equal(kinds.length);
    await checkPage(w.page, 'case-page-activity');
    expect(await w.problems()).to.deep.equal([]);
    await w.close();
  });

  it('one People list (roles in words, each person\'s identity check); an analyst adds a missing email, then Resend sends the link', async () => {
    const tenant = await h.tenant('People Ltd');
    const analyst = await h.member('analyst', tenant);
    const c = await blockedCase(tenant, 'People Panel Ltd');
    const w = await pageAs(browser, h, analyst);
    await open(w.page, c.caseId, 'People Panel Ltd', '?tab=people');
    const people = section(w.page, 'People');
    const alan = people.locator('li.person-entry', { has: w.page.getByRole('heading', { level: 3, name: 'Alan Turing' }) });
    await alan.waitFor(WAIT);
    expect(await people.locator('li.person-entry h3').allTextContents()).to.deep.equal(['Alan Turing', 'Marcus Hale']);
    expect(await people.locator('.person-roles').allTextContents()).to.deep.equal(['Director · born 1980-04-01', 'Beneficial owner (25.5%) · born 1980-04-01']);
    expect(await w.page.getByText('Directors and owners').count(), 'no twin list').to.equal(0);
    expect(await w.page.locator('main').innerText()).to.not.contain('Ubo');
    expect(await alan.locator('.person-email').innerText()).to.contain('No email address: add one so that the verification link can be sent.');
    expect(await alan.getByRole('button', { name: 'Resend link to Alan Turing' }).count()).to.equal(0);

    await alan.getByRole('button', { name: 'Add email' }).click();
    const dialog = w.page.getByRole('dialog', { name: 'Add Alan Turing\'s email address' });
    await dialog.getByLabel('Email address').fill('alan');
    await dialog.getByRole('button', { name: 'Save email' }).click();
    await dialog.getByText('Must be an email address such as name@example.com.').waitFor(WAIT);
    await dialog.getByLabel('Email address').fill('alan@turing.example');
    await dialog.getByRole('button', { name: 'Save email' }).click();
    await said(w.page, 'Alan Turing\'s email address is saved.');
    expect(await alan.locator('.person-email').innerText()).to.contain('Email: alan@turing.example');
    const audit = (await h.svc.db.query("SELECT actor, action FROM tenant_config_audit_log WHERE org_id = ? AND action = 'case.person_email.set'", [tenant.id])) as Record<string, unknown>[];
    expect(audit).to.deep.equal([{ actor: analyst.email, action: 'case.person_email.set' }]);

    await alan.getByRole('button', { name: 'Resend link to Alan Turing' }).click();
    await said(w.page, 'A new verification link is on its way to Alan Turing.');
    expect(await alan.getByTestId('idv-status').innerText()).to.equal('Link sent');
    await drainJobs(await runtime(), { orgId: tenant.id, svc: h.svc });
    const [sent] = (await h.svc.db.query("SELECT data FROM events WHERE org_id = ? AND case_pk = ? AND type = 'idv.dispatched'", [tenant.id, c.pk])) as { data: string }[];
    expect(JSON.parse(sent!.data)).to.deep.include({ recipientEmail: 'alan@turing.example', recipientName: 'Alan Turing', dispatchedBy: analyst.email });
    await w.page.reload();
    await heading(w.page, 'People Panel Ltd');
    await section(w.page, 'People').locator('li.person-entry').first().waitFor(WAIT);
    await checkPage(w.page, 'case-page-people');
    expect(await w.problems()).to.deep.equal([]);
    await w.close();
  });

  it('tabs work by keyboard (arrows move, the address keeps the tab for links and reloads)', async () => {
    const tenant = await h.tenant('Keys Ltd');
    const analyst = await h.member('analyst', tenant);
    const c = await blockedCase(tenant, 'Keyboard Ltd');
    const w = await pageAs(browser, h, analyst);
    await open(w.page, c.caseId, 'Keyboard Ltd');
    expect(await tabNow(w.page, 'Overview')).to.equal('Overview');
    await w.page.getByRole('tab', { name: 'Overview' }).focus();
    await w.page.keyboard.press('ArrowRight');
    expect(await tabNow(w.page, 'Documents and screening')).to.equal('Documents and screening');
    await w.page.keyboard.press('ArrowRight');
    await w.page.keyboard.press('ArrowRight');
    expect(await tabNow(w.page, 'Risk and routing')).to.equal('Risk and routing');
    expect(new URL(w.page.url()).searchParams.get('tab')).to.equal('risk');
    // Tab goes from the tab list into the panel's content.
    await w.page.keyboard.press('Tab');
    expect(await w.page.evaluate<string>('document.activeElement.closest("[role=tabpanel]") ? "in panel" : "outside"')).to.equal('in panel');
    await w.page.keyboard.press('Shift+Tab');
    await w.page.keyboard.press('End');
    expect(await tabNow(w.page, 'Activity')).to.equal('Activity');
    await w.page.reload();
    await heading(w.page, 'Keyboard Ltd');
    expect(await tabNow(w.page, 'Activity')).to.equal('Activity');
    expect(await w.problems()).to.deep.equal([]);
    await w.close();
  });

  it('at 390 px and on a desktop no word breaks across lines on any tab of the case page nor on the case list; axe-clean; the panel does not cover the page on a phone', async () => {
    const tenant = await h.tenant('Words Ltd');
    const analyst = await h.member('analyst', tenant);
    const c = await blockedCase(tenant, 'Not Assessed Words Holdings International Ltd');
    await h.svc.db.query('UPDATE cases SET risk_band = NULL, risk_score = NULL WHERE pk = ?', [c.pk]);
    const problems: string[] = [];
    for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
      const w = await pageAs(browser, h, analyst);
      await w.page.setViewportSize(viewport);
      for (const tab of ['', '?tab=documents', '?tab=people', '?tab=risk', '?tab=outreach', '?tab=activity']) {
        await open(w.page, c.caseId, 'Not Assessed Words Holdings International Ltd', tab);
        await w.page.locator('[role=tabpanel] section.case-section').first().waitFor(WAIT);
        await w.page.getByText('Loading', { exact: false }).waitFor({ state: 'detached', ...WAIT });
        problems.push(...(await splitWords(w.page)).map((p) => `${viewport.width} px ${tab || 'overview'}: ${p}`));
        await expectNoSidewaysScroll(w.page);
      }
      if (viewport.width === 390) {
        // On a phone the panel scrolls away with the page.
        expect(await panel(w.page).evaluate((el) => (globalThis as unknown as { getComputedStyle(e: unknown): { position: string } }).getComputedStyle(el).position)).to.equal('static');
        await checkPage(w.page, 'case-page-390');
      } else {
        expect(await panel(w.page).evaluate((el) => (globalThis as unknown as { getComputedStyle(e: unknown): { position: string } }).getComputedStyle(el).position)).to.equal('sticky');
      }
      await w.page.goto(`${h.url}/console/cases`);
      await heading(w.page, 'Cases');
      await w.page.getByRole('link', { name: 'Not Assessed Words Holdings International Ltd' }).waitFor(WAIT);
      problems.push(...(await splitWords(w.page)).map((p) => `${viewport.width} px case list: ${p}`));
      expect(await w.problems()).to.deep.equal([]);
      await w.close();
    }
    expect(problems).to.deep.equal([]);
  });

  it('the screenshot of the case page for the docs (docs/images/case-page.png)', async () => {
    const tenant = await h.tenant('Docs Ltd');
    const analyst = await h.member('analyst', tenant);
    const c = await blockedCase(tenant, 'Northwind Trading Ltd');
    const w = await pageAs(browser, h, analyst);
    await w.page.setViewportSize({ width: 1280, height: 900 });
    await open(w.page, c.caseId, 'Northwind Trading Ltd', '?tab=people');
    await section(w.page, 'People').locator('li.person-entry').first().waitFor(WAIT);
    await w.page.getByText('Loading', { exact: false }).waitFor({ state: 'detached', ...WAIT });
    const dir = join(__dirname, '..', '..', '..', 'test-output', 'screenshots');
    await mkdir(dir, { recursive: true });
    await w.page.screenshot({ path: join(dir, 'case-page-docs.png'), type: 'png' });
    await w.close();
  });
});
