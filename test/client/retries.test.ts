import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { createClient, isApiError, retryAfterMs } from '../../packages/client/src/index';

interface Scripted {
  status: number;
  headers?: Record<string, string>;
  body: unknown;
}

/**
 * A tiny stand-in service: the token endpoint, and for /v1 the scripted answers in order (then 200s),
 * recording what each request carried.
 */
async function stub(script: Scripted[]) {
  const seen: { path: string; headers: IncomingMessage['headers'] }[] = [];
  const server: Server = createServer((req, res) => {
    seen.push({ path: req.url!, headers: req.headers });
    req.resume();
    const answer: Scripted = req.url === '/v1/oauth/token'
      ? { status: 200, body: { access_token: 'a.b.c', token_type: 'Bearer', expires_in: 3600, scope: 'read:cases cases:write' } }
      : script.shift() ?? { status: 200, body: { data: [], nextCursor: null, hasMore: false } };
    res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('client package: retries after 429 and 503', () => {
  const waits: number[] = [];
  const sleep = async (ms: number) => {
    waits.push(ms);
  };
  beforeEach(() => {
    waits.length = 0;
  });
  const created = { caseId: '5f0c7a52-1b7e-4d7e-9a43-1f6b8a1c2d3e', status: 'in-progress' };

  it('waits Retry-After after a 429, then succeeds with the same request', async () => {
    const s = await stub([{ status: 429, headers: { 'retry-after': '2' }, body: { error: 'rate_limited', message: 'Too many requests.' } }]);
    try {
      const client = createClient({ baseUrl: s.url, clientId: 'id', clientSecret: 'secret', sleep });
      expect(await client.cases.list().toArray()).to.deep.equal([]);
      expect(waits).to.deep.equal([2000]);
      expect(s.seen.filter((r) => r.path === '/v1/cases')).to.have.length(2);
    } finally {
      await s.close();
    }
  });

  it('retries a write after 503 with the same Idempotency-Key (waiting its Retry-After), and a wait without one doubles', async () => {
    const s = await stub([
      { status: 503, headers: { 'retry-after': '1' }, body: { error: 'service_unavailable', message: 'Try again.', requestId: 'r1' } },
      { status: 503, body: { error: 'service_unavailable', message: 'Try again.' } },
      { status: 201, body: created },
    ]);
    try {
      const client = createClient({ baseUrl: s.url, clientId: 'id', clientSecret: 'secret', sleep, baseDelayMs: 100 });
      const result = await client.cases.create({ customerEmail: 'a@example.com', companyName: 'A' });
      expect(result.case).to.deep.equal(created);
      expect(waits).to.deep.equal([1000, 200]);
      const posts = s.seen.filter((r) => r.path === '/v1/cases');
      expect(posts).to.have.length(3);
      expect(new Set(posts.map((r) => r.headers['idempotency-key']))).to.deep.equal(new Set([result.idempotencyKey]));
    } finally {
      await s.close();
    }
  });

  it('gives up after maxRetries, or at once when Retry-After is longer than maxDelayMs, with the typed error', async () => {
    const limited = { status: 429, headers: { 'retry-after': '1' }, body: { error: 'rate_limited', message: 'Too many requests.' } };
    const s = await stub([limited, limited, limited, { ...limited, headers: { 'retry-after': '3600' } }]);
    try {
      const client = createClient({ baseUrl: s.url, clientId: 'id', clientSecret: 'secret', sleep, maxRetries: 2 });
      const err = await client.cases.get('x').catch((e: unknown) => e);
      expect(isApiError(err, 'rate_limited') && err.status).to.equal(429);
      expect(waits).to.deep.equal([1000, 1000]);
      const late = await client.cases.get('x').catch((e: unknown) => e);
      expect(isApiError(late, 'rate_limited')).to.equal(true);
      expect(waits).to.have.length(2);
    } finally {
      await s.close();
    }
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-29T12:00:00Z');
    expect(retryAfterMs('7', now)).to.equal(7000);
    expect(retryAfterMs('Sun, 29 Nov 2026 12:00:30 GMT', now)).to.equal(30_000);
    expect(retryAfterMs('soon', now)).to.equal(null);
    expect(retryAfterMs(null, now)).to.equal(null);
  });

  it('after invalid_token it fetches a new token once and repeats the request', async () => {
    const s = await stub([{ status: 401, headers: { 'www-authenticate': 'Bearer error="invalid_token"' }, body: { error: 'invalid_token', message: 'The access token expired.' } }]);
    try {
      const client = createClient({ baseUrl: s.url, clientId: 'id', clientSecret: 'secret', sleep });
      expect(await client.cases.list().toArray()).to.deep.equal([]);
      expect(s.seen.map((r) => r.path)).to.deep.equal(['/v1/oauth/token', '/v1/cases', '/v1/oauth/token', '/v1/cases']);
      expect(s.seen[0]!.headers.authorization).to.equal(`Basic ${Buffer.from('id:secret').toString('base64')}`);
    } finally {
      await s.close();
    }
  });
});
