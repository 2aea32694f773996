import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { ConsoleHarness } from '../graphql/harness';
import { brokenWords, checkPage, closeAll, consolePage, expectNoSidewaysScroll, heading, pageAs, startConsoleInChromium, WAIT } from '../support/browser';

/** The visible text of a locator's element, its white space collapsed. */
const text = async (l: ReturnType<Page['locator']>) => (await l.innerText()).replace(/\s+/g, ' ').trim();

/** A candidate's card on the results, by its caption (the card's heading). */
const card = (page: Page, caption: string) => page.locator('li.candidate', { has: page.getByRole('heading', { level: 3, name: caption, exact: true }) });

/** What the explanation says for one fact (Date of birth, Final score ...). */
const fact = (page: Page, caption: string, term: string) => card(page, caption).locator('.explanation .facts-row', { has: page.locator('dt', { hasText: term }) }).locator('dd');

/**
 * The screening search page in Chromium against the real server and the sample watchlist: an analyst searches
 * "Jon Smitherton" born 1985-07-19 by keyboard from the navigation, the search lands in the address, John
 * Smitherton is a Match (jon → john phonetic, same date) and John Michael Smitherton a Near miss (born years
 * apart); a bad date is refused next to its field. Opened from its address on a 390 px phone in dark mode, the
 * page fits without breaking a word. axe on each look.
 */
