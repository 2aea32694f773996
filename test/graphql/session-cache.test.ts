import { expect } from 'chai';
import { untilCaching, within } from '../support/within';
import { CONSOLE_COOKIE } from '../../graphql/session-cookie';
import { inTransaction } from '../../src/db/index';
import { createMemberToken } from '../../src/members/member-tokens';
import { suspendMemberInTx } from '../../src/members/suspend-member';
import { AccessTokenCache } from '../../src/oauth/index';
import { operatorActor } from '../../src/access/index';
import { type Clock, type Services } from '../../src/platform/index';
import { openSecret } from '../../src/security/secret-box';
import { ConsoleSessionCache, findConsoleActor, SESSION_CHECK_TTL_MS } from '../../src/sessions/index';
import { setMfaRequired } from '../../src/tenants/set-mfa-required';
import { PgRevocationFeed } from '../../worker/revocation-feed';
import { runtime } from '../support/runtime';
import { ConsoleHarness, type ConsoleClient } from './harness';

const MINUTE = 60_000;
const ME = '{ me { id role mode mfaEnrolmentRequired } }';
const UNAUTHENTICATED = { code: 'UNAUTHENTICATED', message: 'Sign in to the console first.', extensions: { code: 'UNAUTHENTICATED', reason: 'unauthenticated' } };

/**
 * A clock that stands still unless moved (a cached check then never ages out during a test, so only an
 * announced flush can end it), in a window of its own a few days ahead (the sign-in limits per address).
 */
function standingClock(): Clock & { advance(ms: number): void } {
  let at = (Math.floor(Date.now() / (15 * MINUTE)) + 2 * 96 + Math.floor(Math.random() * 8 * 96)) * 15 * MINUTE + 1_000;
  return { now: () => new Date(at), advance: (ms) => { at += ms; } };
}

/**
 * The console session check's per-process cache: a session whose check is cached (here and in a second
 * process) is refused, or sees its change, on the very next request after every write that ends it or
 * changes what the check reads. Process A is the harness's server; B has its own caches and feed connection.
 */
