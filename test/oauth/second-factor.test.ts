import { expect } from 'chai';
import { memberActor } from '../../src/access/index';
import { confirmTotpEnrolment, startTotpEnrolment } from '../../src/mfa/index';
import { authorizePath, Browser, closeSourceAddresses, hiddenInputs, newConnector, newMember, pkce, startServer, type Harness } from './harness';
import { codeAt } from '../support/totp';

const REDIRECT = 'https://assistant.example/oauth/callback';

/** The authorization pages ask a member with a second factor for a code after the password: an AI assistant cannot be connected with the password alone. */
describe('OAuth authorize page: the second factor', function () {
  this.timeout(120_000);
  let h: Harness;
  before(async () => {
    h = await startServer();
  });
  after(async () => {
    await closeSourceAddresses();
    await h.close();
  });

  it('after the password it asks for a code (no session yet); a wrong code is refused on the page; the right one leads to consent and a code for the client', async () => {
    const member = await newMember(h, 'OAuth MFA');
    const actor = memberActor({ orgId: member.tenant.id, id: member.id, email: member.email, role: 'analyst' });
    const { secret } = await startTotpEnrolment(h.svc, actor);
    await confirmTotpEnrolment(h.svc, actor, { code: codeAt(secret, h.svc.clock.now().getTime()), address: '127.0.0.1' });

    const c = await newConnector(h.svc, [REDIRECT]);
    const browser = new Browser(h.url);
    const page = await browser.get(authorizePath({ clientId: c.clientId, redirectUri: REDIRECT, challenge: pkce().challenge, method: 'S256', state: 'xyz' }));
    const afterPassword = await browser.post('/v1/oauth/sign-in', { ...hiddenInputs(page.text), email: member.email, password: member.password });
    expect(afterPassword.status).to.equal(200);
    expect(afterPassword.text).to.contain('<title>Confirm it is you to connect Assistant Connector</title>');
    expect(afterPassword.text).to.contain('<label for="code">Code</label>');
    const form = hiddenInputs(afterPassword.text);
    expect(form.pending).to.match(/^[A-Za-z0-9_-]{43}$/);

    // Without the code, the consent screen is not reachable: the same browser is still signed out.
    const consentNow = await browser.get(`/v1/oauth/authorize/consent?transaction_id=${encodeURIComponent(form.transaction_id!)}`);
    expect(consentNow.text).to.contain('<title>Sign in to connect Assistant Connector</title>');

    // Another browser (another sid) cannot use the pending sign-in.
    const other = new Browser(h.url);
    const otherPage = await other.get(authorizePath({ clientId: c.clientId, redirectUri: REDIRECT, challenge: pkce().challenge, method: 'S256' }));
    const stolen = await other.post('/v1/oauth/sign-in/second-factor', { ...hiddenInputs(otherPage.text), pending: form.pending!, code: codeAt(secret, Date.now() + 30_000) });
    expect(stolen.status).to.equal(401);
    expect(stolen.text).to.contain('Your sign-in has expired. Sign in again with your email and password.');

    const wrong = await browser.post('/v1/oauth/sign-in/second-factor', { ...form, code: '000000' });
    expect(wrong.status).to.equal(401);
    expect(wrong.text).to.contain('The code is incorrect or was already used.');
    expect(wrong.text).to.contain('aria-invalid="true"');

    const right = await browser.post('/v1/oauth/sign-in/second-factor', { ...form, code: codeAt(secret, Date.now() + 30_000) });
    expect(right.status, right.text).to.equal(303);
    const consent = await browser.get(right.location!);
    expect(consent.text).to.contain('wants access to');
    const decided = await browser.post('/v1/oauth/authorize/decision', { ...hiddenInputs(consent.text), decision: 'allow' });
    expect(decided.status).to.equal(302);
    const redirect = new URL(decided.location!);
    expect(redirect.origin + redirect.pathname).to.equal(REDIRECT);
    expect(redirect.searchParams.get('state')).to.equal('xyz');
    expect(redirect.searchParams.get('code')).to.be.a('string');

    // The pending sign-in was spent: replaying it signs nobody in.
    const replay = await browser.post('/v1/oauth/sign-in/second-factor', { ...form, csrf_token: hiddenInputs(consent.text).csrf_token!, code: codeAt(secret, Date.now() + 30_000) });
    expect(replay.status).to.be.oneOf([401, 403]);
  });
});
