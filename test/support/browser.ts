import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'chai';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import { CONSOLE_COOKIE } from '../../graphql/session-cookie';
import { ConsoleHarness, type ConsoleClient, type TestMember } from '../graphql/harness';

/** How long a browser test waits for anything on a page: every wait is bounded. */
export const WAIT = { timeout: 10_000 };

/** Debian's Chromium (never a downloaded one), headless. One per test file: launch in `before`, close in `after`. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
}

/** Where browser tests leave screenshots (git-ignored). */
export const SCREENSHOT_DIR = join(__dirname, '..', '..', '..', 'test-output', 'screenshots');

/** The looks every page is checked in: a desktop in light mode, and a 360 px phone in dark mode. */
export const LOOKS = {
  light: { viewport: { width: 1280, height: 800 }, colorScheme: 'light' },
  'dark-360': { viewport: { width: 360, height: 740 }, colorScheme: 'dark' },
} as const satisfies Record<string, BrowserContextOptions>;
export type Look = keyof typeof LOOKS;

export interface WatchedPage {
  context: BrowserContext;
  page: Page;
  /** Content-Security-Policy violations the page reported, and console errors (Chromium logs refusals there too). */
  problems(): Promise<string[]>;
  close(): Promise<void>;
}

/** A fresh context and page that record CSP violations (`securitypolicyviolation`) and console errors from the start. */
export async function watchedPage(browser: Browser, options: BrowserContextOptions = {}): Promise<WatchedPage> {
  const context = await browser.newContext(options);
  // Init scripts are injected by the browser driver, not by the page: the page's CSP does not apply to them.
  // (Browser-side code is written as strings here: the tests compile without the DOM's types.)
  await context.addInitScript(`
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations.push(e.violatedDirective + ' blocked ' + (e.blockedURI || 'inline') + ' (' + e.sourceFile + ':' + e.lineNumber + ')');
    });
  `);
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => consoleErrors.push(`page error: ${err.message}`));
  return {
    context,
    page,
    async problems() {
      const csp = await page.evaluate<string[]>('window.__cspViolations ?? []');
      return [...csp.map((v) => `CSP: ${v}`), ...consoleErrors];
    },
    close: () => context.close(),
  };
}

/** The console's server (ConsoleHarness) and Chromium for one browser test file: call in `before`, close both in `after` (closeAll). */
export async function startConsoleInChromium(options?: Parameters<typeof ConsoleHarness.start>[0]): Promise<{ h: ConsoleHarness; browser: Browser }> {
  const h = await ConsoleHarness.start(options);
  return { h, browser: await launchChromium() };
}

/** Closes, in order, what a test file opened (skipping what was never opened). */
export async function closeAll(...opened: ({ close(): Promise<unknown> } | undefined)[]): Promise<void> {
  for (const o of opened) await o?.close();
}

/** A watched page whose browser holds `client`'s console session: the cookie as sign-in sets it (HttpOnly, SameSite=Lax, Path=/). */
export async function consolePage(browser: Browser, h: ConsoleHarness, client: ConsoleClient, options: BrowserContextOptions = LOOKS.light): Promise<WatchedPage> {
  const w = await watchedPage(browser, options);
  await w.context.addCookies([{ name: CONSOLE_COOKIE, value: client.cookies.get(CONSOLE_COOKIE)!, url: h.url, httpOnly: true, sameSite: 'Lax' }]);
  return w;
}

/** A watched page whose browser already holds a console session of `member` (started directly, as ConsoleHarness.signedIn does). */
export async function pageAs(browser: Browser, h: ConsoleHarness, member: TestMember, look: Look = 'light'): Promise<WatchedPage> {
  return consolePage(browser, h, await h.signedInAs(member), LOOKS[look]);
}

/** Waits for the page's level-1 heading named `name`. */
export const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name }).waitFor(WAIT);

/** After a change: the data has been read again (the page shows the old one meanwhile, with "Updating…"). */
export const settled = (page: Page) => page.getByText('Updating…').waitFor({ state: 'detached', ...WAIT });

/** Waits for the notice of a change (a status with `text`), then for the data read again. */
export async function said(page: Page, text: string): Promise<void> {
  await page.getByRole('status').filter({ hasText: text }).waitFor(WAIT);
  await settled(page);
}

/** A console case page's section, by its level-2 heading. */
export const section = (page: Page, title: string): Locator => page.locator('section.case-section', { has: page.getByRole('heading', { level: 2, name: title, exact: true }) });

let axeSource: Promise<string> | undefined;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Runs axe-core in the page (evaluated through the driver, so the page's CSP is untouched) and fails on any
 * serious or critical violation, naming the rule and the elements; then saves a screenshot (the full page unless
 * `fullPage: false`: a very long page takes seconds) as test-output/screenshots/<name>.png.
 */
export async function checkPage(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  axeSource ??= readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  // Injected once per document (a page that stays put keeps it between checks).
  if (await page.evaluate('typeof axe') === 'undefined') await page.evaluate(await axeSource);
  const violations = await page.evaluate<AxeViolation[]>(`
    axe.run(document, { resultTypes: ['violations'] }).then((result) =>
      result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) })))
  `);
  // Screenshots for a person to look at (TEST_SCREENSHOTS=1): encoding 150 full-page PNGs is CPU the suite does without.
  if (process.env.TEST_SCREENSHOTS === '1') {
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: options.fullPage ?? true });
  }
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), `axe on ${name}`).to.deep.equal([]);
}

/** The page fits its viewport's width (no sideways scrolling at 360 px). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scroll, width } = await page.evaluate<{ scroll: number; width: number }>('({ scroll: document.documentElement.scrollWidth, width: window.innerWidth })');
  expect(scroll, 'page wider than the viewport').to.be.at.most(width);
}

/**
 * Waits (bounded, 10 s) until `read()` answers `want`, checking again after each animation frame. The check
 * runs from the test through page.evaluate: a string predicate given to page.waitForFunction is evaluated
 * inside the page with eval, which the pages' Content-Security-Policy blocks (and reports).
 */
export async function untilFrame<T>(page: Page, read: () => Promise<T>, want: T): Promise<T> {
  let now = await read();
  for (const end = Date.now() + 10_000; now !== want && Date.now() < end; now = await read()) {
    await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => resolve(null)))');
  }
  return now;
}

/** Words of the page's main part (or of the element `within` selects) that the browser broke across two lines (each word is one text range). */
export function brokenWords(page: Page, within = 'main'): Promise<string[]> {
  return page.evaluate<string[]>(`(() => {
    const out = [];
    const walker = document.createTreeWalker(document.querySelector(${JSON.stringify(within)}), NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (n.parentElement && n.parentElement.closest('.visually-hidden')) continue;
      for (const m of n.data.matchAll(/\\S+/g)) {
        const r = document.createRange();
        r.setStart(n, m.index);
        r.setEnd(n, m.index + m[0].length);
        const tops = new Set([...r.getClientRects()].filter((x) => x.width > 0).map((x) => Math.round(x.top)));
        if (tops.size > 1) out.push(m[0]);
      }
    }
    return out;
  })()`);
}
