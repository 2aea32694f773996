import { expect } from 'chai';
import { ConsoleHarness } from '../graphql/harness';

describe('GET / and the service index page', () => {
  let h: ConsoleHarness;
  before(async () => {
    h = await ConsoleHarness.start();
  });
  after(() => h?.close());

  it('GET / redirects (302, no body) to the console', async () => {
    for (const method of ['GET', 'HEAD']) {
      const res = await fetch(`${h.url}/`, { method, redirect: 'manual' });
      expect(res.status, method).to.equal(302);
      expect(res.headers.get('location'), method).to.equal('/console');
      if (method === 'GET') expect(res.headers.get('content-length')).to.equal('0');
      expect(res.headers.get('content-type'), method).to.equal(null);
      expect(await res.text(), method).to.equal('');
    }
  });

  it('/about is a small HTML page whose every link answers 200', async () => {
    const res = await fetch(`${h.url}/about`);
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.equal('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).to.equal("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).to.equal('nosniff');
    expect(res.headers.get('cache-control')).to.equal('no-cache');
    const html = await res.text();
    expect(html).to.match(/^<!doctype html>\n<html lang="en">/);
    expect(html).to.contain('<title>Compliance onboarding service</title>');
    const links = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(links).to.deep.equal([
      '/console', '/docs', '/v1/openapi.json', '/docs/events', '/schemas/webhooks/index.json', '/types/index.json', '/.well-known/oauth-authorization-server', '/healthz', '/readyz',
    ]);
    for (const link of links) expect((await fetch(`${h.url}${link}`)).status, link).to.equal(200);
  });
});
