import { expect } from 'chai';
import type { Browser, Locator } from 'playwright-core';
import { systemActor } from '../../src/access/index';
import { extractDocument, uploadDocuments } from '../../src/documents/index';
import type { Services } from '../../src/platform/index';
import { routeCase } from '../../src/decisions/index';
import { assessCaseRisk, DEFAULT_RISK_MODEL } from '../../src/risk/index';
import { formSubmissionTrigger, reviewCase } from '../../src/review/index';
import { screenCase, triageCaseHits } from '../../src/screening/index';
import type { Tenant } from '../../src/tenants/index';
import { passportPdf, REGISTER_EXTRACT_LINES, textPdf } from '../documents/support';
import { setStatus } from '../graphql/case-support';
import { ConsoleHarness } from '../graphql/harness';
import { caseWithApplication } from '../screening/support';
import { checkPage, closeAll, expectNoSidewaysScroll, heading, LOOKS, pageAs, said, section, startConsoleInChromium, WAIT, type Look } from '../support/browser';

/**
 * The decisioning pipeline in the console, in Chromium against the real server and databases: the case page's
 * Documents, Screening (with Record disposition), Risk (Recompute risk), AI review (Run AI review) and Routing,
 * all made by the pipeline's own step use cases; and the Risk model and Decision policy settings pages.
 */
