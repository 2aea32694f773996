import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { ConsoleHarness } from '../graphql/harness';
import { failure, invitedCase, portalClient, redeem, seedDocument, signedInCustomer } from './support';
import { TestClock } from '../support/clock';

const MIN = 60_000;
const HOUR = 60 * MIN;

describe('portal session: the cookie of a redeemed link, portal.session, idle and absolute expiry', () => {
  let h: ConsoleHarness;
  const clock = new TestClock();
  before(async () => {
    h = await ConsoleHarness.start({ clock });
  });
  after(() => h.close());

  it('"Start" sets portal_session (HttpOnly, SameSite=Lax, Path=/, not Secure on http), stores only its hash and leads on to /portal/app', async () => {
    const tenant = await h.tenant();
    const c = await invitedCase(h.svc, tenant);
    const start = await redeem(h.url, c.linkToken);
    expect(start.status).to.equal(200);
    expect(start.setCookie).to.match(/^portal_session=[A-Za-z0-9_-]{43}; Max-Age=43200; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/);
    // The used link's token rides along in the fragment (never sent to a server) for asking a new link later.
    expect(start.html).to.include(`href="${h.url}/portal/app#link=${c.linkToken}"`);
    const [row] = await h.svc.db.query('SELECT token_hash, created_at, idle_expires_at, expires_at FROM portal_sessions WHERE case_pk = ?', [c.pk]);
    expect(row.token_hash).to.equal(createHash('sha256').update(start.sessionToken!).digest('hex'));
    expect(new Date(row.idle_expires_at).getTime() - new Date(row.created_at).getTime()).to.equal(2 * HOUR);
    expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).to.equal(12 * HOUR);
  });

  it('sets the cookie Secure when APP_URL is https', async () => {
    const secure = await ConsoleHarness.start({ config: { appUrl: 'https://portal.example' }, clock });
    try {
      const c = await invitedCase(secure.svc, await secure.tenant());
      const start = await redeem(secure.url, c.linkToken);
      expect(start.setCookie).to.match(/; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Lax$/);
      expect(start.html).to.include(`href="https://portal.example/portal/app#link=${c.linkToken}"`);
    } finally {
      await secure.close();
    }
  });

  it('portal.session gives branding, the case, the stage in the customer\'s words and the steps', async () => {
    const tenant = await h.tenant();
    await h.svc.db.query(`UPDATE tenants SET name = 'Northwind Compliance', brand_color = '#0F766E', logo_url = 'https://cdn.example/logo.png' WHERE id = ?`, [tenant.id]);
    const { client, case: c } = await signedInCustomer(h, tenant, { companyName: 'Globex Trading', country: 'United Kingdom' });
    const [{ reference }] = await h.svc.db.query('SELECT reference FROM cases WHERE pk = ?', [c.pk]);
    expect(reference, 'the case\'s short display reference').to.match(/^C-\d+$/);
    expect(await client.portal.session.query()).to.deep.equal({
      tenant: { name: 'Northwind Compliance', brandColor: '#0F766E', logoUrl: 'https://cdn.example/logo.png' },
      case: { caseId: c.caseId, companyName: 'Globex Trading', status: 'in_progress' },
      stage: { value: 'created', label: 'Getting started' },
      steps: [
        { step: 'application', state: 'not_started' },
        { step: 'documents', state: 'not_started' },
        { step: 'review', state: 'locked' },
        { step: 'submit', state: 'locked' },
      ],
      editable: true,
      customerEmail: c.customerEmail,
      applicationSteps: [{ step: 'company', state: 'not_started' }, { step: 'ownership', state: 'not_started' }],
      reference,
      reviewConfirmed: false,
    });
    await client.application.save.mutate({ companyProfile: { registrationNumber: '123' } });
    await seedDocument(h.svc, tenant.id, c.pk, { status: 'processing', extractedData: {} });
    expect((await client.portal.session.query()).steps).to.deep.equal([
      { step: 'application', state: 'in_progress' },
      { step: 'documents', state: 'complete' },
      { step: 'review', state: 'in_progress' },
      { step: 'submit', state: 'locked' },
    ]);
    expect((await client.portal.session.query()).applicationSteps).to.deep.equal([{ step: 'company', state: 'in_progress' }, { step: 'ownership', state: 'not_started' }]);
  });

  it('ends after 2 hours unused; each use (at most one write a minute) moves the idle expiry on', async () => {
    const { client, sessionToken } = await signedInCustomer(h);
    const idleOf = async () => new Date((await h.svc.db.query(
      'SELECT idle_expires_at FROM portal_sessions WHERE token_hash = SHA2(?, 256)', [sessionToken],
    ))[0].idle_expires_at).getTime();
    const opened = clock.now().getTime();
    expect(await idleOf()).to.equal(opened + 2 * HOUR);
    clock.advance(30 * 1000);
    await client.portal.whoami.query();
    expect(await idleOf(), 'not moved within the first minute').to.equal(opened + 2 * HOUR);
    clock.advance(HOUR + 59 * MIN);
    await client.portal.whoami.query();
    expect(await idleOf()).to.equal(clock.now().getTime() + 2 * HOUR);
    clock.advance(2 * HOUR - 1000);
    expect((await client.portal.whoami.query()).email).to.be.a('string');
    clock.advance(2 * HOUR);
    const ended = await failure(client.portal.session.query());
    expect(ended).to.deep.include({ code: 'UNAUTHORIZED', httpStatus: 401, reason: 'unauthenticated' });
    expect(ended.message).to.equal('Your session has ended. Open your invitation link again, or ask for a new one.');
  });

  it('ends 12 hours after the link was redeemed, however much it is used', async () => {
    const { client } = await signedInCustomer(h);
    for (let i = 0; i < 11; i++) {
      clock.advance(HOUR);
      await client.portal.whoami.query();
    }
    clock.advance(HOUR - 1000);
    await client.portal.whoami.query();
    clock.advance(1000);
    expect((await failure(client.portal.whoami.query())).code).to.equal('UNAUTHORIZED');
  });

  it('a session sees only its own case; without a session every procedure but requestNewLink is UNAUTHORIZED', async () => {
    const tenant = await h.tenant();
    const a = await signedInCustomer(h, tenant);
    const b = await signedInCustomer(h, tenant);
    expect((await a.client.portal.session.query()).case.caseId).to.equal(a.case.caseId);
    expect((await b.client.portal.session.query()).case.caseId).to.equal(b.case.caseId);
    const anonymous = portalClient(h.url);
    for (const call of [
      () => anonymous.portal.session.query(), () => anonymous.application.get.query(), () => anonymous.application.save.mutate({}),
      () => anonymous.application.submit.mutate(), () => anonymous.review.get.query(), () => anonymous.review.confirm.mutate({ amendments: [] }),
    ]) {
      expect(await failure(call())).to.deep.include({ code: 'UNAUTHORIZED', httpStatus: 401, reason: 'unauthenticated' });
    }
    expect((await failure(portalClient(h.url, 'A'.repeat(43)).portal.session.query())).code).to.equal('UNAUTHORIZED');
  });
});
