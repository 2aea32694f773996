import { expect } from 'chai';
import {
  authorizePath, Browser, closeSourceAddresses, hiddenInputs, newConnector, newMember, pkce, startServer, type Answer, type Harness,
} from './harness';

const REDIRECT = 'https://assistant.example/oauth/callback';

/**
 * The authorization pages' signed-in sessions live server-side: signing out ends a copied cookie, a
 * consent decision's CSRF token is spent once, a decision without one is a 403 page, and the cookie
 * is Secure under an https BASE_URL.
 */
describe('OAuth browser sessions (server-side)', () => {
  let h: Harness;
  let member: Awaited<ReturnType<typeof newMember>>;
  let count = 0;

  before(async () => {
    h = await startServer();
  });
  beforeEach(async () => {
    member = await newMember(h, `Sessions ${++count}`);
  });
  after(async () => {
    await closeSourceAddresses();
    await h.close();
  });

  const connector = () => newConnector(h.svc, [REDIRECT]);
  const authorize = (c: { clientId: string }) => authorizePath({ clientId: c.clientId, redirectUri: REDIRECT, challenge: pkce().challenge, method: 'S256', state: 's' });
  const isSignInPage = (a: Answer) => a.status === 200 && a.text.includes('<title>Sign in to connect Assistant Connector</title>');
  const isConsentPage = (a: Answer) => a.status === 200 && a.text.includes('wants access to');

  /** A browser at the consent screen: authorize, sign in, follow to consent. */
  const atConsent = async (c: { clientId: string }, browser = new Browser(h.url)) => {
    const page = await browser.get(authorize(c));
    const signedIn = await browser.post('/v1/oauth/sign-in', { ...hiddenInputs(page.text), email: member.email, password: member.password });
    expect(signedIn.status, signedIn.text).to.equal(303);
    const consent = await browser.get(signedIn.location!);
    expect(isConsentPage(consent), consent.text).to.equal(true);
    return { browser, consent, form: hiddenInputs(consent.text) };
  };

  it('a copied signed-in cookie stops working when the member signs out', async () => {
    const c = await connector();
    const { browser, form } = await atConsent(c);
    const copy = browser.copy('127.0.0.2');
    // The copy works while the session lives...
    const seen = await copy.get(authorize(c));
    expect(isConsentPage(seen), seen.text).to.equal(true);

    const out = await browser.post('/v1/oauth/sign-out', form);
    expect(out.status).to.equal(303);
    // ...and not after the sign-out, in any browser that holds it: no consent screen, no code.
    expect(isSignInPage(await copy.copy().get(authorize(c)))).to.equal(true);
    const decided = await copy.post('/v1/oauth/authorize/decision', { ...hiddenInputs(seen.text), decision: 'allow' });
    expect(decided.status).to.equal(403);
    expect(decided.location).to.equal(null);
    // The member's own browser is signed out too, still inside its authorization request.
    const own = await browser.get(out.location!);
    expect(isSignInPage(own), own.text).to.equal(true);
    const again = await browser.post('/v1/oauth/sign-in', { ...hiddenInputs(own.text), email: member.email, password: member.password });
    expect(again.status).to.equal(303);
  });

  it('a replayed consent decision (its cookie and its form) issues no second code, even when sent at once', async () => {
    const c = await connector();
    const { browser, form } = await atConsent(c);
    const before = browser.copy();
    const first = await browser.post('/v1/oauth/authorize/decision', { ...form, decision: 'allow' });
    expect(first.status, first.text).to.equal(302);
    expect(new URL(first.location!).searchParams.get('code')).to.be.a('string');

    const replay = await before.post('/v1/oauth/authorize/decision', { ...form, decision: 'allow' });
    expect(replay.status).to.equal(403);
    expect(replay.location).to.equal(null);
    expect(replay.text).to.contain('This form has expired');

    // Three submissions of one form racing: one code, two 403 pages.
    const next = await atConsent(c);
    const racing = await Promise.all([next.browser.copy(), next.browser.copy(), next.browser].map((b) => b.post('/v1/oauth/authorize/decision', { ...next.form, decision: 'allow' })));
    expect(racing.map((r) => r.status).sort()).to.deep.equal([302, 403, 403]);
    // The session goes on with a fresh token: the next request's consent can be decided once.
    const later = await next.browser.get(authorize(c));
    expect(isConsentPage(later)).to.equal(true);
    expect(hiddenInputs(later.text).csrf_token).to.not.equal(next.form.csrf_token);
    expect((await next.browser.post('/v1/oauth/authorize/decision', { ...hiddenInputs(later.text), decision: 'allow' })).status).to.equal(302);
  });

  it('refuses a consent decision without its CSRF token with the 403 page, never a redirect to the client', async () => {
    const c = await connector();
    const { browser, form } = await atConsent(c);
    const res = await browser.post('/v1/oauth/authorize/decision', { transaction_id: form.transaction_id!, decision: 'allow' });
    expect(res.status).to.equal(403);
    expect(res.location).to.equal(null);
    expect(res.headers.get('content-type')).to.match(/^text\/html/);
    expect(res.text).to.contain('This form has expired');
    const wrong = await browser.post('/v1/oauth/authorize/decision', { ...form, csrf_token: `${form.csrf_token}x`, decision: 'allow' });
    expect(wrong.status).to.equal(403);
    expect(wrong.location).to.equal(null);
    // The session is unharmed: the real form still works, once.
    const ok = await browser.post('/v1/oauth/authorize/decision', { ...form, decision: 'deny' });
    expect(ok.status).to.equal(302);
    expect(new URL(ok.location!).searchParams.get('error')).to.equal('access_denied');
  });

  it('marks the session cookie Secure when BASE_URL is https, on the anonymous and the signed-in cookie', async () => {
    const secure = await startServer({ config: { baseUrl: 'https://auth.example.com' } });
    try {
      const c = await newConnector(secure.svc, [REDIRECT]);
      const browser = new Browser(secure.url);
      const page = await browser.get(authorize(c));
      expect(page.status).to.equal(200);
      expect(page.headers.get('set-cookie')).to.match(/^svc_oauth_session=[^;]+; Path=\/v1\/oauth; Max-Age=1800; HttpOnly; SameSite=Lax; Secure$/);
      const signedIn = await browser.post('/v1/oauth/sign-in', { ...hiddenInputs(page.text), email: member.email, password: member.password });
      expect(signedIn.status).to.equal(303);
      expect(signedIn.headers.get('set-cookie')).to.match(/^svc_oauth_session=[A-Za-z0-9_-]{43}; Path=\/v1\/oauth; Max-Age=1800; HttpOnly; SameSite=Lax; Secure$/);
    } finally {
      await secure.close();
    }
  });
});
