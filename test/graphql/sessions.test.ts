import { Writable } from 'node:stream';
import { expect } from 'chai';
import { CONSOLE_COOKIE } from '../../graphql/session-cookie';
import { createLogger, type Clock, type Services } from '../../src/platform/index';
import { startMemberSession } from '../../src/sessions/index';
import { sha256Hex } from '../../src/security/tokens';
import { deliverMail, sendMailJobKey, sweepMail } from '../../src/mail/index';
import { MEMBER_LINK_MAIL } from '../../src/members/index';
import { mailIdOf } from '../support/mail-outbox';
import { decodeQp, smtpMailer, startSmtp, type TestSmtp } from '../support/smtp';
import { discardFinishedTenantsMail, drainJobs, runtime } from '../support/runtime';
import { ConsoleHarness, type ConsoleClient, type TestMember } from './harness';

const ME = 'query { me { id email name role createdAt org { id name fourEyes fullParityEntitled fullParityEnabled } } }';
const SIGN_IN = 'mutation($email: String!, $password: String!) { signIn(email: $email, password: $password) { id email role org { id name } } }';
const SESSIONS = 'query { mySessions { id createdAt lastSeenAt idleExpiresAt expiresAt current } }';
const MINUTE = 60_000;

/**
 * A clock the tests move by hand. It starts in a 15-minute window of its own (a random one, 2 to 10
 * days ahead), so the sign-in limits per source address (every test browser is 127.0.0.1) count only
 * this file's attempts. (Not further: a job scheduled more than 24 days ahead overflows the queue's wake-up timer.)
 */
function handClock(): Clock & { advance(ms: number): void } {
  const window = 15 * MINUTE;
  let at = (Math.floor(Date.now() / window) + 2 * 96 + Math.floor(Math.random() * 8 * 96)) * window + 1_000;
  return { now: () => new Date(at), advance: (ms) => { at += ms; } };
}

type Session = { id: string; createdAt: string; lastSeenAt: string; idleExpiresAt: string; expiresAt: string; current: boolean };