describe('web console: screening search in Chromium', function () {
  this.timeout(120_000);
  let h: ConsoleHarness, browser: Browser;
  before(async () => ({ h, browser } = await startConsoleInChromium()));
  after(() => closeAll(browser, h));

  it('an analyst searches a name by keyboard: a Match and a Near miss, each explained in words; a bad date is refused at its field', async () => {
    const analyst = await h.member('analyst');
    const w = await pageAs(browser, h, analyst);
    try {
      const { page } = w;
      await page.goto(`${h.url}/console/cases`);
      await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Screening' }).click();
      await heading(page, 'Screening search');
      await page.getByText('Enter a name and press Search.').waitFor(WAIT);
      await checkPage(page, 'console-screening-empty');

      // The form by keyboard: Name, Tab past Type (Person), Date of birth, Enter.
      await page.getByRole('textbox', { name: 'Name', exact: true }).focus();
      await page.keyboard.type('Jon Smitherton');
      await page.keyboard.press('Tab');
      expect(await page.evaluate<string>('document.activeElement.textContent')).to.contain('Person');
      await page.keyboard.press('Tab');
      expect(await page.evaluate<string | null>('document.activeElement.getAttribute("name")')).to.equal('birthDate');
      await page.keyboard.type('1985-07-19');
      await page.keyboard.press('Enter');

      const john = card(page, 'John Smitherton');
      await john.waitFor(WAIT);
      const url = new URL(page.url());
      expect([url.pathname, url.searchParams.get('name'), url.searchParams.get('birthDate')]).to.deep.equal(['/console/screening', 'Jon Smitherton', '1985-07-19']);
      expect(await text(page.getByRole('status').filter({ hasText: 'candidates for' }))).to.match(/^\d+ candidates for “Jon Smitherton”, 1 match\.$/);
      expect(await text(page.locator('.screening-results > p.small'))).to.contain('a match at a score of 70 % or more');
      // Best first: John Smitherton heads the list.
      expect(await text(page.locator('li.candidate h3').first())).to.equal('John Smitherton');
      expect(await text(john.locator('.card-header'))).to.equal('John Smitherton Match');
      expect(await text(john.locator('.card-meta'))).to.equal('Score 100 % · at or above the threshold of 70 % · Person PEP');
      expect(await text(john.locator('.facts-row', { hasText: 'Topics' }))).to.equal('Topics PEP');
      expect(await text(john.locator('.facts-row', { hasText: 'Datasets' }))).to.equal('Datasets sample_peps');

      // The explanation opens by keyboard, with a visible focus ring on its button.
      const why = john.getByRole('button', { name: 'Why it scored 100 % for John Smitherton' });
      await why.focus();
      expect(await page.evaluate<string>('getComputedStyle(document.activeElement).outlineStyle')).to.not.equal('none');
      await page.keyboard.press('Enter');
      expect(await why.getAttribute('aria-expanded')).to.equal('true');
      const explanation = john.locator('.explanation');
      await explanation.waitFor(WAIT);
      expect(await text(explanation.locator('p').first())).to.equal('Matched the listed name “John Smitherton”, its primary name.');
      expect(await john.locator('.explanation-pairs li').evaluateAll((lis) => lis.map((li) => (li.textContent ?? '').replace(/\s+/g, ' ').trim()))).to.deep.equal([
        'smitherton → matched smitherton: exact, 100 % alike',
        'jon → matched john: phonetic (sounds the same), 96 % alike',
      ]);
      expect(await text(fact(page, 'John Smitherton', 'Date of birth'))).to.equal('+0.10 (raised the score): same date');
      expect(await text(fact(page, 'John Smitherton', 'Name score'))).to.equal('99 %');
      expect(await text(fact(page, 'John Smitherton', 'Final score'))).to.equal('100 % (1.000)');

      // The sanctioned namesake, born years apart: under the threshold, and the date says why.
      const namesake = card(page, 'John Michael Smitherton');
      expect(await text(namesake.locator('.card-header'))).to.equal('John Michael Smitherton Near miss');
      expect(await text(namesake.locator('.card-meta'))).to.match(/^Score \d+ % · below the threshold of 70 % · Person Sanctioned$/);
      await namesake.getByRole('button', { name: /^Why it scored \d+ % for John Michael Smitherton$/ }).click();
      expect(await text(fact(page, 'John Michael Smitherton', 'Date of birth'))).to.equal('−0.35 (lowered the score): years apart');
      expect(await text(fact(page, 'John Michael Smitherton', 'Listed words with no counterpart'))).to.equal('michael');
      expect(await brokenWords(page)).to.deep.equal([]);
      await checkPage(page, 'console-screening');

      // A bad date: refused next to its field, in words, focus on the field; the search shown stays as it was.
      const date = page.getByRole('textbox', { name: 'Date of birth' });
      await date.fill('1985-13-45');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      const dateField = page.locator('.field', { has: page.getByRole('textbox', { name: 'Date of birth' }) });
      await dateField.locator('.field-error').waitFor(WAIT);
      expect(await text(dateField.locator('.field-error'))).to.equal(
        '1985-13-45 has no such month. Enter the date of birth as year-month-day (1985-07-19), or only the year and month (1985-07), or the year (1985).',
      );
      expect(await date.getAttribute('aria-invalid')).to.equal('true');
      expect(await page.evaluate<string | null>('document.activeElement.getAttribute("name")')).to.equal('birthDate');
      expect(new URL(page.url()).searchParams.get('birthDate')).to.equal('1985-07-19');
      await checkPage(page, 'console-screening-bad-date');
      // Editing the field clears its error; a day the calendar lacks is refused too.
      await date.fill('1985-02-30');
      expect(await dateField.locator('.field-error').count()).to.equal(0);
      await page.keyboard.press('Enter');
      expect(await text(dateField.locator('.field-error'))).to.equal('1985-02-30 is not a day of the calendar.');
      expect(await w.problems()).to.deep.equal([]);
    } finally {
      await w.close();
    }
  });

  it('opened from its address on a 390 px phone in dark mode: the form filled, the results, no sideways scroll, no word broken', async () => {
    const analyst = await h.member('analyst');
    const w = await consolePage(browser, h, await h.signedInAs(analyst), { viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
    try {
      const { page } = w;
      await page.goto(`${h.url}/console/screening?name=Jon+Smitherton&birthDate=1985-07-19`);
      await heading(page, 'Screening search');
      await card(page, 'John Smitherton').waitFor(WAIT);
      expect(await page.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).to.equal('Jon Smitherton');
      expect(await page.getByRole('textbox', { name: 'Date of birth' }).inputValue()).to.equal('1985-07-19');
      for (const b of await page.getByRole('button', { name: /^Why it scored/ }).all()) await b.click();
      await card(page, 'John Michael Smitherton').locator('.explanation').waitFor(WAIT);
      await expectNoSidewaysScroll(page);
      expect(await brokenWords(page)).to.deep.equal([]);
      await checkPage(page, 'console-screening-390');

      // An unknown country and a search for nothing: said at their fields.
      await page.getByRole('textbox', { name: 'Name', exact: true }).fill(' ');
      await page.getByRole('textbox', { name: 'Nationality' }).fill('Narnia');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      const error = (label: string) => page.locator('.field', { has: page.getByRole('textbox', { name: label, exact: true }) }).locator('.field-error');
      await error('Name').waitFor(WAIT);
      expect(await text(error('Name'))).to.equal('Enter a name to search for.');
      expect(await text(error('Nationality'))).to.equal('We do not know the country “Narnia”. Enter a two-letter code (GB) or the country\'s English name.');
      expect(await page.evaluate<string | null>('document.activeElement.getAttribute("name")')).to.equal('name');
      expect(await w.problems()).to.deep.equal([]);
    } finally {
      await w.close();
    }
  });

  it('a company nobody is listed under: an empty result in words, its jurisdiction in the form', async () => {
    const analyst = await h.member('analyst');
    const w = await pageAs(browser, h, analyst);
    try {
      await w.page.goto(`${h.url}/console/screening?name=Zyxwvut+Qponmlk&schema=Company&country=GB`);
      await heading(w.page, 'Screening search');
      await w.page.getByText('No listed name comes near “Zyxwvut Qponmlk”.').waitFor(WAIT);
      expect(await w.page.getByRole('button', { name: 'Type' }).innerText()).to.contain('Company');
      // A company has a jurisdiction, and no date of birth.
      expect(await w.page.getByRole('textbox', { name: 'Jurisdiction' }).inputValue()).to.equal('GB');
      expect(await w.page.getByRole('textbox', { name: 'Date of birth' }).count()).to.equal(0);
      expect(await w.problems()).to.deep.equal([]);
    } finally {
      await w.close();
    }
  });
});
