import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'chai';
import type { Browser, Locator, Page } from 'playwright-core';
import { systemActor } from '../../src/access/index';
import { extractDocument, uploadDocuments } from '../../src/documents/index';
import type { Services } from '../../src/platform/index';
import { routeCase } from '../../src/decisions/index';
import { DEFAULT_DECISION_POLICY, dryRunPolicy, getDecisionPolicy, updateDecisionPolicy } from '../../src/policy/index';
import { assessCaseRisk, DEFAULT_RISK_MODEL, getRiskModel } from '../../src/risk/index';
import { formSubmissionTrigger, reviewCase } from '../../src/review/index';
import { screenCase, triageCaseHits } from '../../src/screening/index';
import type { Tenant } from '../../src/tenants/index';
import { passportPdf, REGISTER_EXTRACT_LINES, textPdf } from '../documents/support';
import { setStatus } from '../graphql/case-support';
import { ConsoleHarness } from '../graphql/harness';
import { memberOf } from '../risk/support';
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
      await w.page.goto(`${h.url}/console/cases/${c.caseId}?tab=risk`);
      await heading(w.page, c.companyName);
      await section(w.page, 'Routing').waitFor(WAIT);
      await expectNoSidewaysScroll(w.page);
      await checkPage(w.page, `console-case-decisioning-${look}`);
      expect(await w.problems()).to.deep.equal([]);
      await w.close();
    }

    const w = await pageAs(browser, h, analyst);
    const page = w.page;
    await page.goto(`${h.url}/console/cases/${c.caseId}?tab=documents`);
    await heading(page, c.companyName);
    const tab = (name: string) => page.getByRole('tab', { name }).click();

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

    // Risk, AI review and routing as the pipeline left them (their tab).
    await tab('Risk and routing');
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
    await tab('Documents and screening');
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
    await tab('Risk and routing');
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
    expect(await rules.locator('.card').first().innerText()).to.contain('risk band is prohibited');
    expect(await rules.locator('.card').nth(1).innerText()).to.contain('any sanctioned hit confirmed');
    expect(await rules.locator('.card').nth(5).innerText()).to.match(/all of these:\s*risk band is low\s*no screening hits\s*no document in error\s*no document read with low confidence\s*no document still being read\s*every person's identity verified/);
    expect(await rules.innerText()).to.not.match(/sanctionedTrueMatch|idvAllPassed|is more than 0/);
    expect(await fact(page.locator('.page'), 'Default outcome')).to.equal('Analyst review (level 1)');
    await checkPage(page, 'console-decision-policy-light');

    await page.getByRole('button', { name: 'Edit policy' }).click();
    await page.locator('label.radio', { hasText: 'Advanced (JSON)' }).click();
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
    expect(await rules.locator('.card').innerText()).to.contain('country is United Kingdom');
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
    expect(await fact(dryRun, 'country')).to.equal('United Kingdom');
    expect(await fact(dryRun, 'risk band')).to.match(/^(low|medium|high)$/);

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

  it('the decision policy as a form: named conditions in words, a country picker, reordering; it stores what the same edit in JSON stores; what the form cannot say is kept; a preview routes the open cases', async function () {
    this.timeout(240_000);
    const tenant = await h.tenant('Policy Form Ltd');
    const admin = await h.member('compliance_admin', tenant);
    const c = await pipelineCase(tenant);
    const w = await pageAs(browser, h, admin);
    const page = w.page;
    await page.goto(`${h.url}/console/settings/decision-policy`);
    await heading(page, 'Decision policy');

    // The preview of the active policy: the open case under the rule the dry run names, linked to its page.
    const expected = await dryRunPolicy(h.svc, memberOf(tenant, 'compliance_admin'), { caseId: c.caseId });
    const preview = page.locator('section.preview-panel');
    await preview.getByRole('button', { name: 'Preview on open cases' }).click();
    await preview.getByRole('status').filter({ hasText: '1 open case evaluated.' }).waitFor(WAIT);
    const groupTitle = expected.matchedRuleIndex === null ? 'No rule matches (default outcome)' : `Rule ${expected.matchedRuleIndex}: ${DEFAULT_DECISION_POLICY.rules[expected.matchedRuleIndex]!.name}`;
    const group = preview.getByRole('listitem').filter({ hasText: groupTitle });
    expect(await group.getByRole('link', { name: c.companyName }).getAttribute('href')).to.equal(`/console/cases/${c.caseId}`);
    expect(await preview.getByRole('list', { name: 'Preview by rule' }).locator(':scope > li').count()).to.be.at.least(DEFAULT_DECISION_POLICY.rules.length);
    const routedBefore = await h.svc.db.query('SELECT COUNT(*) AS n FROM routing_evaluations WHERE org_id = ?', [tenant.id]);

    await page.getByRole('button', { name: 'Edit policy' }).click();
    expect(await page.getByRole('radio', { name: 'Form' }).isChecked()).to.equal(true);
    const editors = page.getByRole('list', { name: 'Rules', exact: true });
    await editors.waitFor(WAIT);
    const card = (i: number) => editors.locator(':scope > li').nth(i);
    expect(await card(1).getByText('Reads: any sanctioned hit confirmed').count()).to.equal(1);
    await checkPage(page, 'console-decision-policy-form');

    // High risk band: also prohibited (a band list). Medium risk band: removed.
    await card(3).locator('label.check', { hasText: 'prohibited' }).click();
    await page.getByRole('button', { name: 'Remove rule 4' }).click();
    expect(await editors.locator(':scope > li').count()).to.equal(5);
    // Unresolved sanctions hit: any of it, or a PEP hit.
    await card(2).getByRole('button', { name: 'Add a condition' }).click();
    await selectOption(page, 'Condition 2', 'any PEP hit', card(2));
    await selectOption(page, 'Combine', 'any of these holds', card(2));
    // A new rule: countries picked by name, declined, moved to the top.
    await page.getByRole('button', { name: 'Add a rule' }).click();
    const added = card(5);
    await added.getByLabel('Name').fill('Sanctioned countries');
    await selectOption(page, 'Condition 1', 'country is one of …', added);
    for (const name of ['Iran', 'Russia']) {
      await added.getByRole('combobox', { name: 'Countries of condition 1' }).fill(name);
      await page.getByRole('option', { name: new RegExp(name) }).first().click();
    }
    await added.getByText('Reads: country is one of Islamic Republic of Iran, Russian Federation').waitFor(WAIT);
    await selectOption(page, 'Then', 'Decline automatically', added);
    for (let i = 5; i > 0; i--) await page.getByRole('button', { name: `Move up: rule ${i}` }).click();
    expect(await card(0).locator('.card-title').innerText()).to.equal('Rule 0: Sanctioned countries');
    await selectOption(page, 'Default outcome (no rule matches)', 'Senior review (level 2)');
    await checkPage(page, 'console-decision-policy-form-edited');

    // The preview of the draft runs before saving and records nothing.
    const draftPreview = page.locator('section.preview-panel', { hasText: 'Preview this draft on open cases' });
    await draftPreview.getByRole('button', { name: 'Preview on open cases' }).click();
    await draftPreview.getByRole('status').filter({ hasText: '1 open case evaluated.' }).waitFor(WAIT);
    expect(await draftPreview.getByRole('listitem').filter({ hasText: 'Rule 0: Sanctioned countries' }).innerText()).to.contain('Decline automatically: 0 cases');

    await page.getByRole('button', { name: 'Save as a new version' }).click();
    await page.getByRole('status').filter({ hasText: 'The decision policy is saved as version 2.' }).waitFor(WAIT);
    const routedAfter = await h.svc.db.query('SELECT COUNT(*) AS n FROM routing_evaluations WHERE org_id = ?', [tenant.id]);
    expect(Number(routedAfter[0].n), 'a preview records no routing').to.equal(Number(routedBefore[0].n));
    const viaForm = await getDecisionPolicy(h.svc, memberOf(tenant, 'compliance_admin'));

    // The same edit in the Advanced (JSON) view of another organisation stores the same policy.
    const D = DEFAULT_DECISION_POLICY.rules;
    const editedRules = [
      { name: 'Sanctioned countries', conditions: { all: [{ fact: 'country', operator: 'in', value: ['IR', 'RU'] }] }, outcome: 'DECLINE' },
      D[0], D[1],
      { ...D[2], conditions: { any: [{ fact: 'sanctionedUnresolved', operator: 'greaterThan', value: 0 }, { fact: 'hitsPep', operator: 'greaterThan', value: 0 }] } },
      { ...D[3], conditions: { all: [{ fact: 'band', operator: 'in', value: ['high', 'prohibited'] }] } },
      D[5],
    ];
    expect(viaForm.rules).to.deep.equal(editedRules);
    const other = await h.tenant('Policy Json Ltd');
    const otherAdmin = await h.member('compliance_admin', other);
    const j = await pageAs(browser, h, otherAdmin);
    await j.page.goto(`${h.url}/console/settings/decision-policy`);
    await heading(j.page, 'Decision policy');
    await j.page.getByRole('button', { name: 'Edit policy' }).click();
    await j.page.locator('label.radio', { hasText: 'Advanced (JSON)' }).click();
    await j.page.getByLabel('Rules (JSON)').fill(JSON.stringify(editedRules));
    await selectOption(j.page, 'Default outcome (no rule matches)', 'Senior review (level 2)');
    await j.page.getByRole('button', { name: 'Save as a new version' }).click();
    await j.page.getByRole('status').filter({ hasText: 'The decision policy is saved as version 2.' }).waitFor(WAIT);
    const viaJson = await getDecisionPolicy(h.svc, memberOf(other, 'compliance_admin'));
    // Everything but the version's own id, time and author.
    const stored = (p: typeof viaForm) => ({ ...p, policyId: 0, createdAt: '', createdBy: '' });
    expect(stored(viaForm)).to.deep.equal(stored(viaJson));
    expect(await j.problems()).to.deep.equal([]);
    await j.close();

    // Conditions the form cannot say are shown in words, read-only, and kept as they are.
    const odd = [
      { name: 'Not a low band', conditions: { not: { all: [{ fact: 'band', operator: 'equal', value: 'low' }] } }, outcome: 'REVIEW_LEVEL_2' },
      { name: 'Trusts', conditions: { all: [{ fact: 'entityType', operator: 'contains', value: 'trust' }, { fact: 'band', operator: 'equal', value: 'high' }] }, outcome: 'REVIEW_LEVEL_2' },
    ];
    await updateDecisionPolicy(h.svc, memberOf(tenant, 'compliance_admin'), { ...DEFAULT_DECISION_POLICY, rules: odd });
    await page.reload();
    await heading(page, 'Decision policy');
    const shown = page.getByRole('list', { name: 'Rules, in order' });
    expect(await shown.locator('.card').nth(1).innerText()).to.match(/entity type contains trust\s*risk band is high/);
    await page.getByRole('button', { name: 'Edit policy' }).click();
    await card(0).getByText('When: not (risk band is low)').waitFor(WAIT);
    expect(await card(0).innerText()).to.contain('The form cannot change these conditions: edit them in the Advanced (JSON) view.');
    expect(await card(1).innerText()).to.match(/Condition 1: entity type contains trust\s*Not one of the form's named conditions: kept as it is; edit it in the Advanced \(JSON\) view\./);
    await card(0).getByLabel('Name').fill('Anything but a low band');
    await page.locator('label.radio', { hasText: 'Advanced (JSON)' }).click();
    expect(JSON.parse(await page.getByLabel('Rules (JSON)').inputValue())).to.deep.equal([{ ...odd[0], name: 'Anything but a low band' }, odd[1]]);
    await page.locator('label.radio', { hasText: 'Form' }).click();
    await page.getByRole('button', { name: 'Save as a new version' }).click();
    await page.getByRole('status').filter({ hasText: 'The decision policy is saved as version 4.' }).waitFor(WAIT);
    expect((await getDecisionPolicy(h.svc, memberOf(tenant, 'compliance_admin'))).rules).to.deep.equal([{ ...odd[0], name: 'Anything but a low band' }, odd[1]]);
    expect(await w.problems()).to.deep.equal([]);
    await w.close();

    // At phone width the form fits, axe clean.
    const phone = await pageAs(browser, h, admin, 'dark-360');
    await phone.page.goto(`${h.url}/console/settings/decision-policy`);
    await heading(phone.page, 'Decision policy');
    await phone.page.getByRole('button', { name: 'Edit policy' }).click();
    await phone.page.getByRole('list', { name: 'Rules', exact: true }).waitFor(WAIT);
    await expectNoSidewaysScroll(phone.page);
    await checkPage(phone.page, 'console-decision-policy-form-dark-360');
    expect(await phone.problems()).to.deep.equal([]);
    await phone.close();
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
    await page.locator('label.radio', { hasText: 'Advanced (JSON)' }).click();
    const definition = page.getByLabel('Definition (JSON)');
    expect(JSON.parse(await definition.inputValue())).to.deep.equal(DEFAULT_RISK_MODEL);
    await definition.fill('{"weights":');
    await page.getByRole('button', { name: 'Save as a new version' }).click();
    await page.locator('.field-error', { hasText: 'Must be valid JSON.' }).waitFor(WAIT);
    expect(await definition.getAttribute('aria-invalid')).to.equal('true');
    await checkPage(page, 'console-risk-model-edit-error');

    await definition.fill(JSON.stringify({ ...DEFAULT_RISK_MODEL, internationalLevel: 'extreme' }));
    await page.getByRole('button', { name: 'Save as a new version' }).click();
    const problems = page.getByRole('alert').filter({ hasText: 'International level: must be one of low, medium, high' });
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

  it('the risk model as a form: weights with sliders and their total, countries picked by name, keywords, bands; it stores what the same edit in JSON stores', async function () {
    this.timeout(180_000);
    const tenant = await h.tenant('Risk Form Ltd');
    const admin = await h.member('compliance_admin', tenant);
    const w = await pageAs(browser, h, admin);
    const page = w.page;
    await page.goto(`${h.url}/console/settings/risk-model`);
    await heading(page, 'Risk model');
    await page.getByRole('button', { name: 'Edit definition' }).click();
    const total = page.locator('.weights-total');
    expect(await total.innerText()).to.equal('Total: 100');
    await checkPage(page, 'console-risk-model-form');

    await page.getByRole('slider', { name: 'Country of the company' }).fill('30');
    await total.filter({ hasText: 'Total: 105 — the weights must add up to 100 (5 too many)' }).waitFor(WAIT);
    await page.getByRole('slider', { name: 'Sanctions, PEP and adverse-media hits' }).fill('20');
    await total.filter({ hasText: /^Total: 100$/ }).waitFor(WAIT);
    // Russia moves from the high list to the prohibited one; Germany becomes medium.
    await pick(page.getByRole('combobox', { name: 'Prohibited countries' }), 'Russia');
    await page.getByRole('option', { name: 'Russian Federation' }).click();
    const chosen = (label: string) => page.getByRole('grid', { name: `${label}: chosen` }).getByRole('row').allInnerTexts();
    expect((await chosen('Prohibited countries')).map((t) => t.replace(/\s*×$/, ''))).to.include('Russian Federation');
    expect((await chosen('High-risk countries')).join(' ')).to.not.contain('Russian Federation');
    await pick(page.getByRole('combobox', { name: 'Medium-risk countries' }), 'Germany');
    await page.getByRole('option', { name: 'Germany' }).click();
    await page.getByLabel('High from score').fill('65');
    await page.getByLabel('High from score').press('Tab');
    await page.getByRole('button', { name: 'Remove oil from industries' }).click();
    await page.getByRole('button', { name: 'Add a keyword to industries' }).click();
    const industries = page.getByRole('list', { name: 'Industries keywords' }).locator(':scope > li');
    const last = await industries.count();
    await page.getByLabel(`Industries keyword ${last}`).fill('pawn');
    await checkPage(page, 'console-risk-model-form-edited');
    await page.getByRole('button', { name: 'Save as a new version' }).click();
    await page.getByRole('status').filter({ hasText: 'The risk model is saved as version 2.' }).waitFor(WAIT);

    const d = DEFAULT_RISK_MODEL;
    const { RU: _ru, ...countries } = d.countries;
    const edited = {
      ...d,
      weights: { ...d.weights, country: 30, screening: 20 },
      countries: { ...countries, RU: 'prohibited', DE: 'medium' },
      bands: { ...d.bands, high: 65 },
      industries: [...d.industries.filter((k) => k.match !== 'oil'), { match: 'pawn', level: 'high' }],
    };
    const viaForm = (await getRiskModel(h.svc, memberOf(tenant, 'compliance_admin'))).definition;
    expect(viaForm).to.deep.equal(edited);
    expect(_ru).to.equal('high');

    // The same edit as JSON in another organisation: the same definition stored.
    const other = await h.tenant('Risk Json Ltd');
    const j = await pageAs(browser, h, await h.member('compliance_admin', other));
    await j.page.goto(`${h.url}/console/settings/risk-model`);
    await heading(j.page, 'Risk model');
    await j.page.getByRole('button', { name: 'Edit definition' }).click();
    await j.page.locator('label.radio', { hasText: 'Advanced (JSON)' }).click();
    await j.page.getByLabel('Definition (JSON)').fill(JSON.stringify(edited));
    await j.page.getByRole('button', { name: 'Save as a new version' }).click();
    await j.page.getByRole('status').filter({ hasText: 'The risk model is saved as version 2.' }).waitFor(WAIT);
    expect((await getRiskModel(h.svc, memberOf(other, 'compliance_admin'))).definition).to.deep.equal(viaForm);
    expect(await j.problems()).to.deep.equal([]);
    await j.close();
    expect(await w.problems()).to.deep.equal([]);
    await w.close();

    const phone = await pageAs(browser, h, admin, 'dark-360');
    await phone.page.goto(`${h.url}/console/settings/risk-model`);
    await heading(phone.page, 'Risk model');
    await phone.page.getByRole('button', { name: 'Edit definition' }).click();
    await phone.page.locator('.weights-total').waitFor(WAIT);
    await expectNoSidewaysScroll(phone.page);
    await checkPage(phone.page, 'console-risk-model-form-dark-360');
    expect(await phone.problems()).to.deep.equal([]);
    await phone.close();
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

  it('the screenshot of the decision policy form for the docs (docs/images/policy-form.png)', async () => {
    const tenant = await h.tenant('Docs Policy Ltd');
    const admin = await h.member('compliance_admin', tenant);
    const w = await pageAs(browser, h, admin);
    await w.page.setViewportSize({ width: 1280, height: 900 });
    await w.page.goto(`${h.url}/console/settings/decision-policy`);
    await heading(w.page, 'Decision policy');
    await w.page.getByRole('button', { name: 'Edit policy' }).click();
    const rules = w.page.getByRole('list', { name: 'Rules', exact: true });
    await rules.locator(':scope > li').nth(1).getByText('Reads: any sanctioned hit confirmed').waitFor(WAIT);
    // The form from a little above its view switch (Form / Advanced (JSON)): the first rules with their conditions in words.
    await w.page.getByRole('radiogroup').first().evaluate((el) => {
      (el as unknown as { scrollIntoView(o: object): void }).scrollIntoView({ block: 'start' });
      (globalThis as unknown as { scrollBy(x: number, y: number): void }).scrollBy(0, -160);
    });
    const dir = join(__dirname, '..', '..', '..', 'test-output', 'screenshots');
    await mkdir(dir, { recursive: true });
    await w.page.screenshot({ path: join(dir, 'policy-form-docs.png'), type: 'png' });
    await checkPage(w.page, 'console-decision-policy-form-docs');
    expect(await w.problems()).to.deep.equal([]);
    await w.close();
  });
});

/** Picks `option` of the React Aria Select labelled `label` inside `within` (its button is named by its value and its label). */
async function selectOption(page: Page, label: string, option: string, within: Page | Locator = page): Promise<void> {
  await within.getByRole('button', { name: new RegExp(`(^|\\s)${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }).click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached', ...WAIT });
}

/** Types `text` into a combo box key by key, as a person would (the country pickers filter as they are typed in). */
async function pick(combo: Locator, text: string): Promise<void> {
  await combo.click();
  await combo.pressSequentially(text);
}
