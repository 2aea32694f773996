import { createHook } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import type { Clock } from '../../src/platform/index';
import { sha256Hex } from '../../src/security/tokens';
import { ConsoleHarness, type TestMember } from './harness';

const MINUTE = 60_000;
const RESET = 'mutation($token: String!, $password: String!) { resetPassword(token: $token, password: $password) }';
const ACCEPT = 'mutation($token: String!, $password: String!) { acceptInvitation(token: $token, password: $password) }';
const SIGN_IN = 'mutation($email: String!, $password: String!) { signIn(email: $email, password: $password) { id } }';
const NEW_PASSWORD = 'a perfectly fine pass phrase 1';
const LINK_UNUSABLE = 'This link is invalid, has expired or has already been used. Ask for a new one.';

/**
 * A clock the tests move by hand, in a 15-minute window of its own (2 to 10 days ahead), so that the
 * per-address limits (every test browser is 127.0.0.1) count only this file's requests.
 */
function handClock(): Clock & { advance(ms: number): void; toNextWindow(): void } {
  const window = 15 * MINUTE;
  let at = (Math.floor(Date.now() / window) + 2 * 96 + Math.floor(Math.random() * 8 * 96)) * window + 1_000;
  return {
    now: () => new Date(at),
    advance: (ms) => { at += ms; },
    toNextWindow: () => { at += window - (at % window) + 1_000; },
  };
}

/** Counts the scrypt computations (node:crypto's SCRYPTREQUEST) this process starts while `fn` runs. */
async function scryptsDuring(fn: () => Promise<unknown>): Promise<number> {
  let count = 0;
  const hook = createHook({ init(_id, type) { if (type === 'SCRYPTREQUEST') count++; } }).enable();
  try {
    await fn();
  } finally {
    hook.disable();
  }
  return count;
}

const madeUpToken = () => randomBytes(32).toString('base64url');