describe('web console: the decisioning pipeline in Chromium', function () {
  this.timeout(120_000);
  let h: ConsoleHarness, browser: Browser;
  before(async () => ({ h, browser } = await startConsoleInChromium()));
  after(() => closeAll(browser, h));

  /** The text of a definition list's entry `term` inside `scope`. */
  const fact = (scope: Locator, term: string) => scope.locator(`dl > dt:text-is("${term}") + dd, dl > div > dt:text-is("${term}") + dd`).first().innerText();

  /**
   * A case as the pipeline leaves it, through the step use cases: a customer's application (a director whose
   * name is on the sample watchlist, born on another day), a passport with a broken check digit and a register
   * extract uploaded through the portal's use case and extracted, screened and triaged, scored, reviewed
   * after the form submission, and routed.
   */
  async function pipelineCase(tenant: Tenant) {
    const svc: Services = h.svc;
    const system = systemActor(tenant.id);
    const c = await caseWithApplication(svc, tenant, {
      companyName: 'Globex Trading Ltd', directors: [{ name: 'John Smitherton', dateOfBirth: '1985-07-20' }], ubos: [],
    });
    const files = [
      { filename: 'passport.pdf', bytes: await passportPdf(undefined, { breakDigit: true }) },
      { filename: 'register.pdf', bytes: await textPdf(REGISTER_EXTRACT_LINES) },
    ];
    const uploaded = await uploadDocuments(svc, c.customer, {
      files: (async function* () {
        for (const f of files) yield { filename: f.filename, content: (async function* () { yield f.bytes; })() };
      })(),
    });
    for (const d of uploaded.documents) expect((await extractDocument(svc, system, { documentId: d.id })).status).to.equal('complete');
    await setStatus(svc, c.pk, 'in_review');
    await screenCase(svc, system, c.ref);
    await triageCaseHits(svc, system, c.ref);
    await assessCaseRisk(svc, system, c.ref);
    await reviewCase(svc, system, c.ref, { triggeredBy: formSubmissionTrigger(c.customer.email) });
    const routed = await routeCase(svc, system, c.ref);
    expect(routed).to.not.equal(null);
    // The case keeps the company name it was opened with (the application's name is the profile's).
    const [row]: { company_name: string }[] = await svc.db.query('SELECT company_name FROM cases WHERE org_id = ? AND pk = ?', [tenant.id, c.pk]);
    return { ...c, companyName: row!.company_name };
  }

  it('an analyst sees documents, screening with its triage, risk, AI review and routing; records a disposition, recomputes risk and runs the AI review', async () => {
    const tenant = await h.tenant('Pipeline Ltd');
    const analyst = await h.member('analyst', tenant);
    const c = await pipelineCase(tenant);

    for (const look of Object.keys(LOOKS) as Look[]) {
      const w = await pageAs(browser, h, analyst, look);
      await w.page.goto(`${h.url}/console/cases/${c.caseId}`);
      await heading(w.page, c.companyName);
      await section(w.page, 'Routing').waitFor(WAIT);
      await expectNoSidewaysScroll(w.page);
      await checkPage(w.page, `console-case-decisioning-${look}`);
      expect(await w.problems()).to.deep.equal([]);
      await w.close();
    }

    const w = await pageAs(browser, h, analyst);
    const page = w.page;
    await page.goto(`${h.url}/console/cases/${c.caseId}`);
    await heading(page, c.companyName);

    // Documents: type, status, confidence, warnings, and the extracted data as a (nested) definition list.
    const documents = section(page, 'Documents');
    const passport = documents.locator('.card', { hasText: 'passport.pdf' });
    expect(await passport.locator('.card-meta').innerText()).to.match(/^Complete Passport · Medium confidence · uploaded /);
    expect(await passport.getByRole('list', { name: 'Warnings' }).innerText()).to.match(/birth date check digit does not match/i);
    await passport.getByRole('button', { name: /^Extracted data \(\d+ fields\)$/ }).click();
    expect(await fact(passport.locator('.disclosure-panel'), 'surname')).to.equal('HARTLEY');
    expect(await fact(passport.locator('.disclosure-panel'), 'documentNumber')).to.equal('X47Q21903');
    const register = documents.locator('.card', { hasText: 'register.pdf' });
    expect(await register.locator('.card-meta').innerText()).to.match(/^Complete Register extract · \w+ confidence · uploaded /);
    await register.getByRole('button', { name: /^Extracted data/ }).click();
    const registerData = register.locator('.disclosure-panel');
    expect(await fact(registerData, 'companyName')).to.equal('Initech Handels GmbH');
    // Nested values (the directors) are lists, not a JSON dump.
    expect(await registerData.locator('pre').count()).to.equal(0);
    expect(await registerData.innerText()).to.contain('Hans Muster');

    // Screening: the hit, the matched entity, the AI triage with its engine, no disposition yet.
    const hit = section(page, 'Screening').locator('.card', { hasText: 'John Smitherton' });
    const hitText = await hit.innerText();
    expect(hitText).to.match(/Director · matched .+ · score 0\.\d+/);
    expect(hitText).to.contain('Triage: Complete · Escalate (50% confident) — Name matches "John Smitherton" (score 0.9) but no date of birth to compare; an analyst should review.');
    expect(hitText).to.match(/Suggested by svc-rules rules-v1 · /);
    expect(hitText).to.contain('Disposition: None yet');
    // Why it matched: the explanation stored with the hit, in words (the listed date is a day off the director's).
    await hit.getByText('Why it matched', { exact: true }).click();
    const why = await hit.locator('.explanation').innerText();
    expect(why).to.contain('John Smitherton');
    expect(why).to.contain('Words paired');
    expect(why).to.match(/smitherton\s*→?\s*(matched)?\s*smitherton/);
    expect(why).to.contain('a year or less apart');

    // Risk, AI review and routing as the pipeline left them.
    const risk = section(page, 'Risk');
    // The triage's false positive alone does not clear a PEP hit: it scores as escalated (40 of the weight
    // of 25) until a member dispositions it.
    expect(await fact(risk, 'Composite score')).to.equal('10 of 100');
    expect(await fact(risk, 'Band')).to.equal('Low risk');
    expect(await fact(risk, 'Risk model')).to.match(/^Version 1 \(the current model, configuration \d+\)$/);
    expect(await fact(risk, 'Assessed')).to.match(/ by system$/);
    expect(await risk.locator('.factor-list li').count()).to.equal(Object.keys(DEFAULT_RISK_MODEL.weights).length);
    expect(await risk.locator('.factor-list li', { hasText: 'Country of the company' }).innerText()).to.match(/0 points[\s\S]*Weight 25 × score 0/);
    const review = section(page, 'AI review');
    expect(await fact(review, 'Triggered by')).to.equal(`Automatically, after the application form submitted by ${c.customer.email}`);
    expect(await fact(review, 'Reviewer')).to.equal('local rules');
    const routing = section(page, 'Routing');
    expect(await fact(routing, 'Policy')).to.equal('Default policy (version 1)');
    // A PEP hit dismissed by the triage is no sanctions hit, but not "no hits" either: no rule matches.
    expect(await fact(routing, 'Outcome')).to.equal('Analyst review (level 1)');
    expect(await fact(routing, 'Matched')).to.equal('Default branch (no rule matched)');
    await routing.getByRole('button', { name: 'Facts the rules saw' }).click();
    expect(await fact(routing.locator('.disclosure-panel'), 'country')).to.equal('GB');
    expect(await fact(routing.locator('.disclosure-panel'), 'hitsTotal')).to.equal('1');

    // Record disposition: the dialog proposes the triage's suggestion; the analyst confirms a true match.
    await hit.getByRole('button', { name: 'Record disposition' }).click();
    const dialog = page.getByRole('dialog', { name: 'Disposition of the hit on John Smitherton' });
    await dialog.waitFor(WAIT);
    expect(await dialog.locator('.select-button').innerText()).to.contain('Escalate');
    await checkPage(page, 'console-case-disposition-dialog');
    await dialog.locator('.select-button').click();
    await page.getByRole('option', { name: 'True match', exact: true }).click();
    await dialog.getByLabel('Note').fill('Same person: confirmed by the registry.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await said(page, 'The hit on John Smitherton is recorded as true match.');
    expect(await hit.innerText()).to.contain(`Disposition: True match by ${analyst.email} — Same person: confirmed by the registry.`);

    // Recompute risk: the confirmed match now scores, assessed by the analyst.
    await risk.getByRole('button', { name: 'Recompute risk' }).click();
    await said(page, 'Risk recomputed:');
    expect(await fact(risk, 'Assessed')).to.match(new RegExp(` by ${analyst.email.replace(/\./g, '\\.')}$`));
    // The PEP hit confirmed as a true match scores 60 of the screening factor's weight of 25.
    expect(await fact(risk, 'Composite score')).to.equal('15 of 100');
    expect(await risk.locator('.factor-list li', { hasText: 'Sanctions, PEP and adverse-media hits' }).innerText()).to.match(/15 points[\s\S]*Weight 25 × score 60/);

    // Run AI review: a new review triggered by the analyst.
    await review.getByRole('button', { name: 'Run AI review' }).click();
    await said(page, 'The AI review is done:');
    expect(await fact(review, 'Triggered by')).to.equal(analyst.email);
    expect(await review.locator('.factor-list li').count()).to.be.above(0);

    // A reviewer without a usable answer: the server's plain words, nothing else changes.
    const kept = h.svc.reviewer;
    h.svc.reviewer = { name: 'llm:gone', review: async () => { throw new Error('The LLM service gave no complete answer within 30000 ms.'); } };
    try {
      await review.getByRole('button', { name: 'Run AI review' }).click();
      const alert = review.getByRole('alert');
      await alert.waitFor(WAIT);
      expect(await alert.locator('p').allInnerTexts()).to.deep.equal([
        'The AI review is not available right now',
        'The AI case review (llm:gone) did not give a usable answer; nothing was stored. Try again later.',
      ]);
      expect(await fact(review, 'Triggered by')).to.equal(analyst.email);
    } finally {
      h.svc.reviewer = kept;
    }
    expect(await w.problems()).to.deep.equal([]);
    await w.close();
  });

  it('a compliance admin edits the decision policy (invalid JSON next to the field, a bad rule above it) and dry-runs it and a draft against a case', async () => {
    const tenant = await h.tenant('Policy Ltd');
    const admin = await h.member('compliance_admin', tenant);
    const c = await pipelineCase(tenant);
    const w = await pageAs(browser, h, admin);
    const page = w.page;
    await page.goto(`${h.url}/console/settings/decision-policy`);
    await heading(page, 'Decision policy');
    expect(await page.getByRole('navigation', { name: 'Compliance configuration' }).getByRole('link', { name: 'Decision policy' }).getAttribute('aria-current')).to.equal('page');
    const rules = page.getByRole('list', { name: 'Rules, in order' });
    await rules.waitFor(WAIT);
    expect(await rules.locator('.card-title').allInnerTexts()).to.deep.equal([
      'Rule 0: Prohibited risk band', 'Rule 1: Confirmed sanctions match', 'Rule 2: Unresolved sanctions hit', 'Rule 3: High risk band',
      'Rule 4: Medium risk band', 'Rule 5: Low risk, no hits, clean documents, everyone verified',
    ]);
    expect(await rules.locator('.card').first().innerText()).to.contain('band is “prohibited”');
    expect(await rules.locator('.card').nth(5).innerText()).to.match(/all of:\s*band is “low”\s*hitsTotal is 0/);
    expect(await fact(page.locator('.page'), 'Default outcome')).to.equal('Analyst review (level 1)');
    await checkPage(page, 'console-decision-policy-light');

    await page.getByRole('button', { name: 'Edit policy' }).click();
    const rulesField = page.getByLabel('Rules (JSON)');
    await rulesField.fill('[{"name": "Everything GB",');
    await page.getByRole('button', { name: 'Save as a new version' }).click();
    const fieldError = page.locator('.field-error', { hasText: 'valid JSON' });
    await fieldError.waitFor(WAIT);
    expect(await fieldError.innerText()).to.equal('Must be valid JSON.');
    expect(await rulesField.getAttribute('aria-invalid')).to.equal('true');

    await rulesField.fill(JSON.stringify([{ name: 'Empty', conditions: { all: [] }, outcome: 'DECLINE' }]));
    await page.getByRole('button', { name: 'Save as a new version' }).click();
    const alert = page.getByRole('alert');
    await alert.filter({ hasText: 'Rule 0 › conditions › all: must be a non-empty list of conditions' }).waitFor(WAIT);
    expect(await alert.innerText()).to.contain('The decision policy was not saved: one problem to fix.');
    expect(await page.getByLabel('Name').getAttribute('aria-invalid')).to.equal(null);

    await page.getByLabel('Name').fill('Manual review for GB');
    await rulesField.fill(JSON.stringify([{ name: 'Everything GB', conditions: { all: [{ fact: 'country', operator: 'equal', value: 'GB' }] }, outcome: 'REVIEW_LEVEL_2' }]));
    await page.getByLabel('Minimum age').fill('21');
    await page.getByRole('button', { name: 'Save as a new version' }).click();
    await page.getByRole('status').filter({ hasText: 'The decision policy is saved as version 2.' }).waitFor(WAIT);
    await rules.locator('.card-title', { hasText: 'Rule 0: Everything GB' }).waitFor(WAIT);
    expect(await rules.locator('.card').count()).to.equal(1);
    expect(await rules.locator('.card').innerText()).to.contain('country is “GB”');
    expect(await fact(page.locator('.page'), 'Name')).to.equal('Manual review for GB');
    expect(await fact(page.locator('.page'), 'Age gate')).to.contain('under 21');

    // Dry run of the active policy, then of a draft: the outcome, the matched rule and the facts.
    const eventsBefore = await h.svc.db.query('SELECT COUNT(*) AS n FROM events WHERE org_id = ? AND case_pk = ?', [tenant.id, c.pk]);
    const dryRun = page.locator('section.panel', { has: page.getByRole('heading', { name: 'Dry run' }) });
    await dryRun.getByLabel('Case id').fill(c.caseId);
    await dryRun.getByRole('button', { name: 'Dry run' }).click();
    const result = dryRun.locator('.dry-run-result');
    await result.waitFor(WAIT);
    expect(await fact(result, 'Outcome')).to.equal('Senior review (level 2)');
    expect(await fact(result, 'Policy')).to.equal('Manual review for GB (version 2, active)');
    expect(await fact(result, 'Matched')).to.equal('Rule 0: “Everything GB”');
    expect(await fact(dryRun, 'country')).to.equal('GB');
    expect(await fact(dryRun, 'band')).to.match(/^(low|medium|high)$/);

    await dryRun.getByLabel('Draft rules (optional)').fill(JSON.stringify([
      { name: 'Nothing matches', conditions: { all: [{ fact: 'country', operator: 'equal', value: 'KP' }] }, outcome: 'DECLINE' },
      { name: 'Any band', conditions: { any: [{ fact: 'band', operator: 'in', value: ['low', 'medium', 'high'] }] }, outcome: 'AUTO_APPROVE' },
    ]));
    await dryRun.getByRole('button', { name: 'Dry run' }).click();
    await result.filter({ hasText: 'Approve automatically' }).waitFor(WAIT);
    expect(await fact(result, 'Policy')).to.equal('Draft of “Manual review for GB”');
    expect(await fact(result, 'Matched')).to.equal('Rule 1: “Any band”');
    await checkPage(page, 'console-decision-policy-dry-run');

    await dryRun.getByLabel('Case id').fill('CS-2020-99999');
    await dryRun.getByRole('button', { name: 'Dry run' }).click();
    await dryRun.getByRole('alert').filter({ hasText: 'Case not found.' }).waitFor(WAIT);
    const eventsAfter = await h.svc.db.query('SELECT COUNT(*) AS n FROM events WHERE org_id = ? AND case_pk = ?', [tenant.id, c.pk]);
    expect(Number(eventsAfter[0].n), 'a dry run records nothing').to.equal(Number(eventsBefore[0].n));
    expect(await w.problems()).to.deep.equal([]);
    await w.close();
  });

  it('a compliance admin edits the risk model: the definition in words, invalid JSON next to the field, a bad value above it, a new version', async () => {
    const tenant = await h.tenant('Risk Ltd');
    const admin = await h.member('compliance_admin', tenant);
    const w = await pageAs(browser, h, admin);
    const page = w.page;
    await page.goto(`${h.url}/console/settings/risk-model`);
    await heading(page, 'Risk model');
    const bands = page.locator('section.panel', { has: page.getByRole('heading', { name: 'Bands' }) });
    await bands.waitFor(WAIT);
    expect(await fact(page.locator('.page'), 'Version')).to.match(/^1 \(configuration \d+\)$/);
    expect(await fact(bands, 'Low risk')).to.equal('score below 30');
    expect(await fact(bands, 'High risk')).to.equal('from 60');
    expect(await fact(bands, 'Prohibited')).to.equal('only when a prohibited country is on the case');
    const countries = page.locator('section.panel', { has: page.getByRole('heading', { name: 'Countries' }) });
    expect(await fact(countries, 'Prohibited')).to.equal('IR, KP');
    expect(await fact(countries, 'Any other country')).to.equal('Low');
    expect(await page.locator('section.panel', { hasText: 'Factor weights' }).locator('.factor-list li').first().innerText()).to.match(/Country of the company\s+weight 25/);
    await checkPage(page, 'console-risk-model-light');

    await page.getByRole('button', { name: 'Edit definition' }).click();
    const definition = page.getByLabel('Definition (JSON)');
    expect(JSON.parse(await definition.inputValue())).to.deep.equal(DEFAULT_RISK_MODEL);
    await definition.fill('{"weights":');
    await page.getByRole('button', { name: 'Save as a new version' }).click();
    await page.locator('.field-error', { hasText: 'Must be valid JSON.' }).waitFor(WAIT);
    expect(await definition.getAttribute('aria-invalid')).to.equal('true');
    await checkPage(page, 'console-risk-model-edit-error');

    await definition.fill(JSON.stringify({ ...DEFAULT_RISK_MODEL, internationalLevel: 'extreme' }));
    await page.getByRole('button', { name: 'Save as a new version' }).click();
    const problems = page.getByRole('alert').filter({ hasText: 'internationalLevel: must be one of low, medium, high' });
    await problems.waitFor(WAIT);
    expect(await problems.locator('p').allInnerTexts()).to.deep.equal(['Please check what you entered', 'The risk model was not saved: one problem to fix.']);
    expect(await definition.getAttribute('aria-invalid')).to.equal(null);

    await definition.fill(JSON.stringify({ ...DEFAULT_RISK_MODEL, unlistedCountryLevel: 'medium' }));
    await page.getByRole('button', { name: 'Save as a new version' }).click();
    await page.getByRole('status').filter({ hasText: 'The risk model is saved as version 2.' }).waitFor(WAIT);
    await page.locator('.facts dd', { hasText: /^2 \(configuration \d+\)$/ }).waitFor(WAIT);
    expect(await fact(page.locator('.page'), 'Saved')).to.contain(`by ${admin.email}`);
    expect(await fact(countries, 'Any other country')).to.equal('Medium');
    expect(await w.problems()).to.deep.equal([]);
    await w.close();
  });

  it('an analyst reads both pages without edit controls and may dry-run; both pages axe-clean in both looks', async () => {
    const tenant = await h.tenant('Readers Ltd');
    const analyst = await h.member('analyst', tenant);
    for (const look of Object.keys(LOOKS) as Look[]) {
      const w = await pageAs(browser, h, analyst, look);
      await w.page.goto(`${h.url}/console/settings/risk-model`);
      await heading(w.page, 'Risk model');
      await w.page.getByText('A compliance admin can edit the risk model.').waitFor(WAIT);
      expect(await w.page.getByRole('button', { name: 'Edit definition' }).count()).to.equal(0);
      await expectNoSidewaysScroll(w.page);
      await checkPage(w.page, `console-risk-model-analyst-${look}`);

      await w.page.getByRole('navigation', { name: 'Compliance configuration' }).getByRole('link', { name: 'Decision policy' }).click();
      await heading(w.page, 'Decision policy');
      await w.page.getByText('A compliance admin can edit the decision policy.').waitFor(WAIT);
      expect(await w.page.getByRole('button', { name: 'Edit policy' }).count()).to.equal(0);
      expect(await w.page.getByRole('button', { name: 'Dry run' }).count()).to.equal(1);
      await expectNoSidewaysScroll(w.page);
      await checkPage(w.page, `console-decision-policy-analyst-${look}`);
      expect(await w.problems()).to.deep.equal([]);
      await w.close();
    }
  });
});
