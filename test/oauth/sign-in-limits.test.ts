import { expect } from 'chai';
import {
  authorizePath, Browser, closeSourceAddresses, hiddenInputs, newConnector, newMember, pkce, startServer, steppingClock, type Answer, type Harness,
} from './harness';

const REDIRECT = 'https://assistant.example/oauth/callback';

/**
 * Failed sign-ins on the authorization pages: limited per source address, slowed per account with
 * doubling delays (never a lock), in words that never tell whether an email exists.
 */
describe('OAuth sign-in limits', function () {
  // Every password checked costs a deliberately slow scrypt (about 0.2 s, more on a busy machine).
  this.timeout(120_000);
  let h: Harness;
  let member: Awaited<ReturnType<typeof newMember>>;
  let count = 0;
  const time = steppingClock();

  before(async () => {
    h = await startServer({ clock: time.clock });
  });
  beforeEach(async () => {
    member = await newMember(h, `Sign-in ${++count}`);
  });
  afterEach(() => time.reset());
  after(async () => {
    await closeSourceAddresses();
    await h.close();
  });

  /** The sign-in form of a fresh authorization request in a browser at `from`: a function that submits it. */
  const signInForm = async (from?: string) => {
    const c = await newConnector(h.svc, [REDIRECT]);
    const browser = new Browser(h.url, from);
    const page = await browser.get(authorizePath({ clientId: c.clientId, redirectUri: REDIRECT, challenge: pkce().challenge, method: 'S256' }));
    expect(page.text).to.contain('<title>Sign in to connect Assistant Connector</title>');
    const form = hiddenInputs(page.text);
    return (email: string, password: string) => browser.post('/v1/oauth/sign-in', { ...form, email, password });
  };
  const wrong = (res: Answer) => {
    expect(res.status, res.text).to.equal(401);
    expect(res.text).to.contain('The email or password is incorrect.');
  };
  const tooMany = (res: Answer, seconds: number) => {
    expect(res.status, res.text).to.equal(429);
    expect(res.headers.get('retry-after')).to.equal(String(seconds));
    expect(res.text).to.contain(`Too many sign-in attempts. Wait ${seconds === 1 ? '1 second' : `${seconds} seconds`} and try again.`);
  };
  const nobody = (i: number | string) => `nobody.${i}.${member.tenant.id.slice(0, 8)}@members.example`;

  it('limits failed sign-ins per source address: after 20 that address waits, other addresses do not', async () => {
    const signIn = await signInForm('127.0.0.3');
    // Another account each time, so that no account's own delay is what stops it.
    for (let i = 0; i < 20; i++) wrong(await signIn(nobody(i), 'wrong password 123'));
    const blocked = await signIn(member.email, member.password);
    expect(blocked.status).to.equal(429);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).to.be.within(1, 15 * 60);
    expect(blocked.text).to.contain('Too many sign-in attempts. Wait');
    const elsewhere = await (await signInForm())(member.email, member.password);
    expect(elsewhere.status, elsewhere.text).to.equal(303);
    // When the window ends the address may try again (with a new request: the old one has expired by then).
    time.advance(retryAfter * 1000);
    expect((await (await signInForm('127.0.0.3'))(member.email, member.password)).status).to.equal(303);
  });

  it("lets the member sign in after someone else's ten wrong passwords from another address, once the short delay has passed", async () => {
    const attacker = await signInForm('127.0.0.2');
    const answers: number[] = [];
    for (let i = 0; i < 10; i++) answers.push((await attacker(member.email, 'wrong password 123')).status);
    expect(answers).to.deep.equal([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
    const signIn = await signInForm();
    tooMany(await signIn(member.email, member.password), 1);
    time.advance(1_000);
    const ok = await signIn(member.email, member.password);
    expect(ok.status, ok.text).to.equal(303);
    // A success clears the account's failures.
    wrong(await attacker(member.email, 'wrong password 123'));
  });

  it('slows an account with doubling delays after five failures, capped at 60 s, the same for an email that does not exist', async () => {
    const sequence = async (from: string, email: string) => {
      const attempt = await signInForm(from);
      const seen: (number | string)[] = [];
      for (let i = 0; i < 5; i++) seen.push((await attempt(email, 'wrong password 123')).status);
      for (let i = 0; i < 8; i++) {
        const refused = await attempt(email, 'wrong password 123');
        const wait = Number(refused.headers.get('retry-after'));
        seen.push(`${refused.status} wait ${wait}`);
        tooMany(refused, wait);
        time.advance(wait * 1000 - 1);
        tooMany(await attempt(email, 'wrong password 123'), 1);
        time.advance(1);
        wrong(await attempt(email, 'wrong password 123'));
      }
      return seen;
    };
    const expected = [401, 401, 401, 401, 401, ...[1, 2, 4, 8, 16, 32, 60, 60].map((s) => `429 wait ${s}`)];
    expect(await sequence('127.0.0.4', member.email)).to.deep.equal(expected);
    time.reset();
    expect(await sequence('127.0.0.5', nobody('x'))).to.deep.equal(expected);
  });

  it('counts every form of an address that reaches the account (case, accents, full-width letters) against that account', async () => {
    const attempt = await signInForm('127.0.0.7');
    const local = member.email.slice('member'.length);
    const forms = ['member', 'MEMBER', 'mémber', 'ｍember', 'Mèmber'].map((m) => m + local);
    for (const form of forms) wrong(await attempt(form, 'wrong password 123'));
    tooMany(await attempt(`membër${local}`, member.password), 1);
    time.advance(1_000);
    // Any of those forms signs the member in once the wait is over.
    expect((await attempt(`mémber${local}`, member.password)).status).to.equal(303);
  });

  it('forgets an account\'s failures 15 minutes after its last attempt', async () => {
    const attempt = await signInForm('127.0.0.6');
    for (let i = 0; i < 5; i++) wrong(await attempt(member.email, 'wrong password 123'));
    tooMany(await attempt(member.email, 'wrong password 123'), 1);
    time.advance(15 * 60_000 + 1);
    const fresh = await signInForm('127.0.0.6');
    for (let i = 0; i < 5; i++) wrong(await fresh(member.email, 'wrong password 123'));
    tooMany(await fresh(member.email, 'wrong password 123'), 1);
  });
});