describe('console sign-in and sessions (GraphQL over HTTP with cookies)', () => {
  const clock = handClock();
  let h: ConsoleHarness;
  before(async () => {
    h = await ConsoleHarness.start({ clock });
    await discardFinishedTenantsMail(await runtime()); // the sweep test below
  });
  after(() => h.close());

  const signIn = async (member: TestMember, browser = h.browser()) => {
    const answer = await browser.gql<{ signIn: { id: string } }>(SIGN_IN, { email: member.email, password: member.password });
    expect(answer.body.errors, JSON.stringify(answer.body.errors)).to.equal(undefined);
    return { browser, answer };
  };
  const unauthenticated = async (browser: ConsoleClient) => {
    expect(await browser.error('{ me { id } }')).to.deep.equal({
      code: 'UNAUTHENTICATED', message: 'Sign in to the console first.', extensions: { code: 'UNAUTHENTICATED', reason: 'unauthenticated' },
    });
  };
  /** Another browser holding a copy of this one's cookies (a copied cookie jar). */
  const copyOf = (browser: ConsoleClient) => {
    const other = h.browser();
    for (const [k, v] of browser.cookies) other.cookies.set(k, v);
    return other;
  };

  it('signIn answers what me answers and sets the cookie HttpOnly, SameSite=Lax, Path=/, for 12 hours, not Secure over http', async () => {
    const tenant = await h.tenant('Sign-in Ltd');
    const member = await h.member('mlro', tenant);
    const { browser, answer } = await signIn(member);
    expect(answer.status).to.equal(200);
    expect(answer.body.data).to.deep.equal({ signIn: { id: member.id, email: member.email, role: 'mlro', org: { id: tenant.id, name: 'Sign-in Ltd' } } });
    const cookies = answer.headers.getSetCookie();
    expect(cookies).to.have.lengthOf(1);
    expect(cookies[0]).to.match(new RegExp(`^${CONSOLE_COOKIE}=[A-Za-z0-9_-]{43}; Path=/; Max-Age=43200; HttpOnly; SameSite=Lax$`));

    const me = await browser.data<{ me: Record<string, unknown> }>(ME);
    expect(me.me).to.deep.include({ id: member.id, email: member.email, role: 'mlro' });
    expect(me.me.name).to.match(/^mlro \d+$/);
    expect(me.me.org).to.deep.equal({ id: tenant.id, name: 'Sign-in Ltd', fourEyes: true, fullParityEntitled: false, fullParityEnabled: false });
    expect(me.me.createdAt).to.be.a('string');
  });

  it('the cookie is Secure when APP_URL is https', async () => {
    const secure = await ConsoleHarness.start({ clock, config: { appUrl: 'https://console.example' } });
    try {
      const member = await secure.member('analyst');
      const answer = await secure.browser().gql(SIGN_IN, { email: member.email, password: member.password });
      expect(answer.body.errors).to.equal(undefined);
      expect(answer.headers.getSetCookie()[0]).to.match(/; Path=\/; Max-Age=43200; HttpOnly; SameSite=Lax; Secure$/);
    } finally {
      await secure.close();
    }
  });

  it('a wrong password and an unknown email get the same UNAUTHENTICATED answer, and no cookie', async () => {
    const member = await h.member('analyst');
    const wrong = await h.browser().gql(SIGN_IN, { email: member.email, password: 'not the right password' });
    const unknown = await h.browser().gql(SIGN_IN, { email: `nobody.${member.id}@console.example`, password: member.password });
    for (const answer of [wrong, unknown]) {
      expect(answer.status).to.equal(200);
      expect(answer.body).to.deep.equal({
        data: null,
        errors: [{ message: 'The email or password is incorrect.', path: ['signIn'], extensions: { code: 'UNAUTHENTICATED', reason: 'unauthenticated' } }],
      });
      expect(answer.headers.getSetCookie()).to.deep.equal([]);
    }
  });

  it('after five wrong passwords the account must wait: RATE_LIMITED with retryAfterSeconds and Retry-After, then the right password works', async () => {
    const member = await h.member('analyst');
    const browser = h.browser();
    for (let i = 0; i < 5; i++) {
      expect((await browser.error(SIGN_IN, { email: member.email, password: `wrong password ${i}` })).code).to.equal('UNAUTHENTICATED');
    }
    const limited = await browser.gql(SIGN_IN, { email: member.email, password: member.password });
    expect(limited.body.errors).to.deep.equal([{
      message: 'Too many sign-in attempts. Wait 1 second and try again.', path: ['signIn'],
      extensions: { code: 'RATE_LIMITED', reason: 'rate_limited', retryAfterSeconds: 1 },
    }]);
    expect(limited.headers.get('retry-after')).to.equal('1');
    expect(limited.headers.getSetCookie()).to.deep.equal([]);
    clock.advance(1_000);
    await signIn(member, browser);
    expect((await browser.data<{ me: { id: string } }>(ME)).me.id).to.equal(member.id);
  });

  it('me without a session, or with a made-up cookie, is UNAUTHENTICATED', async () => {
    await unauthenticated(h.browser());
    const forged = h.browser();
    forged.cookies.set(CONSOLE_COOKIE, 'A'.repeat(43));
    await unauthenticated(forged);
  });

  it('a session ends after 30 minutes unused', async () => {
    const { browser } = await signIn(await h.member('analyst'));
    clock.advance(29 * MINUTE);
    await browser.data(ME); // used: the idle expiry moves on by 30 minutes from now
    clock.advance(29 * MINUTE);
    await browser.data(ME);
    clock.advance(30 * MINUTE + 1);
    await unauthenticated(browser);
  });

  it('a session ends 12 hours after sign-in however much it is used', async () => {
    const { browser } = await signIn(await h.member('analyst'));
    for (let t = 25; t < 12 * 60; t += 25) {
      clock.advance(25 * MINUTE);
      await browser.data(ME);
    }
    clock.advance(12 * 60 * MINUTE - 28 * 25 * MINUTE - 1); // 1 ms before the 12 hours
    const [live] = (await browser.data<{ mySessions: Session[] }>(SESSIONS)).mySessions;
    expect(new Date(live!.expiresAt).getTime() - new Date(live!.createdAt).getTime()).to.equal(12 * 60 * MINUTE);
    expect(live!.idleExpiresAt).to.equal(live!.expiresAt); // never past the absolute expiry
    clock.advance(1);
    await unauthenticated(browser);
  });

  it('signOut ends the session for every copy of the cookie and clears it', async () => {
    const { browser } = await signIn(await h.member('analyst'));
    const copy = copyOf(browser);
    const out = await browser.gql(`mutation { signOut }`);
    expect(out.body).to.deep.equal({ data: { signOut: true } });
    expect(out.headers.getSetCookie()).to.deep.equal([`${CONSOLE_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`]);
    expect(browser.cookies.has(CONSOLE_COOKIE)).to.equal(false);
    await unauthenticated(copy);
    // Signing out without a session is harmless.
    expect((await h.browser().gql('mutation { signOut }')).body).to.deep.equal({ data: { signOut: true } });
  });

  it('signing in while signed in ends the old session first', async () => {
    const first = await h.member('analyst');
    const second = await h.member('admin');
    const { browser } = await signIn(first);
    const old = copyOf(browser);
    await signIn(second, browser);
    expect((await browser.data<{ me: { id: string } }>(ME)).me.id).to.equal(second.id);
    await unauthenticated(old);
  });

  it('mySessions lists the live console sessions with an opaque id and which one is current; endSession ends one of them', async () => {
    const member = await h.member('analyst');
    const { browser: laptop } = await signIn(member);
    clock.advance(MINUTE);
    const { browser: phone } = await signIn(member);
    const other = await signIn(await h.member('analyst', member.tenant));
    const listed = (await laptop.data<{ mySessions: Session[] }>(SESSIONS)).mySessions;
    expect(listed).to.have.lengthOf(2);
    expect(listed.map((s) => s.current)).to.deep.equal([false, true]); // newest (the phone's) first
    const tokens = [laptop, phone].map((b) => b.cookies.get(CONSOLE_COOKIE)!);
    for (const s of listed) {
      expect(tokens).to.not.include(s.id);
      expect(tokens.map((t) => sha256Hex(t))).to.not.include(s.id);
      expect(new Date(s.expiresAt).getTime() - new Date(s.createdAt).getTime()).to.equal(12 * 60 * MINUTE);
      expect(new Date(s.idleExpiresAt).getTime() - new Date(s.lastSeenAt).getTime()).to.equal(30 * MINUTE);
    }
    const phoneId = listed[0]!.id;

    // Another member's session id is not yours to end: NOT_FOUND, and it goes on.
    const [otherSession] = (await other.browser.data<{ mySessions: Session[] }>(SESSIONS)).mySessions;
    expect(await laptop.error('mutation($id: ID!) { endSession(id: $id) }', { id: otherSession!.id })).to.deep.include({ code: 'NOT_FOUND', message: 'Session not found.' });
    await other.browser.data(ME);

    expect(await laptop.data('mutation($id: ID!) { endSession(id: $id) }', { id: phoneId })).to.deep.equal({ endSession: true });
    await unauthenticated(phone);
    expect((await laptop.data<{ mySessions: Session[] }>(SESSIONS)).mySessions.map((s) => s.current)).to.deep.equal([true]);
    expect(await laptop.error('mutation($id: ID!) { endSession(id: $id) }', { id: phoneId })).to.deep.include({ code: 'NOT_FOUND' });
    await unauthenticated(h.browser());
    expect(await h.browser().error(SESSIONS)).to.deep.include({ code: 'UNAUTHENTICATED' });
  });

  it('signOutEverywhere ends every console session and the connector sign-in pages session of the member, and only theirs', async () => {
    const member = await h.member('compliance_admin');
    const { browser: one } = await signIn(member);
    const { browser: two } = await signIn(member);
    const oauthPages = await startMemberSession(h.svc, { kind: 'oauth', memberId: member.id });
    const colleague = await signIn(await h.member('analyst', member.tenant));

    const out = await one.gql('mutation { signOutEverywhere }');
    expect(out.body).to.deep.equal({ data: { signOutEverywhere: true } });
    expect(out.headers.getSetCookie()).to.deep.equal([`${CONSOLE_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`]);
    await unauthenticated(two);
    const [row] = await h.svc.db.query('SELECT ended_at FROM member_sessions WHERE token_hash = ?', [sha256Hex(oauthPages.token)]);
    expect(row.ended_at).to.be.an.instanceOf(Date);
    await colleague.browser.data(ME);
    expect(await h.browser().error('mutation { signOutEverywhere }')).to.deep.include({ code: 'UNAUTHENTICATED' });
  });

  describe('CSRF: only JSON POSTs reach a mutation', () => {
    it('a form-encoded POST (what a foreign page can send with the cookie) is refused with 400 and changes nothing', async () => {
      const { browser } = await signIn(await h.member('analyst'));
      const res = await fetch(`${h.url}/graphql`, {
        method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...browser.cookieHeader() }, body: 'query=mutation%20%7B%20signOut%20%7D',
      });
      expect(res.status).to.equal(400);
      expect(await res.text()).to.contain('This operation has been blocked as a potential Cross-Site Request Forgery (CSRF)');
      await browser.data(ME);
    });

    it('a GET carrying a mutation is refused: 400 without a preflighted header, 405 with one', async () => {
      const { browser } = await signIn(await h.member('analyst'));
      const url = `${h.url}/graphql?query=${encodeURIComponent('mutation { signOut }')}`;
      const simple = await fetch(url, { headers: browser.cookieHeader() });
      expect(simple.status).to.equal(400);
      expect(await simple.text()).to.contain('Cross-Site Request Forgery');
      const preflighted = await fetch(url, { headers: { ...browser.cookieHeader(), 'apollo-require-preflight': 'true' } });
      expect(preflighted.status).to.equal(405);
      expect(preflighted.headers.get('allow')).to.equal('POST');
      expect(((await preflighted.json()) as { errors: { message: string }[] }).errors[0]!.message).to.equal('GET requests only support query operations, not mutation operations');
      await browser.data(ME);
    });
  });

  describe('password reset by email', () => {
    let smtp: TestSmtp;
    let worker: Services;
    const logLines: string[] = [];
    const REQUEST = 'mutation($email: String!) { requestPasswordReset(email: $email) }';
    const RESET = 'mutation($token: String!, $password: String!) { resetPassword(token: $token, password: $password) }';

    before(async () => {
      smtp = await startSmtp();
      const log = createLogger('info', new Writable({ write(chunk, _enc, cb) { logLines.push(String(chunk)); cb(); } }) as never);
      // The worker of this test: the same services, sending through the in-process SMTP server.
      const mailer = smtpMailer(smtp, 'console@svc.example', log);
      worker = { ...h.svc, log, mailer };
    });
    after(() => smtp.close());
    // Each test starts at the start of a new hour: the per-address limit (10 an hour from 127.0.0.1) counts only its own requests.
    const toNextHour = () => clock.advance(60 * MINUTE - (clock.now().getTime() % (60 * MINUTE)) + 1_000);
    beforeEach(toNextHour);

    const drain = async (orgId: string) => {
      const rt = await runtime();
      await drainJobs(rt, { orgId, svc: worker });
    };
    const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email)).map((m) => decodeQp(m.raw));
    const linkIn = (mail: string) => {
      const links = [...new Set(mail.match(/https?:\/\/[^\s"<>]+\/console\/reset-password\?token=[A-Za-z0-9_-]+/g))];
      expect(links).to.have.lengthOf(1);
      return links[0]!;
    };
    const requestLink = async (member: TestMember) => {
      expect(await h.browser().data(REQUEST, { email: member.email })).to.deep.equal({ requestPasswordReset: true });
      await drain(member.tenant.id);
      const mails = mailsTo(member.email);
      return linkIn(mails[mails.length - 1]!);
    };

    it('answers true whether or not the email belongs to a member, and emails a single-use link only to a member, through a job that carries no token', async () => {
      const tenant = await h.tenant('Reset Ltd');
      const member = await h.member('analyst', tenant);
      const stranger = `nobody.${member.id}@console.example`;
      const known = await h.browser().gql(REQUEST, { email: member.email.toUpperCase() });
      const unknown = await h.browser().gql(REQUEST, { email: stranger });
      expect(known.body).to.deep.equal({ data: { requestPasswordReset: true } });
      expect(unknown.body).to.deep.equal(known.body);
      expect(mailsTo(member.email)).to.have.lengthOf(0); // sent by the worker, after commit

      const [row] = await h.svc.db.query(
        `SELECT t.id, t.token_hash, t.token_sealed, t.expires_at, t.created_at FROM member_tokens t WHERE t.member_id = ? AND t.purpose = 'password_reset'`, [member.id]);
      expect(row.token_sealed).to.be.a('string'); // sealed until the mail server accepted the email
      expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).to.equal(60 * MINUTE);
      // The queued job's payload (graphile keeps it in its private table; the public view omits it): the outbox row's id alone.
      const mailId = await mailIdOf(h.svc, MEMBER_LINK_MAIL, Number(row.id));
      const { rows: jobs } = await (await runtime()).queue.pool.query('SELECT payload FROM graphile_worker._private_jobs WHERE key = $1', [sendMailJobKey(mailId)]);
      expect(jobs.map((j: { payload: unknown }) => j.payload)).to.deep.equal([{ mailId }]);

      await drain(tenant.id);
      const mails = mailsTo(member.email);
      expect(mails).to.have.lengthOf(1);
      expect(mailsTo(stranger)).to.have.lengthOf(0);
      expect(mails[0]).to.match(/^Subject: Reset Ltd: reset your console password/m);
      expect(mails[0]).to.match(/^From: Reset Ltd <console@svc\.example>/m);
      const link = linkIn(mails[0]!);
      expect(link.startsWith(`${h.url}/console/reset-password?token=`)).to.equal(true);
      const token = new URL(link).searchParams.get('token')!;
      expect(sha256Hex(token)).to.equal(row.token_hash);
      const [after] = await h.svc.db.query(
        `SELECT t.token_sealed, o.state AS mail_state FROM member_tokens t JOIN outgoing_mails o ON o.kind = ? AND o.reference = t.id WHERE t.id = ?`, [MEMBER_LINK_MAIL, row.id]);
      expect(after).to.deep.equal({ token_sealed: null, mail_state: 'sent' });
      expect(logLines.join('')).to.not.include(token);
    });

    it('resetPassword refuses a short or breached password without spending the link, then sets the password, ends every session and works once', async () => {
      const member = await h.member('analyst');
      const { browser: signedIn } = await signIn(member);
      const oauthPages = await startMemberSession(h.svc, { kind: 'oauth', memberId: member.id });
      const token = new URL(await requestLink(member)).searchParams.get('token')!;

      expect(await h.browser().error(RESET, { token, password: 'qwerty123456' })).to.deep.equal({
        code: 'BAD_USER_INPUT', message: 'password: is on a list of passwords exposed in data breaches; choose another',
        extensions: { code: 'BAD_USER_INPUT', reason: 'validation_failed', details: [{ path: 'password', message: 'is on a list of passwords exposed in data breaches; choose another' }] },
      });
      expect((await h.browser().error(RESET, { token, password: 'too short' })).extensions.details).to.deep.equal([{ path: 'password', message: 'must be at least 12 characters' }]);
      await signedIn.data(ME); // nothing changed yet

      const newPassword = 'a brand new pass phrase 7';
      expect(await h.browser().data(RESET, { token, password: newPassword })).to.deep.equal({ resetPassword: true });
      await unauthenticated(signedIn);
      const [pages] = await h.svc.db.query('SELECT ended_at FROM member_sessions WHERE token_hash = ?', [sha256Hex(oauthPages.token)]);
      expect(pages.ended_at).to.be.an.instanceOf(Date);
      expect((await h.browser().error(SIGN_IN, { email: member.email, password: member.password })).code).to.equal('UNAUTHENTICATED');
      await signIn({ ...member, password: newPassword });

      expect(await h.browser().error(RESET, { token, password: 'yet another pass phrase 8' })).to.deep.equal({
        code: 'BAD_USER_INPUT', message: 'token: This link is invalid, has expired or has already been used. Ask for a new one.',
        extensions: { code: 'BAD_USER_INPUT', reason: 'validation_failed', details: [{ path: 'token', message: 'This link is invalid, has expired or has already been used. Ask for a new one.' }] },
      });
    });

    it('a link expires after one hour, and a newer link replaces an older one', async () => {
      const member = await h.member('analyst');
      const first = new URL(await requestLink(member)).searchParams.get('token')!;
      const second = new URL(await requestLink(member)).searchParams.get('token')!;
      expect((await h.browser().error(RESET, { token: first, password: 'first pass phrase for me' })).extensions.details).to.deep.equal([
        { path: 'token', message: 'This link is invalid, has expired or has already been used. Ask for a new one.' },
      ]);
      clock.advance(60 * MINUTE);
      expect((await h.browser().error(RESET, { token: second, password: 'second pass phrase for me' })).code).to.equal('BAD_USER_INPUT');
      const third = new URL(await requestLink(member)).searchParams.get('token')!;
      clock.advance(60 * MINUTE - 1);
      expect(await h.browser().data(RESET, { token: third, password: 'third pass phrase for me' })).to.deep.equal({ resetPassword: true });
    });

    it('a refused email is retried on MAIL_RETRY_SCHEDULE with the same link, and a lost job is re-enqueued by the sweep', async () => {
      const member = await h.member('analyst');
      expect(await h.browser().data(REQUEST, { email: member.email })).to.deep.equal({ requestPasswordReset: true });
      const [{ id }] = await h.svc.db.query(`SELECT id FROM member_tokens WHERE member_id = ?`, [member.id]);
      const mailId = await mailIdOf(h.svc, MEMBER_LINK_MAIL, Number(id));
      const pool = (await runtime()).queue.pool;
      const sendJobs = async () => (await pool.query('SELECT payload FROM graphile_worker._private_jobs WHERE key = $1', [sendMailJobKey(mailId)])).rows;
      // The job was lost (a crash between commit and enqueue): the sweep hands the row off again once it is overdue.
      await pool.query('SELECT graphile_worker.remove_job($1)', [sendMailJobKey(mailId)]);
      await sweepMail(h.svc);
      expect(await sendJobs(), 'within its grace the sweep leaves it').to.deep.equal([]);
      clock.advance(31_000);
      expect(await sweepMail(h.svc)).to.be.at.least(1);
      const rows = await sendJobs();
      expect(rows.map((r: { payload: unknown }) => r.payload)).to.deep.equal([{ mailId }]);

      smtp.refuseNext = 1;
      expect(await deliverMail(worker, mailId)).to.equal('retry');
      const [failed] = await h.svc.db.query(
        `SELECT o.state AS mail_state, o.attempts, o.last_error, o.next_attempt_at, t.token_sealed
         FROM member_tokens t JOIN outgoing_mails o ON o.kind = ? AND o.reference = t.id WHERE t.id = ?`, [MEMBER_LINK_MAIL, id]);
      expect(failed).to.deep.include({ mail_state: 'pending', attempts: 1 });
      expect(failed.last_error).to.contain('451');
      expect(failed.token_sealed).to.be.a('string');
      expect(new Date(failed.next_attempt_at).getTime()).to.equal(clock.now().getTime() + h.svc.config.mailRetryScheduleMs[0]!);
      const { rows: retry } = await pool.query('SELECT run_at FROM graphile_worker._private_jobs WHERE key = $1', [sendMailJobKey(mailId)]);
      expect(retry.map((r: { run_at: Date }) => r.run_at.getTime())).to.deep.equal([new Date(failed.next_attempt_at).getTime()]);
      // This file's clock is days ahead: run the retry now instead of leaving it in the shared queue.
      await pool.query('SELECT graphile_worker.remove_job($1)', [sendMailJobKey(mailId)]);
      expect(await deliverMail(worker, mailId)).to.equal('sent');
      expect(await deliverMail(worker, mailId)).to.equal('skipped'); // a duplicate job sends nothing
      const mails = mailsTo(member.email);
      expect(mails).to.have.lengthOf(1);
      const token = new URL(linkIn(mails[0]!)).searchParams.get('token')!;
      expect(await h.browser().data(RESET, { token, password: 'a retried pass phrase 9' })).to.deep.equal({ resetPassword: true });
    });

    it('is limited per account (3 an hour) whether or not the email exists, and per address (10 an hour): RATE_LIMITED with retryAfterSeconds', async () => {
      const member = await h.member('analyst');
      const stranger = `nobody.${member.id}@console.example`;
      for (const email of [member.email, stranger]) {
        for (let i = 0; i < 3; i++) expect(await h.browser().data(REQUEST, { email })).to.deep.equal({ requestPasswordReset: true });
        const limited = await h.browser().gql(REQUEST, { email });
        expect(limited.body.errors).to.deep.equal([{
          message: 'Too many password reset requests. Wait 60 minutes and try again.', path: ['requestPasswordReset'],
          extensions: { code: 'RATE_LIMITED', reason: 'rate_limited', retryAfterSeconds: 3599 },
        }]);
        expect(limited.headers.get('retry-after')).to.equal('3599');
      }
      // 8 requests from this address so far this hour; two more pass, the eleventh does not.
      for (let i = 0; i < 2; i++) await h.browser().data(REQUEST, { email: `other${i}.${member.id}@console.example` });
      expect(await h.browser().error(REQUEST, { email: `other9.${member.id}@console.example` })).to.deep.include({ code: 'RATE_LIMITED' });
      toNextHour();
      expect(await h.browser().data(REQUEST, { email: member.email })).to.deep.equal({ requestPasswordReset: true });
    });
  });
});