describe('console session check cache: every write that ends a session or changes its member is seen at once, in every process', () => {
  const clock = standingClock();
  let h: ConsoleHarness;
  let b: Services;
  let feedB: PgRevocationFeed;
  before(async () => {
    h = await ConsoleHarness.start({ clock });
    const rt = await runtime();
    feedB = new PgRevocationFeed(rt.queue.pool, rt.svc.config.pgUrl, rt.svc.log);
    b = { ...h.svc, revocations: feedB, accessTokenCache: new AccessTokenCache(feedB), consoleSessionCache: new ConsoleSessionCache(feedB) };
    await untilCaching(h.svc.consoleSessionCache);
    await untilCaching(b.consoleSessionCache);
  });
  after(async () => {
    await feedB.close();
    await h.close();
  });

  const tokenOf = (browser: ConsoleClient) => browser.cookies.get(CONSOLE_COOKIE)!;
  const inB = (browser: ConsoleClient, address = '127.0.0.1') => findConsoleActor(b, tokenOf(browser), { address });

  /** The browser's session is answered from the cache in both processes (its check read once in each). */
  async function cachedInBoth(browser: ConsoleClient): Promise<void> {
    await browser.data(ME);
    expect(h.svc.consoleSessionCache.holds(tokenOf(browser), clock.now().getTime()), 'cached in A').to.equal(true);
    expect(await inB(browser)).to.have.property('actor');
    expect(b.consoleSessionCache.holds(tokenOf(browser), clock.now().getTime()), 'cached in B').to.equal(true);
  }

  /** After `write`: the next request in A is UNAUTHENTICATED, and B (once the announcement arrives) finds no session. */
  async function refusedInBoth(browser: ConsoleClient, write: () => Promise<unknown>): Promise<void> {
    const flushedB = b.consoleSessionCache.nextFlush();
    await write();
    expect(await browser.error(ME)).to.deep.equal(UNAUTHENTICATED);
    await within(flushedB, 5_000, 'the announcement to reach B');
    expect(await inB(browser)).to.equal(null);
  }

  it('signOut: the session is refused at once', async () => {
    const browser = await h.signedIn('analyst');
    const copy = h.browser();
    copy.cookies.set(CONSOLE_COOKIE, tokenOf(browser));
    await cachedInBoth(browser);
    await refusedInBoth(copy, () => browser.data('mutation { signOut }'));
  });

  it('signOutEverywhere and endSession: the other sessions are refused at once', async () => {
    const first = await h.signedIn('analyst');
    const second = await h.signedInAs(first.member);
    const third = await h.signedInAs(first.member);
    await cachedInBoth(second);
    await cachedInBoth(third);
    const sessions = await first.data<{ mySessions: { id: string; current: boolean }[] }>('{ mySessions { id current } }');
    const current = new Set((await second.data<{ mySessions: { id: string; current: boolean }[] }>('{ mySessions { id current } }')).mySessions.filter((s) => s.current).map((s) => s.id));
    const secondId = sessions.mySessions.find((s) => current.has(s.id))!.id;
    await refusedInBoth(second, () => first.data('mutation($id: ID!) { endSession(id: $id) }', { id: secondId }));
    await cachedInBoth(third);
    await refusedInBoth(third, () => first.data('mutation { signOutEverywhere }'));
  });

  it("changeMemberRole and removeMember: the member's sessions are refused at once", async () => {
    const admin = await h.signedIn('admin');
    const tenant = admin.member.tenant;
    const promoted = await h.signedIn('analyst', tenant);
    await cachedInBoth(promoted);
    await refusedInBoth(promoted, () => admin.data('mutation($id: ID!, $role: Role!) { changeMemberRole(memberId: $id, role: $role) { id } }', { id: promoted.member.id, role: 'mlro' }));
    const removed = await h.signedIn('analyst', tenant);
    await cachedInBoth(removed);
    await refusedInBoth(removed, () => admin.data('mutation($id: ID!) { removeMember(memberId: $id) }', { id: removed.member.id }));
  });

  it('a suspension for inactivity and a password reset: the sessions are refused at once', async () => {
    const suspended = await h.signedIn('analyst');
    await cachedInBoth(suspended);
    await refusedInBoth(suspended, () => inTransaction(h.svc, (tx) => suspendMemberInTx(tx, {
      orgId: suspended.member.tenant.id, memberId: suspended.member.id, days: 30, now: clock.now(), actor: 'system',
    })));

    const reset = await h.signedIn('analyst');
    await cachedInBoth(reset);
    const { tokenId } = await inTransaction(h.svc, (tx) => createMemberToken(tx, { orgId: reset.member.tenant.id, memberId: reset.member.id, purpose: 'password_reset' }));
    const [row] = (await h.svc.db.query('SELECT token_hash, token_sealed, token_key_id FROM member_tokens WHERE id = ?', [tokenId])) as { token_hash: string; token_sealed: string; token_key_id: string }[];
    const token = openSecret(h.svc.config.secretsKeys, { keyId: row!.token_key_id, ciphertext: row!.token_sealed }, `member-token:${reset.member.tenant.id}:${row!.token_hash}`);
    await refusedInBoth(reset, () => h.browser().data('mutation($token: String!, $password: String!) { resetPassword(token: $token, password: $password) }', {
      token, password: 'a fresh pass phrase after reset 7',
    }));
  });

  it('the Test data switch: the next request shows the test data, in every process', async () => {
    const browser = await h.signedIn('analyst');
    await cachedInBoth(browser);
    const flushedB = b.consoleSessionCache.nextFlush();
    expect(await browser.data('mutation { setConsoleMode(mode: "test") { mode } }')).to.deep.equal({ setConsoleMode: { mode: 'test' } });
    expect((await browser.data<{ me: { mode: string } }>(ME)).me.mode).to.equal('test');
    await within(flushedB, 5_000, 'the announcement to reach B');
    const found = await inB(browser);
    expect(found && 'actor' in found ? [found.session.mode, found.actor.mode] : null).to.deep.equal(['test', 'test']);
  });

  it('the IP allow-list: a session cached in a process is refused there from an address outside the new list', async () => {
    const admin = await h.signedIn('admin');
    const elsewhere = await h.signedIn('analyst', admin.member.tenant);
    await cachedInBoth(elsewhere);
    expect(await inB(elsewhere, '203.0.113.9')).to.have.property('actor');
    const flushedB = b.consoleSessionCache.nextFlush();
    await admin.data('mutation($cidrs: [String!]!) { setIpAllowList(cidrs: $cidrs) { ipAllowList } }', { cidrs: ['127.0.0.0/8'] });
    await within(flushedB, 5_000, 'the announcement to reach B');
    const refused = await inB(elsewhere, '203.0.113.9');
    expect(refused && 'refused' in refused ? refused.refused.code : refused).to.equal('forbidden');
    expect(await inB(elsewhere)).to.have.property('actor');
  });

  it('Require MFA: a cached member without a second factor is held at enrolment on the next request', async () => {
    const browser = await h.signedIn('analyst');
    await cachedInBoth(browser);
    expect((await browser.data<{ me: { mfaEnrolmentRequired: boolean } }>(ME)).me.mfaEnrolmentRequired).to.equal(false);
    const flushedB = b.consoleSessionCache.nextFlush();
    await setMfaRequired(h.svc, operatorActor(browser.member.tenant.id), { enabled: true });
    expect((await browser.data<{ me: { mfaEnrolmentRequired: boolean } }>(ME)).me.mfaEnrolmentRequired).to.equal(true);
    expect(await browser.error('{ members { id } }')).to.deep.include({ code: 'MFA_ENROLMENT_REQUIRED' });
    await within(flushedB, 5_000, 'the announcement to reach B');
    const found = await inB(browser);
    expect(found && 'actor' in found ? found.actor.secondFactor : null).to.deep.include({ required: true, enrolled: false });
  });

  it('keeps the idle rule though checks are cached: the idle expiry moves on once a minute of use, from a cached check too', async () => {
    const browser = await h.signedIn('analyst');
    const idle = async () => {
      const [row] = (await h.svc.db.query("SELECT idle_expires_at FROM member_sessions WHERE member_id = ? AND kind = 'console'", [browser.member.id])) as { idle_expires_at: Date }[];
      return new Date(row!.idle_expires_at).getTime();
    };
    clock.advance(2 * MINUTE);
    const t0 = clock.now().getTime();
    await cachedInBoth(browser);
    expect(await idle(), 'moved on by the first use').to.equal(t0 + 30 * MINUTE);
    // 58 s on: read again (the cached check aged out), not yet a minute since the last move: nothing written.
    clock.advance(58_000);
    await browser.data(ME);
    expect(await idle()).to.equal(t0 + 30 * MINUTE);
    expect(h.svc.consoleSessionCache.holds(tokenOf(browser), clock.now().getTime())).to.equal(true);
    // 3 s later, answered from the cache: a minute has passed since the last move, so it moves on now.
    clock.advance(3_000);
    expect(SESSION_CHECK_TTL_MS).to.be.greaterThan(3_000);
    await browser.data(ME);
    expect(h.svc.consoleSessionCache.holds(tokenOf(browser), clock.now().getTime())).to.equal(true);
    expect(await idle()).to.equal(clock.now().getTime() + 30 * MINUTE);
  });

  it('refuses a session at its absolute expiry to the millisecond, though its check is cached', async () => {
    const browser = await h.signedIn('analyst');
    // The session's last two seconds (written before anything cached it).
    const end = clock.now().getTime() + 2_000;
    await h.svc.db.query("UPDATE member_sessions SET expires_at = ? WHERE member_id = ? AND kind = 'console'", [new Date(end), browser.member.id]);
    await cachedInBoth(browser);
    clock.advance(1_999);
    await browser.data(ME);
    expect(h.svc.consoleSessionCache.holds(tokenOf(browser), clock.now().getTime())).to.equal(true);
    clock.advance(1);
    expect(await browser.error(ME)).to.deep.equal(UNAUTHENTICATED);
    expect(await inB(browser)).to.equal(null);
  });
});
