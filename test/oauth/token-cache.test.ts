import { expect } from 'chai';
import { untilCaching, within } from '../support/within';
import { AccessTokenCache, LIVE_CHECK_TTL_MS, revokeClient, verifyAccessToken } from '../../src/oauth/index';
import { type Clock, type Services } from '../../src/platform/index';
import { PgRevocationFeed } from '../../worker/revocation-feed';
import { rejection } from '../support/rejection';
import { runtime } from '../support/runtime';
import { basic, clientToken, decodeJwt, post, startServer, tenantClientToken, type Harness } from './harness';
import { SERVICE_OPERATOR } from '../../src/access/index';

/** A settable clock, for passing the live-check TTL without waiting. */
function movableClock(): Clock & { advance(ms: number): void } {
  let offset = 0;
  return { now: () => new Date(Date.now() + offset), advance: (ms) => { offset += ms; } };
}

describe('bearer-check cache across processes', () => {
  // A is the harness's API server; B stands for a second API process: the same databases, but its own
  // bearer-check cache and its own connection to the revocation feed.
  let h: Harness;
  let b: Services;
  let feedB: PgRevocationFeed;
  let clockB: ReturnType<typeof movableClock>;
  before(async () => {
    h = await startServer();
    const rt = await runtime();
    feedB = new PgRevocationFeed(rt.queue.pool, rt.svc.config.pgUrl, rt.svc.log);
    clockB = movableClock();
    b = { ...h.svc, revocations: feedB, accessTokenCache: new AccessTokenCache(feedB), clock: clockB };
    // B subscribes on its first live check; wait until its feed listens.
    expect(b.accessTokenCache.beginLiveCheck()).to.equal(null);
    await untilCaching(b.accessTokenCache, true);
  });
  after(async () => {
    await feedB.close();
    await h.close();
  });

  const setup = () => tenantClientToken(h);
  const revokedBehindTheCache = (clientId: string) =>
    h.svc.db.query('UPDATE oauth_clients SET revoked_at = UTC_TIMESTAMP(3) WHERE id = ?', [clientId]);

  it('stops a token cached in another process as soon as a client is revoked in this one', async () => {
    const { client, token } = await setup();
    expect((await verifyAccessToken(b, token)).clientId).to.equal(client.clientId);
    // B now answers from its cache: a write that announces nothing is not seen (the TTL test below).
    await revokedBehindTheCache(client.clientId);
    expect((await verifyAccessToken(b, token)).clientId).to.equal(client.clientId);

    const flushed = b.accessTokenCache.nextFlush();
    await revokeClient(h.svc, SERVICE_OPERATOR, { clientId: client.clientId });
    await within(flushed, 5_000, 'the revocation to reach B');
    const err = await rejection(verifyAccessToken(b, token));
    expect(err).to.deep.include({ code: 'invalid_token', message: 'The access token has been revoked.' });
  });

  it('stops one revoked access token (RFC 7009) in every process, and leaves the client\'s other tokens working', async () => {
    const { client, token } = await setup();
    const other = await clientToken(h, client);
    await verifyAccessToken(b, token);
    await verifyAccessToken(b, other);
    const flushed = b.accessTokenCache.nextFlush();
    const res = await post(h.url, '/v1/oauth/revoke', { form: { token, token_type_hint: 'access_token' } }, { authorization: basic(client.clientId, client.clientSecret) });
    expect(res.status, res.text).to.equal(200);
    await within(flushed, 5_000, 'the revocation to reach B');
    expect(await rejection(verifyAccessToken(b, token))).to.deep.include({ code: 'invalid_token', message: 'The access token has been revoked.' });
    expect((await verifyAccessToken(b, other)).clientId).to.equal(client.clientId);
  });

  it('reuses a live check for at most LIVE_CHECK_TTL_MS when a revocation was never announced', async () => {
    const { client, token } = await setup();
    await verifyAccessToken(b, token);
    await revokedBehindTheCache(client.clientId);
    clockB.advance(LIVE_CHECK_TTL_MS - 1_000);
    expect((await verifyAccessToken(b, token)).clientId).to.equal(client.clientId);
    clockB.advance(1_000);
    expect(await rejection(verifyAccessToken(b, token))).to.deep.include({ message: 'The access token has been revoked.' });
  });

  it('stops caching while its feed connection is down, and caches again once it is back', async () => {
    const { client, token } = await setup();
    await verifyAccessToken(b, token);
    const pid = feedB.listenerPid;
    expect(pid).to.be.a('number');
    await (await runtime()).queue.pool.query('SELECT pg_terminate_backend($1)', [pid]);
    await untilCaching(b.accessTokenCache, false);
    // A revocation announced now would not reach B: B reads every check live meanwhile.
    await revokedBehindTheCache(client.clientId);
    expect(await rejection(verifyAccessToken(b, token))).to.deep.include({ message: 'The access token has been revoked.' });
    await untilCaching(b.accessTokenCache, true);
    expect(feedB.listenerPid).to.be.a('number').and.not.equal(pid);
  });

  it('caches at once when its feed already listens for another cache of the process (the console session check subscribed first)', async () => {
    const { client, token } = await setup();
    const late = new AccessTokenCache(feedB);
    const c: Services = { ...b, accessTokenCache: late };
    expect(late.beginLiveCheck(), 'a generation: caching').to.be.a('number');
    await verifyAccessToken(c, token);
    // Served from the cache now: a write that announces nothing is not seen (within the TTL).
    await revokedBehindTheCache(client.clientId);
    expect((await verifyAccessToken(c, token)).clientId).to.equal(client.clientId);
  });

  it('drops a live check that was read before a flush (no stale fill after a revocation)', () => {
    const cache = b.accessTokenCache as AccessTokenCache<{ v: number }>;
    const generation = cache.beginLiveCheck();
    expect(generation).to.be.a('number');
    cache.flush();
    cache.rememberLive('race', { v: 1 }, generation, Date.now());
    expect(cache.liveRow('race', Date.now())).to.equal(undefined);
    cache.rememberLive('race', { v: 2 }, cache.beginLiveCheck(), Date.now());
    expect(cache.liveRow('race', Date.now())).to.deep.equal({ v: 2 });
  });

  it('still refuses a cached, verified token once it has expired', async () => {
    const { token } = await setup();
    await verifyAccessToken(b, token);
    const exp = decodeJwt(token).payload.exp as number;
    clockB.advance(exp * 1000 - Date.now() + 6_000);
    expect(await rejection(verifyAccessToken(b, token))).to.deep.include({ code: 'invalid_token', message: 'The access token has expired.' });
  });
});
