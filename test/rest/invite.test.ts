import { Writable } from 'node:stream';
import { expect } from 'chai';
import { INVITE_MAIL } from '../../src/invites/index';
import { deliverMail, keepMailLocally, listLocalMail } from '../../src/mail/index';
import { createLogger, type Services } from '../../src/platform/index';
import { type Tenant } from '../../src/tenants/index';
import { createNodemailerMailer } from '../../worker/mail/nodemailer-mailer';
import { mailIdOf } from '../support/mail-outbox';
import { drainJobs, runtime } from '../support/runtime';
import { RestHarness, uniqueEmail } from './harness';
import { decodeQp, smtpMailer, startSmtp, type TestSmtp } from '../support/smtp';

describe('the invite: email through SMTP, the magic link and the portal landing page', () => {
  let api: RestHarness;
  let smtp: TestSmtp;
  let svc: Services;
  let tenant: Tenant;
  let token: string;
  const logLines: string[] = [];

  before(async () => {
    smtp = await startSmtp();
    // Retries are due in minutes: the test drives each attempt itself.
    api = await RestHarness.start({ mailRetryScheduleMs: [60_000, 120_000] });
    const log = createLogger('info', new Writable({ write(chunk, _enc, cb) { logLines.push(String(chunk)); cb(); } }) as never);
    const mailer = smtpMailer(smtp, 'onboarding@svc.example', log);
    svc = { ...api.svc, log, mailer };
  });
  after(async () => {
    await api.close();
    await smtp.close();
  });
  beforeEach(async () => {
    ({ tenant, token } = await api.tenant());
    await api.svc.db.query(`UPDATE tenants SET name = 'Northwind Compliance', brand_color = '#0F766E', logo_url = 'https://cdn.example/logo.png' WHERE id = ?`, [tenant.id]);
  });

  /** Runs the tenant's queued jobs with this test's services (the SMTP mailer). */
  const drain = async () => {
    const rt = await runtime();
    await drainJobs(rt, { orgId: tenant.id, svc });
  };
  const createCase = async (extra: Record<string, unknown> = {}) => {
    const res = await api.post('/v1/cases', token, { customerEmail: uniqueEmail('invitee'), companyName: 'Globex Trading', customerName: 'Grace Hopper', ...extra });
    expect(res.status, res.text).to.equal(201);
    return res.body as { caseId: string; customerEmail: string; customerPortalUrl: string };
  };

  it('sends the tenant-branded email with the magic link after commit, and the link opens the landing page once', async () => {
    const c = await createCase();
    expect(smtp.received.filter((m) => m.to.includes(c.customerEmail))).to.have.length(0);
    await drain();
    const mails = smtp.received.filter((m) => m.to.includes(c.customerEmail));
    expect(mails).to.have.length(1);
    const mail = decodeQp(mails[0]!.raw);
    expect(mails[0]!.from).to.equal('onboarding@svc.example');
    expect(mail).to.match(/^From: Northwind Compliance <onboarding@svc\.example>/m);
    expect(mail).to.match(/^Subject: Northwind Compliance: complete your onboarding for Globex Trading/m);
    expect(mail).to.include('Content-Type: text/plain');
    expect(mail).to.include('Content-Type: text/html');
    expect(mail).to.include('#0F766E');
    expect(mail).to.include('https://cdn.example/logo.png');
    expect(mail).to.include('Hello Grace Hopper,');
    const links = [...new Set(mail.match(/https?:\/\/[^\s"<>]+\/portal\/invite\?token=[A-Za-z0-9_-]+/g))];
    expect(links).to.deep.equal([c.customerPortalUrl]);
    expect(logLines.join('')).to.not.include(c.customerPortalUrl.split('token=')[1]!);

    const view = await api.get(`/v1/cases/${c.caseId}`, token);
    expect(view.body.invite).to.deep.include({ status: 'sent', attempts: 1, lastError: null, usedAt: null });
    expect((view.body.invite as { deliveredAt: string }).deliveredAt).to.be.a('string');
    const [stored] = await api.svc.db.query('SELECT token_hash, token_sealed FROM invites i JOIN cases c ON c.pk = i.case_pk WHERE c.case_id = ?', [c.caseId]);
    expect(stored.token_sealed, 'the sealed token is erased once sent').to.equal(null);
    expect(stored.token_hash).to.match(/^[0-9a-f]{64}$/);

    const landing = await fetch(c.customerPortalUrl);
    const html = await landing.text();
    expect(landing.status).to.equal(200);
    expect(landing.headers.get('referrer-policy')).to.equal('no-referrer');
    expect(html).to.include('data-testid="tenant-name">Northwind Compliance<');
    expect(html).to.include('Welcome, Grace Hopper');
    expect(html).to.include('Globex Trading');
    expect(html).to.include('#0F766E');
    expect(html).to.include('src="https://cdn.example/logo.png"');
    // Opening the page twice (mail scanners do) does not use the link.
    expect((await fetch(c.customerPortalUrl)).status).to.equal(200);

    const tokenValue = new URL(c.customerPortalUrl).searchParams.get('token')!;
    // The landing page's form, as a browser sends it: its Origin (Referrer-Policy no-referrer makes some send `null`, with Sec-Fetch-Site).
    const start = await fetch(`${api.url}/portal/invite`, { method: 'POST', headers: { Origin: api.url }, body: new URLSearchParams({ token: tokenValue }), redirect: 'manual' });
    expect(start.status).to.equal(200);
    expect(await start.text()).to.include("You're in");
    expect(start.headers.get('set-cookie')).to.match(/^portal_session=[A-Za-z0-9_-]{43}; Max-Age=43200; Path=\/; Expires=.*; HttpOnly; SameSite=Lax$/);

    const used = await fetch(c.customerPortalUrl);
    expect(used.status).to.equal(410);
    const usedHtml = await used.text();
    expect(usedHtml).to.include('This link has already been used');
    expect(usedHtml).to.include('Northwind Compliance');
    expect(usedHtml).to.include(`<a data-testid="new-link" href="${api.url}/portal/app/new-link?token=${tokenValue}">Get a new link by email</a>`);
    const again = await fetch(`${api.url}/portal/invite`, { method: 'POST', headers: { Origin: 'null', 'Sec-Fetch-Site': 'same-origin' }, body: new URLSearchParams({ token: tokenValue }) });
    expect(again.status).to.equal(410);
    expect((await api.get(`/v1/cases/${c.caseId}`, token)).body.invite).to.have.property('usedAt').that.is.a('string');
  });

  it('refuses "Start" sent from another site (login CSRF): 403, no session, and the link still works from its own page', async () => {
    const c = await createCase({ sendInvite: false });
    const tokenValue = new URL(c.customerPortalUrl).searchParams.get('token')!;
    const refusedBody = 'This request was refused</h1><p>An invitation link can only be used from its own page. Open the link from your invitation email again.</p>';
    const attempts: Record<string, string>[] = [
      { Origin: 'https://attacker.example' },
      { Origin: 'https://attacker.example', 'Sec-Fetch-Site': 'same-origin' },
      { Origin: 'null', 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
      {},
    ];
    for (const headers of attempts) {
      const res = await fetch(`${api.url}/portal/invite`, { method: 'POST', headers, body: new URLSearchParams({ token: tokenValue }), redirect: 'manual' });
      expect(res.status, JSON.stringify(headers)).to.equal(403);
      expect(res.headers.get('set-cookie')).to.equal(null);
      expect(res.headers.get('content-type')).to.equal('text/html; charset=utf-8');
      expect(await res.text()).to.include(`<h1 data-testid="invite-state">${refusedBody}`);
    }
    expect((await api.get(`/v1/cases/${c.caseId}`, token)).body.invite).to.have.property('usedAt', null);

    const start = await fetch(`${api.url}/portal/invite`, { method: 'POST', headers: { Origin: 'null', 'Sec-Fetch-Site': 'same-origin' }, body: new URLSearchParams({ token: tokenValue }), redirect: 'manual' });
    expect(start.status).to.equal(200);
    expect(await start.text()).to.include("You're in");
    expect(start.headers.get('set-cookie')).to.match(/^portal_session=/);
  });

  it('shows a clear page for an expired or an unknown link', async () => {
    const c = await createCase({ sendInvite: false });
    await api.svc.db.query('UPDATE invites i JOIN cases c ON c.pk = i.case_pk SET i.expires_at = NOW(3) - INTERVAL 1 MINUTE WHERE c.case_id = ?', [c.caseId]);
    const expired = await fetch(c.customerPortalUrl);
    expect(expired.status).to.equal(410);
    const expiredHtml = await expired.text();
    expect(expiredHtml).to.include('This link has expired');
    expect(expiredHtml).to.include(`href="${api.url}/portal/app/new-link?token=${new URL(c.customerPortalUrl).searchParams.get('token')}"`);
    const unknown = await fetch(`${api.url}/portal/invite?token=${'A'.repeat(43)}`);
    expect(unknown.status).to.equal(404);
    expect(await unknown.text()).to.include('This link is not valid');
    expect((await fetch(`${api.url}/portal/invite`)).status).to.equal(404);
  });

  it('retries when the mail server refuses, visibly on the case, then sends', async () => {
    smtp.refuseNext = 1;
    const c = await createCase();
    await drain();
    const failed = await api.get(`/v1/cases/${c.caseId}`, token);
    expect(failed.body.invite).to.deep.include({ status: 'pending', attempts: 1, deliveredAt: null });
    expect((failed.body.invite as { lastError: string }).lastError).to.match(/451|temporarily unavailable/i);
    const [row] = await api.svc.db.query('SELECT i.id FROM invites i JOIN cases c ON c.pk = i.case_pk WHERE c.case_id = ?', [c.caseId]);
    expect(await deliverMail(svc, await mailIdOf(api.svc, INVITE_MAIL, Number(row.id)))).to.equal('sent');
    expect(await deliverMail(svc, await mailIdOf(api.svc, INVITE_MAIL, Number(row.id))), 'a duplicate job does nothing').to.equal('skipped');
    expect(smtp.received.filter((m) => m.to.includes(c.customerEmail))).to.have.length(1);
    expect((await api.get(`/v1/cases/${c.caseId}`, token)).body.invite).to.deep.include({ status: 'sent', attempts: 2, lastError: null });
  });

  it('marks the invite failed after the last retry of MAIL_RETRY_SCHEDULE', async () => {
    smtp.refuseNext = 3;
    const c = await createCase();
    const [row] = await api.svc.db.query('SELECT i.id FROM invites i JOIN cases c ON c.pk = i.case_pk WHERE c.case_id = ?', [c.caseId]);
    const results = [];
    for (let i = 0; i < 3; i++) results.push(await deliverMail(svc, await mailIdOf(api.svc, INVITE_MAIL, Number(row.id))));
    expect(results).to.deep.equal(['retry', 'retry', 'failed']);
    expect((await api.get(`/v1/cases/${c.caseId}`, token)).body.invite).to.deep.include({ status: 'failed', attempts: 3 });
    smtp.refuseNext = 0;
  });

  it('without SMTP_URL keeps the message in the local mail outbox and logs it without the link', async () => {
    const lines: string[] = [];
    const log = createLogger('info', new Writable({ write(chunk, _enc, cb) { lines.push(String(chunk)); cb(); } }) as never);
    const local: Services = { ...api.svc, log } as Services;
    local.mailer = createNodemailerMailer({ smtpUrl: null, from: 'no-reply@localhost', log, keepLocally: (m) => keepMailLocally(local, m) });
    const c = await createCase();
    const [row] = await api.svc.db.query('SELECT i.id FROM invites i JOIN cases c ON c.pk = i.case_pk WHERE c.case_id = ?', [c.caseId]);
    expect(await deliverMail(local, await mailIdOf(api.svc, INVITE_MAIL, Number(row.id)))).to.equal('sent');
    const [mail] = await listLocalMail(api.svc, tenant.id, 1);
    expect(mail!.to).to.equal(c.customerEmail);
    expect(decodeQp(mail!.raw)).to.include(c.customerPortalUrl);
    const tokenValue = c.customerPortalUrl.split('token=')[1]!;
    expect(lines.join('')).to.include('mail kept in the local mail_outbox table');
    expect(lines.join('')).to.not.include(tokenValue);
    expect((await api.get(`/v1/cases/${c.caseId}`, token)).body.invite).to.deep.include({ status: 'sent' });
  });
});
