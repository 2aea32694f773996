import { Writable } from 'node:stream';
import { expect } from 'chai';
import { createLogger, type Services } from '../../src/platform/index';
import { NEW_LINK_ANSWER } from '../../src/portal/index';
import { ConsoleHarness } from '../graphql/harness';
import { decodeQp, mailingTo, startSmtp, type TestSmtp } from '../support/smtp';
import { drainJobs, runtime } from '../support/runtime';
import { failure, invitedCase, portalClient, redeem } from './support';
import { TestClock } from '../support/clock';

const HOUR = 3_600_000;

describe('portal.requestNewLink: a fresh link from the expired-link page, never telling whether an email matches', () => {
  let h: ConsoleHarness;
  let smtp: TestSmtp;
  let mailing: Services;
  const clock = new TestClock();

  before(async () => {
    smtp = await startSmtp();
    h = await ConsoleHarness.start({ clock });
    const log = createLogger('silent', new Writable({ write(_c, _e, cb) { cb(); } }) as never);
    mailing = mailingTo(h.svc, smtp, 'onboarding@svc.example', log);
  });
  after(async () => {
    await h.close();
    await smtp.close();
  });
  // Each test in its own hour, so the hourly limits of one do not reach into the next.
  beforeEach(() => clock.advance(HOUR));

  /** Runs the tenant's queued jobs (the send-invite job among them) with the SMTP mailer. */
  const drain = async (orgId: string) => {
    const rt = await runtime();
    await drainJobs(rt, { orgId, svc: mailing });
  };
  const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address)).map((m) => decodeQp(m.raw));
  const anonymous = () => portalClient(h.url);
  const expire = (casePk: number) => h.svc.db.query('UPDATE invites SET expires_at = ? WHERE case_pk = ?', [new Date(clock.now().getTime() - 60_000), casePk]);
  const inviteCount = async (casePk: number) => Number((await h.svc.db.query('SELECT COUNT(*) AS n FROM invites WHERE case_pk = ?', [casePk]))[0].n);

  it('emails the customer of an expired link a fresh one when the email matches (letter case aside); the new link opens a session', async () => {
    const tenant = await h.tenant();
    await h.svc.db.query(`UPDATE tenants SET name = 'Northwind Compliance' WHERE id = ?`, [tenant.id]);
    const c = await invitedCase(h.svc, tenant, { companyName: 'Globex Trading' });
    await expire(c.pk);
    expect((await redeem(h.url, c.linkToken)).status).to.equal(410);

    const answer = await anonymous().portal.requestNewLink.mutate({ token: c.linkToken, email: c.customerEmail.toUpperCase() });
    expect(answer).to.deep.equal({ message: NEW_LINK_ANSWER });
    expect(mailsTo(c.customerEmail), 'sent by the job, after commit').to.have.length(0);
    await drain(tenant.id);
    const mails = mailsTo(c.customerEmail);
    expect(mails).to.have.length(1);
    expect(mails[0]).to.match(/^Subject: Northwind Compliance: complete your onboarding for Globex Trading/m);
    const links = [...new Set(mails[0]!.match(/https?:\/\/[^\s"<>]+\/portal\/invite\?token=[A-Za-z0-9_-]+/g))];
    expect(links).to.have.length(1);
    const fresh = new URL(links[0]!).searchParams.get('token')!;
    expect(fresh).to.not.equal(c.linkToken);

    const session = await redeem(h.url, fresh);
    expect(session.status).to.equal(200);
    expect(await portalClient(h.url, session.sessionToken).portal.whoami.query()).to.deep.equal({ caseId: c.caseId, email: c.customerEmail });
    expect((await redeem(h.url, c.linkToken)).status, 'the old link stays dead').to.equal(410);
  });

  it('answers the same for an email that does not match, an unknown link and a closed case, and sends nothing', async () => {
    const tenant = await h.tenant();
    const c = await invitedCase(h.svc, tenant);
    await expire(c.pk);
    const closed = await invitedCase(h.svc, tenant);
    await h.svc.db.query(`UPDATE cases SET status = 'approved' WHERE pk = ?`, [closed.pk]);
    const answers = [
      await anonymous().portal.requestNewLink.mutate({ token: c.linkToken, email: `someone.else.${tenant.id.slice(0, 8)}@portal.example` }),
      await anonymous().portal.requestNewLink.mutate({ token: 'A'.repeat(43), email: c.customerEmail }),
      await anonymous().portal.requestNewLink.mutate({ token: 'not a token at all', email: c.customerEmail }),
      await anonymous().portal.requestNewLink.mutate({ token: closed.linkToken, email: closed.customerEmail }),
    ];
    expect(answers).to.deep.equal(Array(4).fill({ message: NEW_LINK_ANSWER }));
    await drain(tenant.id);
    expect(mailsTo(c.customerEmail)).to.have.length(0);
    expect(mailsTo(closed.customerEmail)).to.have.length(0);
    expect(await inviteCount(c.pk)).to.equal(1);
    expect(await inviteCount(closed.pk)).to.equal(1);
    const invalid = await failure(anonymous().portal.requestNewLink.mutate({ token: c.linkToken, email: 'not an email' }));
    expect(invalid).to.deep.include({ code: 'BAD_REQUEST', reason: 'validation_failed', details: [{ path: 'email', message: 'must be a valid email address' }] });
  });

  /** The raw tRPC call, to see the status and the Retry-After header. */
  const raw = async (token: string, email: string) => {
    const res = await fetch(`${h.url}/trpc/portal.requestNewLink`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token, email }) });
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as { error?: { message: string; data: Record<string, unknown> } } };
  };

  it('limits each email address to 3 requests an hour, matching or not (429 with Retry-After), then lets it through again', async () => {
    const tenant = await h.tenant();
    const c = await invitedCase(h.svc, tenant);
    await expire(c.pk);
    for (let i = 0; i < 3; i++) expect((await raw(`${'B'.repeat(42)}${i}`, c.customerEmail)).status).to.equal(200);
    const limited = await raw(c.linkToken, c.customerEmail);
    expect(limited.status).to.equal(429);
    expect(Number(limited.retryAfter)).to.be.within(1, 3600);
    expect(limited.body.error!.data).to.deep.include({ code: 'TOO_MANY_REQUESTS', reason: 'rate_limited', retryAfterSeconds: Number(limited.retryAfter) });
    expect(limited.body.error!.message).to.match(/^Too many requests for a new link\. Try again in \d+ minutes\.$/);
    expect(await inviteCount(c.pk), 'the limited request created nothing').to.equal(1);
    clock.advance(HOUR);
    expect((await raw(c.linkToken, c.customerEmail)).status).to.equal(200);
    expect(await inviteCount(c.pk)).to.equal(2);
  });

  it('limits each old link to 3 requests an hour, whatever email is typed', async () => {
    const tenant = await h.tenant();
    const c = await invitedCase(h.svc, tenant);
    for (let i = 0; i < 3; i++) expect((await raw(c.linkToken, `guess.${i}.${tenant.id.slice(0, 8)}@portal.example`)).status).to.equal(200);
    expect((await raw(c.linkToken, c.customerEmail)).status).to.equal(429);
    expect(await inviteCount(c.pk)).to.equal(1);
  });

  it('limits each source address to 20 requests an hour', async () => {
    const tenant = await h.tenant();
    for (let i = 0; i < 20; i++) expect((await raw(`${'C'.repeat(40)}${String(i).padStart(3, '0')}`, `n${i}.${tenant.id.slice(0, 8)}@portal.example`)).status).to.equal(200);
    const limited = await raw(`${'D'.repeat(43)}`, `last.${tenant.id.slice(0, 8)}@portal.example`);
    expect(limited.status).to.equal(429);
    expect(limited.body.error!.data.reason).to.equal('rate_limited');
  });
});
