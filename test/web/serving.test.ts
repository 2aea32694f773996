import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import express from 'express';
import { WEB_DIST, webRoutes } from '../../rest/web.routes';
import { ConsoleHarness } from '../graphql/harness';

/** The page's CSP: scripts from this origin only; styles from this origin and this answer's nonce. */
const csp = (nonce: string) => `default-src 'none'; script-src 'self'; style-src 'self' 'nonce-${nonce}'; img-src 'self' https:; font-src 'self'; `
  + "connect-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/** How `npm start` serves the web app built into dist/web (the console and the portal pages). */
describe('web app serving', () => {
  let h: ConsoleHarness;
  before(async () => {
    h = await ConsoleHarness.start();
  });
  after(() => h?.close());

  const get = (path: string, init: RequestInit = {}) => fetch(h.url + path, { redirect: 'manual', ...init });

  it('answers the app page at every console and portal address: no-store, a CSP without inline script and a fresh style nonce, nosniff, no framing', async () => {
    const built = await readFile(join(WEB_DIST, 'index.html'), 'utf8');
    expect(built).to.contain('<meta name="csp-nonce" nonce="__CSP_NONCE__">');
    const nonces = new Set<string>();
    for (const path of ['/console', '/console/', '/console/sign-in?next=%2Fconsole', '/console/cases/CS-2026-00001', '/portal/app', '/portal/app/documents/1']) {
      const res = await get(path);
      expect(res.status, path).to.equal(200);
      const html = await res.text();
      const nonce = /<meta name="csp-nonce" nonce="([A-Za-z0-9+/]{24})">/.exec(html)?.[1];
      expect(nonce, path).to.be.a('string');
      nonces.add(nonce!);
      expect(Object.fromEntries([...res.headers].filter(([k]) => [
        'content-type', 'cache-control', 'content-security-policy', 'x-content-type-options', 'referrer-policy', 'x-frame-options', 'cross-origin-opener-policy',
      ].includes(k))), path).to.deep.equal({
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'content-security-policy': csp(nonce!),
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'same-origin',
        'x-frame-options': 'DENY',
        'cross-origin-opener-policy': 'same-origin',
      });
      expect(html, path).to.equal(built.replace('__CSP_NONCE__', nonce!));
    }
    expect(nonces.size, 'a nonce per answer').to.equal(6);
    // The page loads its one script from /assets, never inline, and has no inline style.
    expect(built).to.match(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/);
    expect(built.match(/<script/g)).to.have.lengthOf(1);
    expect(built).not.to.match(/style=|<style/);
  });

  it('serves the hashed assets as immutable for a year, and an unknown asset is a 404 that is not cached as immutable', async () => {
    const assets = await readdir(join(WEB_DIST, 'assets'));
    const js = assets.find((f) => /^index-[\w-]+\.js$/.test(f))!;
    const css = assets.find((f) => /^index-[\w-]+\.css$/.test(f))!;
    for (const [file, type] of [[js, 'text/javascript; charset=utf-8'], [css, 'text/css; charset=utf-8']] as const) {
      const res = await get(`/assets/${file}`);
      expect(res.status, file).to.equal(200);
      expect(res.headers.get('cache-control'), file).to.equal('public, max-age=31536000, immutable');
      expect(res.headers.get('content-type'), file).to.equal(type);
      expect(res.headers.get('x-content-type-options'), file).to.equal('nosniff');
      expect(Buffer.from(await res.arrayBuffer()).equals(await readFile(join(WEB_DIST, 'assets', file))), file).to.equal(true);
    }
    for (const path of ['/assets/index-00000000.js', '/assets/', '/assets/../index.html', '/assets/%2e%2e/index.html']) {
      const res = await get(path);
      expect(res.status, path).to.equal(404);
      expect(res.headers.get('cache-control') ?? '', path).not.to.contain('immutable');
      expect(await res.json(), path).to.deep.equal({ error: 'not_found', message: 'Resource not found.' });
    }
  });

  it('opens the console from / and from the analystUrl ({APP_URL}/cases?case=<id>)', async () => {
    const cases: [string, string][] = [
      ['/', '/console'],
      ['/cases?case=CS-2026-00001', '/console/cases/CS-2026-00001'],
      ['/cases?case=0b0e7a52-5d0c-4c36-9d59-6cf3b2c3a6f1', '/console/cases/0b0e7a52-5d0c-4c36-9d59-6cf3b2c3a6f1'],
      ['/cases?case=a%2Fb%3Fc%3D1', '/console/cases/a%2Fb%3Fc%3D1'],
      ['/cases', '/console/cases'],
      ['/cases?case=', '/console/cases'],
    ];
    for (const [from, to] of cases) {
      const res = await get(from);
      expect(res.status, from).to.equal(302);
      expect(res.headers.get('location'), from).to.equal(to);
    }
  });

  it('only GET and HEAD answer the page; a POST to a console address is a 404', async () => {
    expect((await get('/console', { method: 'HEAD' })).status).to.equal(200);
    const res = await get('/console/cases', { method: 'POST' });
    expect(res.status).to.equal(404);
  });

  it('says the app is not built (503, plain text, not cached) when dist/web has no index.html', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'web-dist-'));
    const app = express().use(webRoutes({ dir: empty }));
    const server = createServer(app);
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/console/status`);
      expect(res.status).to.equal(503);
      expect(res.headers.get('content-type')).to.equal('text/plain; charset=utf-8');
      expect(res.headers.get('cache-control')).to.equal('no-store');
      expect(await res.text()).to.equal('The web app is not built. Run `npm run build`.\n');
    } finally {
      server.close();
      await rm(empty, { recursive: true, force: true });
    }
  });
});
