import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { connectDataSource, createDataSource } from '../../src/db/index';
import { ENTITIES } from '../../bin/entities';
import { consumePullApiRateLimit, flushPullApiRateLimits } from '../../src/access/index';
import { type Services } from '../../src/platform/index';
import { TEST_MYSQL_URL } from '../support/env';
import { runtime } from '../support/runtime';

describe('pull-API rate limit shared by several processes', () => {
  // Two services with their own database pools stand for two API processes.
  let a: Services;
  let b: Services;
  let close: () => Promise<void>;
  before(async () => {
    const rt = await runtime();
    const second = await connectDataSource(createDataSource(TEST_MYSQL_URL, ENTITIES, 2), TEST_MYSQL_URL);
    // One frozen instant well inside a minute window, so the test never straddles two windows.
    const now = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 5_000);
    a = { ...rt.svc, clock: { now: () => now } };
    b = { ...rt.svc, db: second, clock: { now: () => now } };
    close = () => second.destroy();
  });
  after(() => close());

  const storedHits = async (svc: Services, bucket: string) => {
    const rows = (await svc.db.query('SELECT hits FROM rate_limit_counters WHERE bucket = ?', [bucket])) as { hits: number }[];
    return Number(rows[0]?.hits ?? 0);
  };

  it('counts every process against one budget of 120 per minute, each learning the others within a round trip', async () => {
    const principal = { clientId: `cli_${randomUUID()}`, orgId: randomUUID() };
    const bucket = `pull:${principal.clientId}:${principal.orgId}`;
    for (let i = 1; i <= 100; i++) {
      const s = await consumePullApiRateLimit(a, principal);
      expect(s.allowed, `request ${i} on A`).to.equal(true);
      expect(s.remaining).to.equal(120 - i);
    }
    // A writes its hits in the background; once flushed, MySQL holds all 100.
    await flushPullApiRateLimits(a);
    expect(await storedHits(a, bucket)).to.equal(100);

    // B's first request of the window reads the shared count: only 20 remain for it.
    const firstOnB = await consumePullApiRateLimit(b, principal);
    expect(firstOnB).to.deep.include({ allowed: true, remaining: 19 });
    for (let i = 0; i < 19; i++) expect((await consumePullApiRateLimit(b, principal)).allowed).to.equal(true);
    const refusedOnB = await consumePullApiRateLimit(b, principal);
    expect(refusedOnB).to.deep.include({ allowed: false, remaining: 0, limit: 120 });
    expect(refusedOnB.resetSeconds).to.equal(55);
    await flushPullApiRateLimits(b);
    expect(await storedHits(b, bucket)).to.equal(120);

    // A learns B's hits with its next write: at most one request passes on a stale count, then A refuses too.
    const late = await consumePullApiRateLimit(a, principal);
    await flushPullApiRateLimits(a);
    expect(await storedHits(a, bucket)).to.equal(late.allowed ? 121 : 120);
    expect((await consumePullApiRateLimit(a, principal)).allowed).to.equal(false);
  });
});
