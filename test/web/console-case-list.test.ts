import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { assignCaseOwner, setCaseTags } from '../../src/cases/index';
import { memberActor } from '../../src/access/index';
import { newCase, setStatus } from '../graphql/case-support';
import { ConsoleHarness } from '../graphql/harness';
import { checkPage, closeAll, expectNoSidewaysScroll, heading, pageAs, startConsoleInChromium, WAIT } from '../support/browser';

/** The case list as a work queue in Chromium: views, sorting, full-text search, the tag filter, saved views; axe; 360 px. */
describe('web console: the case list as a work queue', function () {
  this.timeout(120_000);
  let h: ConsoleHarness;
  let browser: Browser;

  before(async () => {
    ({ h, browser } = await startConsoleInChromium());
  });
  after(() => closeAll(browser, h));

  /** Waits (bounded) until the table lists exactly these companies, in this order. */
  // (A function, not a string: the page's CSP refuses eval. The tests compile without the DOM's types.)
  const rowsAre = (page: Page, companies: string[]) => page.waitForFunction((want: string) => {
    const doc = (globalThis as unknown as { document: { querySelectorAll(s: string): ArrayLike<{ textContent: string | null }> } }).document;
    return JSON.stringify(Array.from(doc.querySelectorAll('[role="rowheader"] .case-link'), (e) => e.textContent)) === want;
  }, JSON.stringify(companies), WAIT);
  const choose = async (page: Page, label: string, option: string) => {
    await page.locator('.select', { has: page.locator('.react-aria-Label', { hasText: label }) }).getByRole('button').click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };

  it('an analyst sorts, takes a built-in view, searches words anywhere, filters by tag and saves a view; axe clean, 360 px wide', async () => {
    const tenant = await h.tenant('Queue Ltd');
    const analyst = await h.member('analyst', tenant);
    const me = memberActor({ orgId: tenant.id, id: analyst.id, email: analyst.email, role: 'analyst' });
    const royale = await newCase(h.svc, tenant, { companyName: 'Casino Royale Ltd', customerEmail: 'vesper@lynd.example' });
    const waiting = await newCase(h.svc, tenant, { companyName: 'Needs Decision Unassigned Holdings' });
    const mine = await newCase(h.svc, tenant, { companyName: 'Mine Trading' });
    await setStatus(h.svc, waiting.pk, 'in_review');
    await assignCaseOwner(h.svc, me, { caseId: mine.caseId, memberId: analyst.id });
    await h.svc.db.query('UPDATE cases SET risk_band = ?, risk_score = ? WHERE pk = ?', ['high', 88, royale.pk]);
    await h.svc.db.query('UPDATE cases SET risk_band = ?, risk_score = ? WHERE pk = ?', ['low', 10, mine.pk]);
    await setCaseTags(h.svc, me, { caseId: royale.caseId, tags: ['VIP', 'pep'] });
    await setCaseTags(h.svc, me, { caseId: waiting.caseId, tags: ['pep'] });

    const w = await pageAs(browser, h, analyst);
    await w.page.goto(`${h.url}/console/cases`);
    await heading(w.page, 'Cases');
    await rowsAre(w.page, ['Mine Trading', 'Needs Decision Unassigned Holdings', 'Casino Royale Ltd']);
    expect(await w.page.locator('.list-count').innerText()).to.equal('3 cases');
    // Words stay whole: no word of a cell is split over two lines (no "Unassign ed", no "Not assesse d").
    for (const text of ['Unassigned', 'Not assessed', 'In review', 'Needs Decision Unassigned Holdings']) {
      const cell = w.page.getByRole(text.includes('Holdings') ? 'rowheader' : 'gridcell', { name: text }).first();
      const split = await cell.evaluate((el: unknown) => {
        type Rects = ArrayLike<{ top: number }>;
        type Node = { nodeType: number; textContent: string; childNodes: ArrayLike<Node> };
        const e = el as Node & { ownerDocument: { createRange(): { setStart(n: Node, o: number): void; setEnd(n: Node, o: number): void; getClientRects(): Rects } } };
        const texts: Node[] = [];
        const walk = (n: Node) => (n.nodeType === 3 ? texts.push(n) : Array.from(n.childNodes).forEach(walk));
        walk(e);
        const out: string[] = [];
        for (const t of texts) {
          for (const m of t.textContent.matchAll(/\S+/g)) {
            const range = e.ownerDocument.createRange();
            range.setStart(t, m.index!);
            range.setEnd(t, m.index! + m[0].length);
            if (new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size > 1) out.push(m[0]);
          }
        }
        return out;
      });
      expect(split, `words of ${text} split over lines`).to.deep.equal([]);
    }

    // Sorting by risk: the address keeps it.
    await choose(w.page, 'Sort by', 'Highest risk');
    await w.page.waitForURL(/sort=risk%3Adesc|sort=risk:desc/, WAIT);
    await rowsAre(w.page, ['Casino Royale Ltd', 'Mine Trading', 'Needs Decision Unassigned Holdings']);

    // The built-in views; the shown one is pressed.
    const views = w.page.getByRole('navigation', { name: 'Views' });
    expect(await views.getByRole('button').allInnerTexts()).to.deep.equal(['Mine', 'Needs a decision', 'Unassigned', 'Breaching SLA']);
    await views.getByRole('button', { name: 'Needs a decision', exact: true }).click();
    await rowsAre(w.page, ['Needs Decision Unassigned Holdings']);
    expect(await views.getByRole('button', { name: 'Needs a decision', exact: true }).getAttribute('aria-pressed')).to.equal('true');
    expect(await w.page.locator('.list-count').innerText()).to.equal('1 case');
    await views.getByRole('button', { name: 'Mine', exact: true }).click();
    await rowsAre(w.page, ['Mine Trading']);
    await checkPage(w.page, 'console-case-list-view');

    // The SLA filter is the address's sla= (the Breaching SLA view's): no policy here, so nothing is breached.
    await w.page.getByRole('button', { name: 'Clear filters' }).click();
    await choose(w.page, 'SLA', 'Breached');
    await w.page.waitForURL(/sla=breached/, WAIT);
    await rowsAre(w.page, []);
    expect(await views.getByRole('button', { name: 'Breaching SLA', exact: true }).getAttribute('aria-pressed'), 'the view also narrows to open statuses').to.equal('false');
    await views.getByRole('button', { name: 'Breaching SLA', exact: true }).click();
    await w.page.waitForURL(/status=/, WAIT);
    const slaSelect = w.page.locator('.select', { has: w.page.locator('.react-aria-Label', { hasText: 'SLA' }) }).getByRole('button');
    expect((await slaSelect.innerText()).replace('▾', '').trim(), 'the view shows in the SLA control').to.equal('Breached');
    await choose(w.page, 'SLA', 'Any SLA state');
    await w.page.waitForURL((u) => !u.searchParams.has('sla'), WAIT);
    await rowsAre(w.page, ['Casino Royale Ltd', 'Mine Trading', 'Needs Decision Unassigned Holdings']); // still by highest risk

    // Search finds a word in the middle of a name.
    await w.page.getByRole('button', { name: 'Clear filters' }).click();
    await w.page.getByRole('searchbox', { name: 'Search' }).fill('Royale');
    await w.page.getByRole('button', { name: 'Search', exact: true }).click();
    await w.page.waitForURL(/q=Royale/, WAIT);
    await rowsAre(w.page, ['Casino Royale Ltd']);
    expect(await w.page.getByRole('row', { name: /^Casino Royale Ltd/ }).locator('.tag').allInnerTexts()).to.deep.equal(['pep', 'vip']);

    // The tag filter, then saving it as a view that the whole organisation sees.
    await w.page.getByRole('button', { name: 'Clear filters' }).click();
    await choose(w.page, 'Tag', 'pep');
    await w.page.waitForURL(/tags=pep/, WAIT);
    await rowsAre(w.page, ['Casino Royale Ltd', 'Needs Decision Unassigned Holdings']);
    await w.page.getByRole('textbox', { name: 'View name' }).fill('PEPs');
    await w.page.getByRole('button', { name: 'Save view' }).click();
    await views.getByRole('button', { name: 'PEPs', exact: true }).waitFor(WAIT);
    expect(await views.getByRole('button', { name: 'PEPs', exact: true }).getAttribute('aria-pressed')).to.equal('true');
    await checkPage(w.page, 'console-case-list-light');
    expect(await w.problems()).to.deep.equal([]);
    await w.close();

    // A colleague on a phone: the saved view is there (not theirs to delete), the list fits 360 px.
    const colleague = await h.member('mlro', tenant);
    const phone = await pageAs(browser, h, colleague, 'dark-360');
    await phone.page.goto(`${h.url}/console/cases`);
    await heading(phone.page, 'Cases');
    const phoneViews = phone.page.getByRole('navigation', { name: 'Views' });
    await phoneViews.getByRole('button', { name: 'PEPs', exact: true }).click();
    await rowsAre(phone.page, ['Needs Decision Unassigned Holdings', 'Casino Royale Ltd']); // newest first: a view keeps no order
    expect(await phoneViews.getByRole('button', { name: 'Delete view PEPs' }).count()).to.equal(0);
    await expectNoSidewaysScroll(phone.page);
    await checkPage(phone.page, 'console-case-list-dark-360');
    expect(await phone.problems()).to.deep.equal([]);
    await phone.close();

    // The author deletes it.
    const again = await pageAs(browser, h, analyst);
    await again.page.goto(`${h.url}/console/cases`);
    const againViews = again.page.getByRole('navigation', { name: 'Views' });
    await againViews.getByRole('button', { name: 'Delete view PEPs' }).click();
    await againViews.getByRole('button', { name: 'PEPs', exact: true }).waitFor({ state: 'detached', ...WAIT });
    expect(await again.problems()).to.deep.equal([]);
    await again.close();
  });
});
