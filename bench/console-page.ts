import { chromium } from 'playwright-core';
import { CONSOLE_COOKIE } from '../graphql/session-cookie';
import { startMemberSession } from '../src/sessions/index';
import { seedConsoleCases } from './console';
import { startBench } from './support';

const CASES = Number(process.env.BENCH_CASES ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
/** The rows the list's first page shows: the console's page size (web/src/console/cases/cases-page.tsx PAGE_SIZE). */
const ROWS = Math.min(CASES, 25);

// Browser-side code as functions (the page's CSP refuses eval); the bench compiles without the DOM's types.
interface PageGlobals {
  document: { querySelectorAll(selector: string): ArrayLike<unknown> };
  performance: { now(): number; getEntriesByType(type: string): { name: string; duration: number }[] };
  requestAnimationFrame(callback: () => void): void;
}

const quantile = (xs: number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};

/**
 * The console's case list in Chromium: a signed-in analyst opens /console/cases on a tenant of BENCH_CASES
 * (default 50) cases, BENCH_ROUNDS times (default 20) in one tab, and the bench prints the time from the
 * navigation's start to the first frame after the table holds its first page's rows (painted), the first
 * visit (nothing cached) apart from the others, with the page's GraphQL requests' durations as the browser
 * saw them. A figure, not a target. Needs `npm run build:web` (the server serves dist/web).
 */
export async function consolePageBench(): Promise<void> {
  const b = await startBench();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  try {
    const member = await seedConsoleCases(b, CASES);
    const session = await startMemberSession(b.svc, { kind: 'console', memberId: member.id });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies([{ name: CONSOLE_COOKIE, value: session.token, url: b.url, httpOnly: true, sameSite: 'Lax' }]);
    const page = await context.newPage();
    const painted: number[] = [];
    const graphqlMs: number[] = [];
    for (let round = 0; round < ROUNDS + 1; round++) {
      await page.goto(`${b.url}/console/cases`, { waitUntil: 'commit' });
      await page.waitForFunction((rows: number) => {
        const g = globalThis as unknown as PageGlobals;
        return g.document.querySelectorAll('[role="rowheader"] .case-link').length >= rows;
      }, ROWS, { polling: 'raf', timeout: 30_000 });
      // The next frame starts once the one that drew the rows was painted; performance.now() counts from the navigation.
      const [at, requests] = await page.evaluate(() => new Promise<[number, number[]]>((resolve) => {
        const g = globalThis as unknown as PageGlobals;
        g.requestAnimationFrame(() => resolve([
          g.performance.now(),
          g.performance.getEntriesByType('resource').filter((e) => new URL(e.name).pathname === '/graphql').map((e) => e.duration),
        ]));
      }));
      painted.push(at);
      if (round > 0) graphqlMs.push(...requests);
    }
    const [cold, ...warm] = painted;
    const ms = (x: number) => `${x.toFixed(0)} ms`;
    process.stdout.write(`console case list in Chromium, ${CASES} cases, ${ROWS} rows on the first page, ${ROUNDS} visits after a first one\n`);
    process.stdout.write(`first visit (nothing cached): navigation to table painted ${ms(cold!)}\n`);
    process.stdout.write(`later visits: navigation to table painted p50 ${ms(quantile(warm, 0.5))}, p90 ${ms(quantile(warm, 0.9))}, min ${ms(Math.min(...warm))}\n`);
    process.stdout.write(`their /graphql requests (${graphqlMs.length}): p50 ${ms(quantile(graphqlMs, 0.5))}, p90 ${ms(quantile(graphqlMs, 0.9))}\n`);
  } finally {
    await browser.close();
    await b.close();
  }
}
