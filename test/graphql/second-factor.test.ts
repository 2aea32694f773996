import { expect } from 'chai';
import { CONSOLE_COOKIE, PENDING_SIGN_IN_COOKIE } from '../../graphql/session-cookie';
import type { Clock } from '../../src/platform/index';
import { ConsoleHarness, type ConsoleClient, type TestMember } from './harness';
import { codeAt } from '../support/totp';

const MINUTE = 60_000;
const STEP = 30_000;
const SIGN_IN = 'mutation($email: String!, $password: String!) { signIn(email: $email, password: $password) { id email } }';
const VERIFY = 'mutation($code: String!) { verifySecondFactor(code: $code) { id email hasSecondFactor mfaEnrolmentRequired } }';
const START = 'mutation { startTotpEnrolment { secret otpauthUrl qrSvg } }';
const CONFIRM = 'mutation($code: String!) { confirmTotpEnrolment(code: $code) }';
const FACTORS = 'query { mySecondFactors { id kind name createdAt lastUsedAt } myRecoveryCodesLeft }';
const CHANGE_ROLE = 'mutation($id: ID!, $role: Role!) { changeMemberRole(memberId: $id, role: $role) { id role } }';

/** A clock of its own 15-minute window (2 to 10 days ahead), so the per-address sign-in limit counts only this file's attempts. */
function handClock(): Clock & { advance(ms: number): void } {
  const window = 15 * MINUTE;
  let at = (Math.floor(Date.now() / window) + 2 * 96 + Math.floor(Math.random() * 8 * 96)) * window + 1_000;
  return { now: () => new Date(at), advance: (ms) => { at += ms; } };
}

/** The code an authenticator app shows at `ms` for a base32 secret. */

