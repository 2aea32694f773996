import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { CURL_EXAMPLE } from '../../rest/docs-content';
import { CATALOGUE_CSP, REFERENCE_CSP } from '../../rest/docs.routes';
import { EVENT_TYPES, examplePayload, payloadViolations } from '../../src/events/index';
import { verifyWebhook } from '../../src/webhooks/index';
import type { ConsoleHarness } from '../graphql/harness';
import { checkPage, closeAll, expectNoSidewaysScroll, LOOKS, startConsoleInChromium, WAIT, watchedPage } from '../support/browser';

describe('the integrator\'s reference pages (/docs, /docs/events) in Chromium', function () {
  this.timeout(90_000);
  let h: ConsoleHarness;
  let browser: Browser;
  before(async () => {
    ({ h, browser } = await startConsoleInChromium());
  });
  after(() => closeAll(browser, h));

  /** Every request the page makes, but those to the service itself. */
  function leaving(page: import('playwright-core').Page): string[] {
    const out: string[] = [];
    page.on('request', (r) => {
      const url = r.url();
      if (!url.startsWith(h.url) && !url.startsWith('blob:') && !url.startsWith('data:')) out.push(url);
    });
    return out;
  }

  it('/docs renders the OpenAPI document with Redoc served by the service: its operations, no console error, no request leaving the service, axe clean', async function () {
    // Redoc renders every operation at once (about 34,000 elements): axe alone takes 12 s on a quiet machine and
    // passed 90 s in a loaded suite run. The bound is for a hang, not a speed.
    this.timeout(240_000);
    const res = await fetch(`${h.url}/docs`);
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.equal('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).to.equal(REFERENCE_CSP);
    expect((await fetch(`${h.url}/docs/redoc.standalone.js`)).headers.get('content-type')).to.equal('text/javascript; charset=utf-8');

    const w = await watchedPage(browser, LOOKS.light);
    const away = leaving(w.page);
    await w.page.goto(`${h.url}/docs`);
    // Redoc parses the whole document (every operation's examples, the 36 event schemas) before its first heading:
    // seconds on a loaded machine, so this one wait is longer.
    await w.page.getByRole('heading', { level: 1, name: /Compliance onboarding service: pull API/ }).waitFor({ timeout: 30_000 });
    // An operation of the API, with its example request (Redoc's "Request samples").
    await w.page.getByRole('heading', { name: /Create a case/i }).first().waitFor(WAIT);
    await w.page.getByText('Request samples').first().waitFor(WAIT);
    expect(away).to.deep.equal([]);
    expect(await w.problems()).to.deep.equal([]);
    await checkPage(w.page, 'docs-reference', { fullPage: false }); // the reference is a very long page
    await w.close();
  });

  it('/docs/events lists every event type with an example payload that its JSON Schema accepts, and how to verify a request; axe clean at 360 px', async () => {
    for (const type of EVENT_TYPES) expect(payloadViolations(type, examplePayload(type)), type).to.deep.equal([]);
    const res = await fetch(`${h.url}/docs/events`);
    expect(res.headers.get('content-security-policy')).to.equal(CATALOGUE_CSP);

    const w = await watchedPage(browser, LOOKS['dark-360']);
    const away = leaving(w.page);
    await w.page.goto(`${h.url}/docs/events`);
    await w.page.getByRole('heading', { level: 1, name: 'Webhook events' }).waitFor(WAIT);
    expect(await w.page.getByRole('navigation', { name: 'Event types' }).getByRole('link').count()).to.equal(EVENT_TYPES.length);
    const decision = w.page.locator('section#case\\.decision\\.made');
    expect(JSON.parse(await decision.locator('pre code').innerText())).to.deep.equal(examplePayload('case.decision.made'));
    expect(await decision.getByRole('link', { name: 'JSON Schema' }).getAttribute('href')).to.equal('/schemas/webhooks/case.decision.made.v1.json');
    for (const label of ['TypeScript (Node) example', 'Python example', 'curl example']) await w.page.getByLabel(label).waitFor(WAIT);
    expect(away).to.deep.equal([]);
    expect(await w.problems()).to.deep.equal([]);
    await expectNoSidewaysScroll(w.page);
    await checkPage(w.page, 'docs-events-dark-360');
    await w.close();
  });

  it('the page\'s curl example sends a request that the service\'s own verifier accepts', async function () {
    const received: { ok: boolean; status: number }[] = [];
    const server: Server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c)).on('end', () => {
        const check = verifyWebhook(Buffer.concat(chunks), req.headers, 'the endpoint secret');
        received.push({ ok: check.ok, status: check.ok ? 204 : 401 });
        res.writeHead(check.ok ? 204 : 401).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/svc`;
      const out = await new Promise<string>((resolve, reject) => {
        const child = spawn('bash', ['-c', `set -euo pipefail\n${CURL_EXAMPLE}`], { env: { ...process.env, RECEIVER_URL: url }, stdio: ['ignore', 'pipe', 'inherit'] });
        let text = '';
        child.stdout.on('data', (d) => (text += d));
        const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
        child.on('exit', (code) => {
          clearTimeout(timer);
          if (code === 0) resolve(text);
          else reject(new Error(`the curl example exited ${code}: ${text}`));
        });
      });
      expect(out.trim()).to.equal('204');
      expect(received).to.deep.equal([{ ok: true, status: 204 }]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
