import { createServer, type Server } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { createAdverseMediaSource, createCompanyRegistry } from '../../bin/compose';
import { ConfigError } from '../../src/platform/index';
import { HttpAdverseMediaSource, HttpCompanyRegistry } from '../../worker/vendors/index';
import { testConfig } from '../support/env';
import { rogueTls, testTls } from '../support/test-tls';

/**
 * A local HTTPS server (the run's test CA) that records each request and answers what the test sets:
 * the registry speaks Companies House's public data API shape, the adverse media source a JSON search API.
 */
class FakeVendor {
  readonly requests: { path: string; query: URLSearchParams; headers: IncomingHttpHeaders }[] = [];
  answer: (path: string, query: URLSearchParams) => { status: number; body: unknown; delayMs?: number } = () => ({ status: 500, body: {} });
  private server!: Server;
  url = '';

  async start(tls = testTls()): Promise<void> {
    this.server = createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
      const u = new URL(req.url!, 'https://127.0.0.1');
      this.requests.push({ path: u.pathname, query: u.searchParams, headers: req.headers });
      const a = this.answer(u.pathname, u.searchParams);
      const send = () => {
        res.writeHead(a.status, { 'content-type': 'application/json' });
        res.end(typeof a.body === 'string' ? a.body : JSON.stringify(a.body));
      };
      if (a.delayMs) setTimeout(send, a.delayMs);
      else send();
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `https://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server.close(() => r()));
  }
}

describe('monitoring: the vendor adapters (against local HTTPS servers speaking their APIs)', () => {
  const vendor = new FakeVendor();
  before(() => vendor.start());
  after(() => vendor.stop());
  beforeEach(() => {
    vendor.requests.length = 0;
  });

  describe('HttpCompanyRegistry (Companies House-like)', () => {
    const registry = () => new HttpCompanyRegistry({ url: vendor.url, apiKey: 'ch-key-secret', timeoutMs: 2000 }, { ca: testTls().ca });

    it('reads the profile, current officers and current persons with significant control, with the key as HTTP Basic user name', async () => {
      vendor.answer = (path) => {
        if (path === '/company/09000002') return { status: 200, body: { company_name: 'NORTHGATE SHIPPING LTD', company_number: '09000002', company_status: 'active' } };
        if (path === '/company/09000002/officers') {
          return { status: 200, body: { items: [
            { name: 'HALVORSEN, Erik', officer_role: 'director' }, { name: 'RAMAN, Priya', officer_role: 'director' },
            { name: 'OLDMAN, Sam', officer_role: 'director', resigned_on: '2020-01-01' },
          ] } };
        }
        if (path === '/company/09000002/persons-with-significant-control') {
          return { status: 200, body: { items: [
            { name: 'Northgate Holdings (Cyprus) Ltd', kind: 'corporate-entity-person-with-significant-control' },
            { name: 'Mr Erik Halvorsen', kind: 'individual-person-with-significant-control', ceased_on: '2024-02-02' },
          ] } };
        }
        return { status: 404, body: { errors: [{ error: 'company-profile-not-found' }] } };
      };
      expect(await registry().lookup({ registrationNumber: '0900 0002', country: 'GB' })).to.deep.equal({
        status: 'found',
        company: {
          registrationNumber: '09000002', name: 'NORTHGATE SHIPPING LTD', status: 'active',
          officers: [{ name: 'HALVORSEN, Erik', kind: 'individual' }, { name: 'RAMAN, Priya', kind: 'individual' }],
          owners: [{ name: 'Northgate Holdings (Cyprus) Ltd', kind: 'corporate' }],
        },
      });
      expect(vendor.requests.map((r) => r.path).sort()).to.deep.equal(['/company/09000002', '/company/09000002/officers', '/company/09000002/persons-with-significant-control']);
      for (const r of vendor.requests) expect(r.headers.authorization).to.equal(`Basic ${Buffer.from('ch-key-secret:').toString('base64')}`);
    });

    it('answers not_found for a 404 of the profile, and fails with the status (never the key) otherwise', async () => {
      vendor.answer = () => ({ status: 404, body: { errors: [{ error: 'company-profile-not-found' }] } });
      expect(await registry().lookup({ registrationNumber: '99999999', country: null })).to.deep.equal({ status: 'not_found' });
      vendor.answer = () => ({ status: 503, body: 'upstream down' });
      const err = await registry().lookup({ registrationNumber: '09000002', country: null }).then(() => null, (e: Error) => e);
      expect(err!.message).to.equal('registry GET /company/{id} answered 503');
      vendor.answer = () => ({ status: 200, body: 'not json' });
      expect((await registry().lookup({ registrationNumber: '09000002', country: null }).catch((e: Error) => e) as Error).message)
        .to.equal('registry GET /company/{id} answered with a body that is not JSON');
    });

    it('asks only for registration numbers: "../../admin" and the like never reach the server, and a valid one goes encoded', async () => {
      vendor.answer = () => ({ status: 404, body: {} });
      const refused = 'The case\'s registration number is not one a registry uses (letters, digits, and spaces, hyphens or dots between them, at most 32 characters); the registry was not asked.';
      for (const registrationNumber of ['../../admin', '..', '.', '09000002/../../admin', '0900%2F0002', '09000002?x=1', '0900#2', '09\n0002', 'Ａ123', 'A'.repeat(33), '-0900', '']) {
        const err = await registry().lookup({ registrationNumber, country: null }).then(() => null, (e: Error) => e);
        expect(err?.message, JSON.stringify(registrationNumber)).to.equal(refused);
      }
      expect(vendor.requests).to.deep.equal([]);
      expect(await registry().lookup({ registrationNumber: ' hrb 12.34-5 ', country: 'DE' })).to.deep.equal({ status: 'not_found' });
      expect(vendor.requests.map((r) => r.path)).to.deep.equal(['/company/HRB12.34-5']);
    });

    it('gives up after its budget, and refuses a server whose certificate no trusted CA signed', async () => {
      vendor.answer = () => ({ status: 200, body: {}, delayMs: 1500 });
      const slow = new HttpCompanyRegistry({ url: vendor.url, apiKey: null, timeoutMs: 200 }, { ca: testTls().ca });
      expect((await slow.lookup({ registrationNumber: '1', country: null }).catch((e: Error) => e) as Error).message).to.match(/^registry GET \/company\/\{id\} failed: /);
      const rogue = new FakeVendor();
      await rogue.start(rogueTls());
      try {
        rogue.answer = () => ({ status: 200, body: { company_name: 'X' } });
        const untrusting = new HttpCompanyRegistry({ url: rogue.url, apiKey: 'k', timeoutMs: 2000 }, { ca: testTls().ca });
        const err = (await untrusting.lookup({ registrationNumber: '1', country: null }).catch((e: Error) => e)) as Error;
        expect(err.message).to.match(/^registry GET \/company\/\{id\} failed: /);
        expect(rogue.requests).to.deep.equal([]);
      } finally {
        await rogue.stop();
      }
    });
  });

  describe('HttpAdverseMediaSource', () => {
    const source = () => new HttpAdverseMediaSource({ url: vendor.url, apiKey: 'am-key', timeoutMs: 2000 }, { ca: testTls().ca });

    it('searches by name and type with a bearer key and maps the articles (unknown severity: medium; no id or title: dropped)', async () => {
      vendor.answer = () => ({
        status: 200, body: { articles: [
          { id: 'a1', title: 'Shipping firm fined', source: 'Ledger', publishedAt: '2026-03-02T08:00:00Z', topics: ['fraud', 3], severity: 'high' },
          { id: 'a2', title: 'Follow-up', severity: 'extreme' },
          { title: 'no id' },
        ] },
      });
      expect(await source().search({ name: 'Northgate Shipping Ltd', schema: 'Company' })).to.deep.equal([
        { id: 'a1', title: 'Shipping firm fined', source: 'Ledger', publishedAt: '2026-03-02', topics: ['fraud'], severity: 'high' },
        { id: 'a2', title: 'Follow-up', source: '', publishedAt: '', topics: [], severity: 'medium' },
      ]);
      const [req] = vendor.requests;
      expect(req!.path).to.equal('/search');
      expect(Object.fromEntries(req!.query)).to.deep.equal({ q: 'Northgate Shipping Ltd', type: 'company' });
      expect(req!.headers.authorization).to.equal('Bearer am-key');
    });

    it('fails with the status for an error answer, without the query (a name) in the message', async () => {
      vendor.answer = () => ({ status: 429, body: { error: 'rate_limited' } });
      const err = (await source().search({ name: 'Erik Halvorsen', schema: 'Person' }).catch((e: Error) => e)) as Error;
      expect(err.message).to.equal('adverse media GET /search answered 429');
      vendor.answer = () => ({ status: 200, body: { results: [] } });
      expect(((await source().search({ name: 'Erik Halvorsen', schema: 'Person' }).catch((e: Error) => e)) as Error).message)
        .to.equal('adverse media GET /search answered without articles');
    });
  });
});

describe('monitoring: vendor configuration', () => {
  it('wires the local sources by default and the HTTP adapters when asked; an http provider needs its URL; bad values are refused', () => {
    expect(createCompanyRegistry(testConfig()).name).to.equal('local');
    expect(createAdverseMediaSource(testConfig()).name).to.equal('local');
    const http = testConfig({ REGISTRY_PROVIDER: 'http', REGISTRY_URL: 'https://registry.example', ADVERSE_MEDIA_PROVIDER: 'http', ADVERSE_MEDIA_URL: 'https://media.example' });
    expect(createCompanyRegistry(http)).to.be.instanceOf(HttpCompanyRegistry);
    expect(createAdverseMediaSource(http)).to.be.instanceOf(HttpAdverseMediaSource);
    expect(() => testConfig({ REGISTRY_PROVIDER: 'http' })).to.throw(ConfigError, 'REGISTRY_URL is required when REGISTRY_PROVIDER=http');
    expect(() => testConfig({ ADVERSE_MEDIA_PROVIDER: 'vendor' })).to.throw(ConfigError, 'ADVERSE_MEDIA_PROVIDER must be local or http (got "vendor")');
    expect(() => testConfig({ MONITORING_BATCH_SIZE: '0' })).to.throw(ConfigError, 'MONITORING_BATCH_SIZE must be an integer from 1 to 5000');
  });
});