describe('second factor: TOTP, recovery codes, MFA_REQUIRED, Require MFA and step-up (GraphQL over HTTP)', () => {
  const clock = handClock();
  let h: ConsoleHarness;
  before(async () => {
    h = await ConsoleHarness.start({ clock });
  });
  after(() => h.close());

  /** Enrols an authenticator app in a signed-in browser: its secret and the ten recovery codes. */
  const enrol = async (browser: ConsoleClient) => {
    const { startTotpEnrolment: e } = await browser.data<{ startTotpEnrolment: { secret: string; otpauthUrl: string; qrSvg: string } }>(START);
    const { confirmTotpEnrolment: codes } = await browser.data<{ confirmTotpEnrolment: string[] }>(CONFIRM, { code: codeAt(e.secret, clock.now().getTime()) });
    clock.advance(STEP); // the next code is a new step
    return { ...e, recoveryCodes: codes };
  };
  /** A member with an authenticator app (enrolled in a session started directly). */
  const memberWithApp = async (role: TestMember['role'] = 'admin', tenant?: TestMember['tenant']) => {
    const browser = await h.signedIn(role, tenant);
    return { member: browser.member, ...(await enrol(browser)) };
  };
  /** signIn that must answer MFA_REQUIRED: the browser holds the pending cookie and no session. */
  const passwordStep = async (member: TestMember, browser = h.browser()) => {
    const answer = await browser.gql(SIGN_IN, { email: member.email, password: member.password });
    expect(answer.body.errors).to.have.lengthOf(1);
    return { browser, error: answer.body.errors![0]!, answer };
  };
  const signInWithCode = async (member: TestMember, secret: string) => {
    const { browser } = await passwordStep(member);
    await browser.data(VERIFY, { code: codeAt(secret, clock.now().getTime()) });
    clock.advance(STEP);
    return browser;
  };

  it('enrols an authenticator app: secret, otpauth URL and QR code; a wrong code is refused; the right one gives ten single-use recovery codes; the secret is encrypted at rest; audited', async () => {
    const browser = await h.signedIn('analyst');
    const { startTotpEnrolment: e } = await browser.data<{ startTotpEnrolment: { secret: string; otpauthUrl: string; qrSvg: string } }>(START);
    expect(e.secret).to.match(/^[A-Z2-7]{32}$/);
    expect(e.otpauthUrl).to.match(/^otpauth:\/\/totp\/.+\?/).and.include(`secret=${e.secret}`).and.include('period=30').and.include('digits=6');
    expect(e.otpauthUrl).to.include(encodeURIComponent(browser.member.email));
    expect(e.qrSvg).to.match(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(await browser.data(FACTORS)).to.deep.equal({ mySecondFactors: [], myRecoveryCodesLeft: 0 });

    const wrong = await browser.error(CONFIRM, { code: codeAt(e.secret, clock.now().getTime() + 5 * STEP) });
    expect(wrong.code).to.equal('BAD_USER_INPUT');
    expect(wrong.extensions.details).to.deep.equal([{ path: 'code', message: 'The code is incorrect or was already used.' }]);

    const { confirmTotpEnrolment: codes } = await browser.data<{ confirmTotpEnrolment: string[] }>(CONFIRM, { code: codeAt(e.secret, clock.now().getTime()) });
    expect(codes).to.have.lengthOf(10);
    expect(new Set(codes).size).to.equal(10);
    for (const c of codes) expect(c).to.match(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const factors = await browser.data<{ mySecondFactors: { id: string; kind: string; name: string }[]; myRecoveryCodesLeft: number }>(FACTORS);
    expect(factors.mySecondFactors.map((f) => [f.kind, f.name])).to.deep.equal([['totp', 'Authenticator app']]);
    expect(factors.myRecoveryCodesLeft).to.equal(10);
    expect((await browser.error(START)).code).to.equal('CONFLICT');

    const [row] = (await h.svc.db.query('SELECT secret_ciphertext, secret_key_id FROM second_factors WHERE org_id = ? AND member_id = ?', [browser.member.tenant.id, browser.member.id])) as { secret_ciphertext: string }[];
    expect(row!.secret_ciphertext).to.not.include(e.secret);
    const hashes = (await h.svc.db.query('SELECT code_hash FROM recovery_codes WHERE org_id = ? AND member_id = ?', [browser.member.tenant.id, browser.member.id])) as { code_hash: string }[];
    expect(hashes).to.have.lengthOf(10);
    for (const { code_hash } of hashes) expect(codes.map((c) => c.replace(/-/g, ''))).to.not.include(code_hash);
    const audit = (await h.svc.db.query('SELECT actor, action FROM tenant_config_audit_log WHERE org_id = ? ORDER BY id', [browser.member.tenant.id])) as { actor: string; action: string }[];
    expect(audit).to.deep.include({ actor: browser.member.email, action: 'mfa.totp_enrolled' });
    clock.advance(STEP);
  });

  it('signIn of a member with a second factor sets no session: MFA_REQUIRED with the methods; verifySecondFactor completes it; the same code is refused a second time', async () => {
    const { member, secret } = await memberWithApp('mlro');
    const { browser, error, answer } = await passwordStep(member);
    expect(error.extensions).to.deep.equal({ code: 'MFA_REQUIRED', reason: 'mfa_required', methods: ['totp', 'recovery_code'] });
    expect(answer.body.data).to.equal(null);
    expect(browser.cookies.has(CONSOLE_COOKIE)).to.equal(false);
    expect(browser.cookies.has(PENDING_SIGN_IN_COOKIE)).to.equal(true);
    const pendingLine = answer.headers.getSetCookie().find((c) => c.startsWith(`${PENDING_SIGN_IN_COOKIE}=`))!;
    expect(pendingLine).to.match(/; Path=\/graphql; Max-Age=300; HttpOnly; SameSite=Strict$/);
    expect((await browser.error('{ me { id } }')).code).to.equal('UNAUTHENTICATED');

    const code = codeAt(secret, clock.now().getTime());
    const { verifySecondFactor: viewer } = await browser.data<{ verifySecondFactor: { email: string; hasSecondFactor: boolean } }>(VERIFY, { code });
    expect(viewer).to.deep.include({ email: member.email, hasSecondFactor: true });
    expect(browser.cookies.has(CONSOLE_COOKIE)).to.equal(true);
    expect(browser.cookies.has(PENDING_SIGN_IN_COOKIE)).to.equal(false);
    expect((await browser.data<{ me: { email: string } }>('{ me { email } }')).me.email).to.equal(member.email);

    // The same code, in another sign-in within its 30 seconds: refused (each code once).
    const again = await passwordStep(member);
    expect(await again.browser.error(VERIFY, { code })).to.deep.include({ code: 'UNAUTHENTICATED', message: 'The code is incorrect or was already used.' });
    expect(again.browser.cookies.has(CONSOLE_COOKIE)).to.equal(false);
    clock.advance(STEP);
  });

  it('accepts a code one step early or late (clock drift) and refuses two steps either way', async () => {
    const { member, secret } = await memberWithApp('analyst');
    for (const [offset, ok] of [[-2, false], [2, false], [-1, true], [1, true]] as const) {
      clock.advance(3 * STEP); // past the steps spent before
      const { browser } = await passwordStep(member);
      const answer = await browser.gql(VERIFY, { code: codeAt(secret, clock.now().getTime() + offset * STEP) });
      if (ok) expect(answer.body.errors, `offset ${offset}`).to.equal(undefined);
      else expect(answer.body.errors?.[0]?.extensions.code, `offset ${offset}`).to.equal('UNAUTHENTICATED');
    }
    clock.advance(3 * STEP);
  });

  it('a recovery code signs in once; the second use is refused; regenerateRecoveryCodes replaces them all', async () => {
    const { member, recoveryCodes } = await memberWithApp('analyst');
    const first = await passwordStep(member);
    await first.browser.data(VERIFY, { code: recoveryCodes[0]!.toLowerCase() });
    expect((await first.browser.data<{ myRecoveryCodesLeft: number }>(FACTORS)).myRecoveryCodesLeft).to.equal(9);
    const second = await passwordStep(member);
    expect((await second.browser.error(VERIFY, { code: recoveryCodes[0]! })).code).to.equal('UNAUTHENTICATED');

    // Signed in with a second factor just now: regenerating is open (step-up fresh), and the old codes stop working.
    const { regenerateRecoveryCodes: fresh } = await first.browser.data<{ regenerateRecoveryCodes: string[] }>('mutation { regenerateRecoveryCodes }');
    expect(fresh).to.have.lengthOf(10);
    const third = await passwordStep(member);
    expect((await third.browser.error(VERIFY, { code: recoveryCodes[1]! })).code).to.equal('UNAUTHENTICATED');
    await third.browser.data(VERIFY, { code: fresh[0]! });
  });

  it('the pending sign-in lasts 5 minutes', async () => {
    const { member, secret } = await memberWithApp('analyst');
    const { browser } = await passwordStep(member);
    clock.advance(5 * MINUTE + 1_000);
    expect(await browser.error(VERIFY, { code: codeAt(secret, clock.now().getTime()) })).to.deep.include({
      code: 'UNAUTHENTICATED', message: 'Your sign-in has expired. Sign in again with your email and password.',
    });
    expect(browser.cookies.has(CONSOLE_COOKIE)).to.equal(false);
    // Without any pending sign-in or session: the same answer.
    expect((await h.browser().error(VERIFY, { code: '123456' })).code).to.equal('UNAUTHENTICATED');
  });

  it('wrong codes are rate-limited like passwords: after five, RATE_LIMITED with retryAfterSeconds and Retry-After; the wait over, the right code works', async () => {
    const { member, secret } = await memberWithApp('analyst');
    const { browser } = await passwordStep(member);
    for (let i = 0; i < 5; i++) expect((await browser.error(VERIFY, { code: '000000' })).code).to.equal('UNAUTHENTICATED');
    const limited = await browser.gql(VERIFY, { code: codeAt(secret, clock.now().getTime()) });
    expect(limited.body.errors![0]!.extensions).to.deep.include({ code: 'RATE_LIMITED', retryAfterSeconds: 1 });
    expect(limited.headers.get('retry-after')).to.equal('1');
    clock.advance(1_000);
    await browser.data(VERIFY, { code: codeAt(secret, clock.now().getTime()) });
    clock.advance(STEP);
  });

  it('Require MFA: only an admin sets it (audited, step-up); a member without a second factor may only enrol, then goes on', async () => {
    const tenant = await h.tenant('Require MFA Ltd');
    const SET = 'mutation($on: Boolean!) { setMfaRequired(enabled: $on) { mfaRequired } }';
    const officer = await h.signedIn('compliance_admin', tenant);
    expect((await officer.error(SET, { on: true })).code).to.equal('FORBIDDEN');
    const bare = await h.signedIn('admin', tenant);
    expect((await bare.error(SET, { on: true })).code).to.equal('CONFLICT');

    const { member: admin, secret } = await memberWithApp('admin', tenant);
    const adminBrowser = await signInWithCode(admin, secret);
    expect(await adminBrowser.data(SET, { on: true })).to.deep.equal({ setMfaRequired: { mfaRequired: true } });
    const audit = (await h.svc.db.query("SELECT actor, details FROM tenant_config_audit_log WHERE org_id = ? AND action = 'mfa.required_set'", [tenant.id])) as { actor: string; details: unknown }[];
    expect(audit.map((a) => [a.actor, typeof a.details === 'string' ? JSON.parse(a.details) : a.details])).to.deep.equal([[admin.email, { enabled: true, previous: false }]]);

    // An analyst without a second factor signs in (password only) and is held at enrolment.
    const analyst = await h.member('analyst', tenant);
    const browser = h.browser();
    const signedIn = await browser.data<{ signIn: { id: string } }>(SIGN_IN, { email: analyst.email, password: analyst.password });
    expect(signedIn.signIn.id).to.equal(analyst.id);
    const me = await browser.data<{ me: { mfaEnrolmentRequired: boolean; viewerCan: { manageWebhooks: boolean } } }>('{ me { mfaEnrolmentRequired viewerCan { manageWebhooks } } }');
    expect(me.me).to.deep.equal({ mfaEnrolmentRequired: true, viewerCan: { manageWebhooks: false } });
    const held = await browser.error('{ members { id } }');
    expect(held).to.deep.include({ code: 'MFA_ENROLMENT_REQUIRED', message: 'Your organisation requires a second factor: set up an authenticator app or a passkey first.' });
    expect((await browser.error('{ webhookEndpoints { id } }')).code).to.equal('MFA_ENROLMENT_REQUIRED');
    await enrol(browser);
    expect((await browser.data<{ me: { mfaEnrolmentRequired: boolean } }>('{ me { mfaEnrolmentRequired } }')).me.mfaEnrolmentRequired).to.equal(false);
    expect((await browser.data<{ members: unknown[] }>('{ members { id } }')).members.length).to.be.greaterThan(0);
  });

  it('step-up: changing a role needs a second factor proved in the last 10 minutes (STEP_UP_REQUIRED), given in place with verifySecondFactor; members without one are not asked', async () => {
    const tenant = await h.tenant('Step-up Ltd');
    const { member: admin, secret } = await memberWithApp('admin', tenant);
    const target = await h.member('analyst', tenant);
    const browser = await signInWithCode(admin, secret);
    expect(await browser.data(CHANGE_ROLE, { id: target.id, role: 'mlro' })).to.deep.equal({ changeMemberRole: { id: target.id, role: 'mlro' } });

    clock.advance(10 * MINUTE);
    await browser.data('{ me { id } }'); // the session is used, so it stays alive
    const refused = await browser.error(CHANGE_ROLE, { id: target.id, role: 'analyst' });
    expect(refused).to.deep.include({ code: 'STEP_UP_REQUIRED' });
    const { verifySecondFactor } = await browser.data<{ verifySecondFactor: { email: string } }>(VERIFY, { code: codeAt(secret, clock.now().getTime()) });
    expect(verifySecondFactor.email).to.equal(admin.email);
    expect(await browser.data(CHANGE_ROLE, { id: target.id, role: 'analyst' })).to.deep.equal({ changeMemberRole: { id: target.id, role: 'analyst' } });
    clock.advance(STEP);

    // removeSecondFactor needs it too; another member's factor is NOT_FOUND.
    const other = await memberWithApp('analyst', tenant);
    const [otherFactor] = (await h.svc.db.query('SELECT id FROM second_factors WHERE org_id = ? AND member_id = ?', [tenant.id, other.member.id])) as { id: string }[];
    expect((await browser.error('mutation($id: ID!) { removeSecondFactor(id: $id) }', { id: otherFactor!.id })).code).to.equal('NOT_FOUND');
    clock.advance(11 * MINUTE);
    const { mySecondFactors } = await browser.data<{ mySecondFactors: { id: string }[] }>(FACTORS);
    expect((await browser.error('mutation($id: ID!) { removeSecondFactor(id: $id) }', { id: mySecondFactors[0]!.id })).code).to.equal('STEP_UP_REQUIRED');

    // An admin without a second factor (MFA not required) changes roles as before.
    const plain = await h.signedIn('admin', tenant);
    expect(await plain.data(CHANGE_ROLE, { id: target.id, role: 'mlro' })).to.deep.equal({ changeMemberRole: { id: target.id, role: 'mlro' } });
  });
});