describe('console GraphQL: limits on what anonymous and signed-in requests may start', () => {
  const clock = handClock();
  let h: ConsoleHarness;
  before(async () => {
    h = await ConsoleHarness.start({ clock, config: { consoleOutboundRateLimitPerMinute: 3 } });
  });
  after(() => h.close());
  beforeEach(() => clock.toNextWindow());

  /** A live link of `member` (the row a reset request or an invitation leaves), and its token. */
  const linkOf = async (member: TestMember, purpose: 'password_reset' | 'invitation') => {
    const token = madeUpToken();
    const now = clock.now();
    await h.svc.db.query(
      `INSERT INTO member_tokens (org_id, member_id, purpose, token_hash, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
      [member.tenant.id, member.id, purpose, sha256Hex(token), new Date(now.getTime() + 60 * MINUTE), now],
    );
    return token;
  };

  describe('password links: the link is looked up before the password is hashed', () => {
    it('resetPassword and acceptInvitation with an unknown token hash no password; a live link hashes exactly one', async () => {
      const member = await h.member('analyst');
      for (const [query, purpose] of [[RESET, 'password_reset'], [ACCEPT, 'invitation']] as const) {
        let answer: Awaited<ReturnType<ReturnType<ConsoleHarness['browser']>['error']>> | undefined;
        expect(await scryptsDuring(async () => { answer = await h.browser().error(query, { token: madeUpToken(), password: NEW_PASSWORD }); })).to.equal(0);
        expect(answer!.extensions).to.deep.equal({ code: 'BAD_USER_INPUT', reason: 'validation_failed', details: [{ path: 'token', message: LINK_UNUSABLE }] });

        const token = await linkOf(member, purpose);
        expect(await scryptsDuring(() => h.browser().data(query, { token, password: NEW_PASSWORD }))).to.equal(1);
        // Spent: a second use is refused, again without a hash.
        expect(await scryptsDuring(async () => { answer = await h.browser().error(query, { token, password: NEW_PASSWORD }); })).to.equal(0);
        expect(answer!.code).to.equal('BAD_USER_INPUT');
      }
      expect((await h.browser().data<{ signIn: { id: string } }>(SIGN_IN, { email: member.email, password: NEW_PASSWORD })).signIn.id).to.equal(member.id);
    });

    it('failed uses are limited per source address: after 20 in 15 minutes RATE_LIMITED with Retry-After, for both kinds of link; successes do not count', async () => {
      const member = await h.member('analyst');
      expect(await h.browser().data(RESET, { token: await linkOf(member, 'password_reset'), password: NEW_PASSWORD })).to.deep.equal({ resetPassword: true });
      for (let i = 0; i < 20; i++) {
        expect((await h.browser().error(i % 2 ? ACCEPT : RESET, { token: madeUpToken(), password: NEW_PASSWORD })).code).to.equal('BAD_USER_INPUT');
      }
      const live = await linkOf(member, 'password_reset');
      for (const query of [RESET, ACCEPT]) {
        const limited = await h.browser().gql(query, { token: live, password: NEW_PASSWORD });
        expect(limited.status).to.equal(200);
        expect(limited.body.errors).to.deep.equal([{
          message: 'Too many attempts with password links. Wait 15 minutes and try again.', path: [query === RESET ? 'resetPassword' : 'acceptInvitation'],
          extensions: { code: 'RATE_LIMITED', reason: 'rate_limited', retryAfterSeconds: 899 },
        }]);
        expect(limited.headers.get('retry-after')).to.equal('899');
      }
      clock.toNextWindow();
      expect(await h.browser().data(RESET, { token: live, password: NEW_PASSWORD })).to.deep.equal({ resetPassword: true });
    });

    it('signIn is limited per source address too (20 failures in 15 minutes), for every account', async function () {
      this.timeout(120_000); // 20 password checks (scrypt) on a shared machine
      const member = await h.member('analyst');
      for (let i = 0; i < 20; i++) {
        const email = `nobody.${i}.${member.id}@console.example`;
        expect((await h.browser().error(SIGN_IN, { email, password: 'not the password 1' })).code).to.equal('UNAUTHENTICATED');
      }
      const limited = await h.browser().gql(SIGN_IN, { email: member.email, password: member.password });
      expect(limited.body.errors![0]!.extensions).to.deep.equal({ code: 'RATE_LIMITED', reason: 'rate_limited', retryAfterSeconds: 899 });
      expect(limited.headers.get('retry-after')).to.equal('899');
    });
  });

  describe('one operation', () => {
    it('carries at most one of signIn, requestPasswordReset, resetPassword and acceptInvitation: two are refused before either runs', async () => {
      const member = await h.member('analyst');
      const token = await linkOf(member, 'password_reset');
      const two = `mutation($token: String!, $password: String!, $email: String!) {
        a: resetPassword(token: $token, password: $password) b: requestPasswordReset(email: $email) }`;
      let answer: Awaited<ReturnType<ReturnType<ConsoleHarness['browser']>['gql']>> | undefined;
      const scrypts = await scryptsDuring(async () => { answer = await h.browser().gql(two, { token, password: NEW_PASSWORD, email: member.email }); });
      expect(answer!.status).to.equal(400);
      expect(answer!.body).to.deep.equal({
        errors: [{
          message: 'The operation has 2 of signIn, requestPasswordReset, resetPassword and acceptInvitation; at most one is allowed in one request.',
          extensions: { code: 'TOO_MANY_OPERATIONS' },
        }],
      });
      expect(scrypts).to.equal(0);
      // Nothing ran: the link still works and no new link was made.
      const [{ n }] = await h.svc.db.query('SELECT COUNT(*) AS n FROM member_tokens WHERE member_id = ?', [member.id]);
      expect(Number(n)).to.equal(1);
      // Aliases of one field count apart, and so do fields reached through fragments.
      const aliases = 'mutation($t: String!, $p: String!) { ...F x: resetPassword(token: $t, password: $p) } fragment F on Mutation { resetPassword(token: $t, password: $p) }';
      expect((await h.browser().gql(aliases, { t: token, p: NEW_PASSWORD })).body.errors![0]!.message).to.match(/^The operation has 2 of signIn/);
      expect(await h.browser().data(RESET, { token, password: NEW_PASSWORD })).to.deep.equal({ resetPassword: true });
    });

    it('carries at most 10 root mutation fields: 10 run, 11 are refused before any runs', async () => {
      const browser = await h.signedIn('analyst');
      const signOuts = (n: number) => `mutation { ${Array.from({ length: n }, (_, i) => `s${i}: signOut`).join(' ')} }`;
      const eleven = await browser.gql(signOuts(11));
      expect(eleven.status).to.equal(400);
      expect(eleven.body).to.deep.equal({
        errors: [{ message: 'The operation has 11 mutation fields; at most 10 are allowed in one request.', extensions: { code: 'TOO_MANY_OPERATIONS' } }],
      });
      expect((await browser.data<{ me: { id: string } }>('{ me { id } }')).me.id).to.equal(browser.member.id); // nothing ran
      expect(await browser.data(signOuts(10))).to.deep.equal(Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`s${i}`, true])));
      expect((await browser.error('{ me { id } }')).code).to.equal('UNAUTHENTICATED');
    });
  });

  describe('mutations that reach outside services', () => {
    const RUN = (n: number) => `mutation { ${Array.from({ length: n }, (_, i) => `r${i}: runAiReview(caseId: "CS-2099-0000${i}") { reviewId }`).join(' ')} }`;

    it('count against a budget per member per minute (CONSOLE_OUTBOUND_RATE_LIMIT_PER_MINUTE, 3 here): past it RATE_LIMITED, HTTP 429 with Retry-After', async () => {
      clock.advance(MINUTE - (clock.now().getTime() % MINUTE) + 1_000);
      const tenant = await h.tenant();
      const analyst = await h.signedIn('analyst', tenant);
      const colleague = await h.signedIn('analyst', tenant);
      for (let i = 0; i < 2; i++) expect((await analyst.error(RUN(1))).code).to.equal('NOT_FOUND');
      // One left: an operation of two is refused whole and spends nothing.
      const refused = await analyst.gql(RUN(2));
      expect(refused.status).to.equal(429);
      expect(refused.headers.get('retry-after')).to.equal('59');
      expect(refused.body).to.deep.equal({
        errors: [{
          message: 'Too many requests that reach outside services (webhook tests, AI reviews, monitoring runs, verification emails): at most 3 a minute. Wait 59 seconds and try again.',
          extensions: { code: 'RATE_LIMITED', reason: 'rate_limited', retryAfterSeconds: 59 },
        }],
      });
      expect((await analyst.error(RUN(1))).code).to.equal('NOT_FOUND');
      expect((await analyst.gql(RUN(1))).status).to.equal(429);
      // Another member's budget is their own; other mutations are not counted.
      expect((await colleague.error(RUN(1))).code).to.equal('NOT_FOUND');
      expect((await analyst.error('mutation { endSession(id: "x") }')).code).to.equal('NOT_FOUND');
      clock.advance(MINUTE);
      expect((await analyst.error(RUN(1))).code).to.equal('NOT_FOUND');
    });
  });
});
