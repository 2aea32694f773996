import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { systemActor } from '../../src/access/index';
import { routeCase } from '../../src/decisions/index';
import { DEFAULT_DECISION_POLICY, updateDecisionPolicy } from '../../src/policy/index';
import { assessCaseRisk } from '../../src/risk/index';
import { ConsoleHarness } from '../graphql/harness';
import { memberOf, newApplicationCase } from '../risk/support';
import { closeAll, heading, pageAs, said, section, startConsoleInChromium, WAIT } from '../support/browser';

/** The case page's decision provenance, Replay, What-if and the evidence pack's download, in Chromium. */
describe('web console: decision provenance, replay, what-if and the evidence pack', function () {
  this.timeout(120_000);
  let h: ConsoleHarness, browser: Browser;
  before(async () => ({ h, browser } = await startConsoleInChromium()));
  after(() => closeAll(browser, h));

  it('an analyst sees what the decision rested on, replays it, asks what today\'s policy says, and finds the evidence pack\'s download', async () => {
    const tenant = await h.tenant('Provenance Ltd');
    const analyst = await h.member('analyst', tenant);
    const c = await newApplicationCase(h.svc, tenant, { companyName: 'Clean Trading Ltd' });
    await assessCaseRisk(h.svc, systemActor(tenant.id), { orgId: tenant.id, casePk: c.pk });
    expect(await routeCase(h.svc, systemActor(tenant.id), { orgId: tenant.id, casePk: c.pk })).to.deep.equal({ outcome: 'AUTO_APPROVE', decided: true });
    await updateDecisionPolicy(h.svc, memberOf(tenant, 'compliance_admin'), { ...DEFAULT_DECISION_POLICY, name: 'Stricter', defaultOutcome: 'REVIEW_LEVEL_1', rules: [] });

    const w = await pageAs(browser, h, analyst);
    const page = w.page;
    await page.goto(`${h.url}/console/cases/${c.caseId}`);
    await heading(page, 'Clean Trading Ltd');
    const decisions = section(page, 'Decisions');
    await decisions.getByRole('button', { name: 'What it rested on' }).click();
    const panel = decisions.locator('.disclosure-panel');
    await panel.waitFor(WAIT);
    expect(await panel.locator('dl > dt:text-is("Policy") + dd').innerText()).to.match(/^Default policy \(version 1\): .*rule 5 “Low risk, no hits, clean documents, everyone verified”$/);
    expect(await panel.locator('dl > dt:text-is("Members") + dd').innerText()).to.equal('policy_engine (Decided)');

    await panel.getByRole('button', { name: 'Replay' }).click();
    await said(page, 'Same outcome: Default policy version 1 on the recorded facts gives');
    await decisions.getByRole('button', { name: 'What if today’s policy' }).click();
    await said(page, 'Stricter version 2 on today’s facts:');
    expect(await decisions.locator('.what-if-result').innerText()).to.match(/default branch \(the latest decision recorded /);

    const link = decisions.getByRole('link', { name: 'Download evidence pack' });
    expect(await link.getAttribute('href')).to.equal(`/console/export/cases/${c.caseId}/evidence.zip`);
    // The download itself (status, headers, audit) is test/evidence/console-evidence.test.ts.
    expect(await w.problems()).to.deep.equal([]);
    await w.close();
  });
});
