import { createHash, randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { ValidateFunction } from 'ajv/dist/2020';
import { expect } from 'chai';
import { makeWorkerUtils } from 'graphile-worker';
import { operatorActor } from '../../src/access/index';
import { listAuditLog } from '../../src/audit/index';
import { INTAKE_CODE_MAIL, INTAKE_START_ANSWER, setPublicIntake } from '../../src/intake/index';
import { deliverMail, sendMailJobKey, sweepMail } from '../../src/mail/index';
import { addHits, windowStartOf } from '../../src/access/rate-limit';
import { createLogger, type Services } from '../../src/platform/index';
import type { Tenant } from '../../src/tenants/index';
import { graphileLogger } from '../../worker/job-queue';
import { compileEventSchemas } from '../events/support';
import { ConsoleHarness } from '../graphql/harness';
import { decodeQp, mailingTo, startSmtp, type TestSmtp } from '../support/smtp';
import { mailIdOf } from '../support/mail-outbox';
import { discardFinishedTenantsMail, drainJobs, runtime } from '../support/runtime';
import { failure, feed, invitedCase, portalClient, pullToken } from './support';
import { TestClock } from '../support/clock';

const MIN = 60_000;
const HOUR = 60 * MIN;

describe('public intake over tRPC: email code, a case opened or resumed, a portal session', function () {
  this.timeout(60_000);
  let h: ConsoleHarness;
  let smtp: TestSmtp;
  let mailing: Services;
  let schemas: Map<string, ValidateFunction>;
  const clock = new TestClock();

  before(async () => {
    smtp = await startSmtp();
    h = await ConsoleHarness.start({ clock });
    const log = createLogger('silent', new Writable({ write(_c, _e, cb) { cb(); } }) as never);
    mailing = mailingTo(h.svc, smtp, 'onboarding@svc.example', log);
    schemas = compileEventSchemas();
    await discardFinishedTenantsMail(await runtime()); // the sweep test below
  });
  after(async () => {
    await h.close();
    await smtp.close();
  });
  // Each test in its own hour, so that the limits one test uses up do not reach into the next.
  beforeEach(() => clock.advance(HOUR));

  const anonymous = () => portalClient(h.url);
  /** Runs the tenant's queued jobs (the send-mail job and the outbox relay among them) with the SMTP mailer. */
  const drain = async (orgId: string) => {
    const rt = await runtime();
    await drainJobs(rt, { orgId, svc: mailing });
  };
  const mailsTo = (address: string) =>
    smtp.received.filter((m) => m.to.some((to) => to.toLowerCase() === address.toLowerCase())).map((m) => decodeQp(m.raw));
  /** The six digits of each code mail to `address`, oldest first. */
  const codesSentTo = (address: string) => mailsTo(address).map((m) => /\n {4}(\d{6})\r?\n/.exec(m)?.[1]);

  async function intakeTenant(name = `Intake Co ${randomBytes(3).toString('hex')}`): Promise<Tenant> {
    const tenant = await h.tenant(name);
    await setPublicIntake(h.svc, operatorActor(tenant.id), { enabled: true });
    return tenant;
  }
  const newEmail = (tenant: Tenant) => `applicant.${randomBytes(4).toString('hex')}.${tenant.id.slice(0, 8)}@intake.example`;

  /** intake.start, then the job: the code the customer reads in the email. */
  async function codeFor(tenant: Tenant, email: string): Promise<string> {
    const before = codesSentTo(email).length;
    expect(await anonymous().intake.start.mutate({ slug: tenant.slug, email })).to.deep.equal({ message: INTAKE_START_ANSWER, expiresInSeconds: 600 });
    await drain(tenant.id);
    const codes = codesSentTo(email);
    expect(codes, 'one more code email').to.have.length(before + 1);
    return codes[codes.length - 1]!;
  }

  /** intake.verify as the browser sends it: the status, the portal cookie it set, the answer. */
  async function verify(tenant: Tenant, email: string, code: string, start: 'application_form' | 'doc_upload' = 'application_form') {
    const res = await fetch(`${h.url}/trpc/intake.verify`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ slug: tenant.slug, email, code, start }),
    });
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('portal_session='));
    const body = (await res.json()) as { result?: { data: { caseId: string; resumed: boolean; source: string; next: string } }; error?: { message: string; data: Record<string, unknown> } };
    return { status: res.status, setCookie, sessionToken: setCookie?.split(';')[0]!.split('=')[1], body, retryAfter: res.headers.get('retry-after') };
  }

  const casesOf = async (tenant: Tenant) =>
    (await h.svc.db.query('SELECT pk, case_id, source, customer_email, company_name, status FROM cases WHERE org_id = ? ORDER BY pk', [tenant.id])) as
      { pk: number; case_id: string; source: string; customer_email: string; company_name: string | null; status: string }[];
  const storedEvents = async (tenant: Tenant) =>
    (await h.svc.db.query('SELECT event_id, type, data FROM events WHERE org_id = ? ORDER BY seq', [tenant.id])) as { event_id: string; type: string; data: string }[];

  it('intake.tenant: the branding of an enabled link; an unknown slug and a link that is off are the same NOT_FOUND', async () => {
    const tenant = await intakeTenant();
    await h.svc.db.query(`UPDATE tenants SET brand_color = '#0F766E', logo_url = 'https://cdn.example/logo.png' WHERE id = ?`, [tenant.id]);
    expect(await anonymous().intake.tenant.query({ slug: tenant.slug.toUpperCase() })).to.deep.equal({
      name: tenant.name, brandColor: '#0F766E', logoUrl: 'https://cdn.example/logo.png',
    });
    const off = await h.tenant();
    const answers = [
      await failure(anonymous().intake.tenant.query({ slug: off.slug })),
      await failure(anonymous().intake.tenant.query({ slug: `nobody-${randomBytes(4).toString('hex')}` })),
      await failure(anonymous().intake.tenant.query({ slug: 'not a slug!' })),
      await failure(anonymous().intake.start.mutate({ slug: off.slug, email: newEmail(off) })),
    ];
    for (const a of answers) {
      expect(a).to.deep.equal({
        message: 'This application link is not active. Check the address, or ask the company for its current link.',
        code: 'NOT_FOUND', httpStatus: 404, reason: 'not_found', details: undefined,
      });
    }
    await drain(off.id);
    expect(smtp.received.filter((m) => m.to.some((t) => t.endsWith(`${off.id.slice(0, 8)}@intake.example`))), 'a link that is off sends nothing').to.have.length(0);
  });

  it('application form: the code arrives by email after commit; a right code opens a CS- case (case.created source application_form, equal to /v1/events) and the portal session', async () => {
    const tenant = await intakeTenant();
    const token = await pullToken(h, tenant.id);
    const email = newEmail(tenant);
    expect(await anonymous().intake.start.mutate({ slug: tenant.slug, email })).to.deep.equal({ message: INTAKE_START_ANSWER, expiresInSeconds: 600 });
    expect(mailsTo(email), 'sent by the job, after commit').to.have.length(0);
    /** The tenant's code with the state of its email in the mail outbox. */
    const codeWithMail = (columns: string) => h.svc.db.query(
      `SELECT ${columns} FROM intake_codes k JOIN outgoing_mails o ON o.kind = ? AND o.reference = k.id WHERE k.org_id = ?`, [INTAKE_CODE_MAIL, tenant.id]);
    const [stored] = await codeWithMail('k.code_hash, k.code_sealed, o.state AS mail_state');
    await drain(tenant.id);
    const mails = mailsTo(email);
    expect(mails).to.have.length(1);
    expect(mails[0]).to.match(new RegExp(`^Subject: ${tenant.name}: your verification code`, 'm'));
    const code = codesSentTo(email)[0]!;
    expect(code).to.match(/^\d{6}$/);
    expect(stored.code_hash, 'a keyed hash').to.match(/^[0-9a-f]{64}$/);
    expect(stored.code_hash, 'not a plain hash of six digits (a table copy would give those back)').to.not.equal(createHash('sha256').update(code).digest('hex'));
    expect(stored.mail_state).to.equal('pending');
    expect((await codeWithMail('k.code_sealed, o.state AS mail_state'))[0]).to.deep.equal({ code_sealed: null, mail_state: 'sent' });

    const v = await verify(tenant, email, code);
    expect(v.status).to.equal(200);
    expect(v.setCookie).to.match(/^portal_session=[A-Za-z0-9_-]{43}; Max-Age=43200; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/);
    const cases = await casesOf(tenant);
    expect(cases).to.have.length(1);
    expect(cases[0]).to.deep.include({ source: 'application_form', customer_email: email, company_name: null, status: 'in_progress' });
    expect(cases[0]!.case_id).to.match(new RegExp(`^CS-${clock.now().getUTCFullYear()}-\\d{5}$`));
    expect(v.body.result!.data).to.deep.equal({ caseId: cases[0]!.case_id, resumed: false, source: 'application_form', next: `${h.url}/portal/app` });

    const customer = portalClient(h.url, v.sessionToken);
    expect(await customer.portal.whoami.query()).to.deep.equal({ caseId: cases[0]!.case_id, email });
    const session = await customer.portal.session.query();
    expect(session).to.deep.include({ customerEmail: email, editable: true });
    expect(session.case).to.deep.equal({ caseId: cases[0]!.case_id, companyName: null, status: 'in_progress' });
    expect(session.tenant.name).to.equal(tenant.name);
    await customer.application.save.mutate({ companyProfile: { companyName: 'Initech Ltd' } });
    expect((await customer.application.get.query()).companyProfile.companyName).to.equal('Initech Ltd');

    await drain(tenant.id);
    const events = await storedEvents(tenant);
    expect(events.map((e) => e.type)).to.deep.equal(['case.created']);
    const payload = JSON.parse(events[0]!.data) as Record<string, unknown>;
    expect(schemas.get('case.created')!(payload), JSON.stringify(schemas.get('case.created')!.errors)).to.equal(true);
    expect(payload).to.deep.include({
      event: 'case.created', orgId: tenant.id, caseId: cases[0]!.case_id, caseSequence: 1, crmRecordId: null,
      companyName: null, companyNumber: null, country: null, customerEmail: email, source: 'application_form',
    });
    expect(payload).to.not.have.property('createdBy');
    const items = (await feed(h, token)).filter((i) => i.data.caseId === cases[0]!.case_id);
    expect(items.map((i) => i.eventId)).to.deep.equal([events[0]!.event_id]);
    expect(items[0]!.data).to.deep.equal(payload);
  });

  it('document upload: start doc_upload opens the case with case.created source doc_upload', async () => {
    const tenant = await intakeTenant();
    const email = newEmail(tenant);
    const v = await verify(tenant, email, await codeFor(tenant, email), 'doc_upload');
    expect(v.status).to.equal(200);
    const [c] = await casesOf(tenant);
    expect(c).to.deep.include({ source: 'doc_upload', customer_email: email });
    expect(v.body.result!.data).to.deep.include({ caseId: c!.case_id, resumed: false, source: 'doc_upload' });
    const payload = JSON.parse((await storedEvents(tenant))[0]!.data) as Record<string, unknown>;
    expect(schemas.get('case.created')!(payload)).to.equal(true);
    expect(payload).to.deep.include({ event: 'case.created', caseId: c!.case_id, source: 'doc_upload', customerEmail: email });
    expect((await portalClient(h.url, v.sessionToken).portal.whoami.query()).caseId).to.equal(c!.case_id);
  });

  it('an open case for the email (POST /v1/cases, any letter case) is resumed: no second case, no event; a closed one is not', async () => {
    const tenant = await intakeTenant();
    const invited = await invitedCase(h.svc, tenant);
    const typed = invited.customerEmail.toUpperCase();
    const v = await verify(tenant, typed, await codeFor(tenant, typed), 'doc_upload');
    expect(v.status).to.equal(200);
    expect(v.body.result!.data).to.deep.equal({ caseId: invited.caseId, resumed: true, source: 'api', next: `${h.url}/portal/app` });
    expect((await casesOf(tenant)).map((c) => c.case_id)).to.deep.equal([invited.caseId]);
    expect((await storedEvents(tenant)).map((e) => e.type), 'only the API case\'s own case.created').to.deep.equal(['case.created']);
    expect(await portalClient(h.url, v.sessionToken).portal.whoami.query()).to.deep.equal({ caseId: invited.caseId, email: typed });

    await h.svc.db.query(`UPDATE cases SET status = 'approved' WHERE pk = ?`, [invited.pk]);
    const again = await verify(tenant, invited.customerEmail, await codeFor(tenant, invited.customerEmail));
    expect(again.body.result!.data).to.deep.include({ resumed: false, source: 'application_form' });
    const cases = await casesOf(tenant);
    expect(cases).to.have.length(2);
    expect(again.body.result!.data.caseId).to.equal(cases[1]!.case_id);

    // And the other way round: POST /v1/cases now finds the intake case open (the same guard).
    const res = await fetch(`${h.url}/v1/cases`, {
      method: 'POST', headers: { authorization: `Bearer ${await pullToken(h, tenant.id)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ customerEmail: invited.customerEmail, companyName: 'Second Try Ltd' }),
    });
    expect(res.status).to.equal(409);
    expect(((await res.json()) as { existing: { caseId: string } }).existing.caseId).to.equal(cases[1]!.case_id);
  });

  it('two verifies racing for one email (two codes, two tabs) open exactly one case; both sessions are bound to it', async () => {
    const tenant = await intakeTenant();
    const email = newEmail(tenant);
    const first = await codeFor(tenant, email);
    const second = await codeFor(tenant, email);
    const [a, b] = await Promise.all([verify(tenant, email, first), verify(tenant, email, second, 'doc_upload')]);
    expect([a.status, b.status]).to.deep.equal([200, 200]);
    const cases = await casesOf(tenant);
    expect(cases).to.have.length(1);
    expect([a.body.result!.data.caseId, b.body.result!.data.caseId]).to.deep.equal([cases[0]!.case_id, cases[0]!.case_id]);
    expect([a.body.result!.data.resumed, b.body.result!.data.resumed].sort()).to.deep.equal([false, true]);
    expect((await storedEvents(tenant)).map((e) => e.type)).to.deep.equal(['case.created']);
    for (const v of [a, b]) expect((await portalClient(h.url, v.sessionToken).portal.whoami.query()).caseId).to.equal(cases[0]!.case_id);
  });

  it('a wrong code says how many tries are left; five spend the code; a used or expired code says so; nothing opens', async () => {
    const tenant = await intakeTenant();
    const email = newEmail(tenant);
    const code = await codeFor(tenant, email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let left = 4; left >= 1; left--) {
      const v = await verify(tenant, email, wrong);
      expect(v.status).to.equal(400);
      expect(v.setCookie).to.equal(undefined);
      const message = `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`;
      expect(v.body.error!.message).to.equal(message);
      expect(v.body.error!.data).to.deep.include({ code: 'BAD_REQUEST', reason: 'validation_failed', codeState: 'wrong', triesLeft: left, details: [{ path: 'code', message }] });
    }
    const last = await verify(tenant, email, wrong);
    expect(last.body.error!.message).to.equal('That code is not right, and that was the last try. Ask for a new code.');
    expect(last.body.error!.data).to.deep.include({ codeState: 'wrong', triesLeft: 0 });
    const spent = await verify(tenant, email, code);
    expect(spent.status).to.equal(400);
    expect(spent.body.error!.message).to.equal('Too many wrong codes were typed: this code no longer works. Ask for a new one.');
    expect(spent.body.error!.data).to.deep.include({ codeState: 'spent', triesLeft: 0 });
    const none = await verify(tenant, email, wrong);
    expect(none.body.error!.message, 'no live code left').to.equal('That code is not right, and no code for this address works any more. Ask for a new one.');
    expect(none.body.error!.data).to.deep.include({ codeState: 'none', triesLeft: 0 });

    const fresh = await codeFor(tenant, email);
    expect((await verify(tenant, email, fresh)).status).to.equal(200);
    const reused = await verify(tenant, email, fresh);
    expect(reused.status).to.equal(400);
    expect(reused.body.error!.message).to.equal('This code has already been used. Ask for a new one.');
    expect(reused.body.error!.data).to.deep.include({ codeState: 'used' });

    const late = await codeFor(tenant, email);
    clock.advance(10 * MIN + 1000);
    const expired = await verify(tenant, email, late);
    expect(expired.body.error!.message).to.equal('This code has expired (codes work for 10 minutes). Ask for a new one.');
    expect(expired.body.error!.data).to.deep.include({ code: 'BAD_REQUEST', codeState: 'expired' });
    expect(await casesOf(tenant), 'only the one right code opened a case').to.have.length(1);

    const malformed = await failure(anonymous().intake.verify.mutate({ slug: tenant.slug, email, code: '12345', start: 'application_form' }));
    expect(malformed).to.deep.include({ code: 'BAD_REQUEST', details: [{ path: 'code', message: 'must be the 6-digit code from the email' }] });
    const badStart = await failure(anonymous().intake.verify.mutate({ slug: tenant.slug, email, code: '123456', start: 'manual' as never }));
    expect(badStart.details).to.deep.equal([{ path: 'start', message: 'must be one of application_form, doc_upload' }]);
  });

  it('20 refused codes in a tenant within one 10-minute window raise one audit entry (intake.code_failures_spiked), once per window', async () => {
    const tenant = await intakeTenant();
    const other = await intakeTenant();
    clock.advance(10 * MIN - (clock.now().getTime() % (10 * MIN))); // the start of a window
    const windowStart = clock.now();
    const emails = [newEmail(tenant), newEmail(tenant), newEmail(tenant)];
    const code = await codeFor(tenant, emails[0]!);
    const wrong = code === '000000' ? '111111' : '000000';
    const spikes = async (t: Tenant) => (await listAuditLog(h.svc, operatorActor(t.id), { limit: 50 })).data
      .filter((e) => e.action === 'intake.code_failures_spiked').map((e) => [e.actor, e.details]);
    const refuse = async (n: number) => {
      for (let i = 0; i < n; i++) expect((await verify(tenant, emails[i % 3]!, wrong)).status).to.equal(400);
    };
    await refuse(19);
    expect((await verify(other, newEmail(other), wrong)).status, 'another tenant\'s refusals do not count').to.equal(400);
    expect(await spikes(tenant)).to.deep.equal([]);
    await refuse(1);
    const entry = (start: Date) => ['system', {
      failures: 20, windowMinutes: 10, windowStart: start.toISOString(), windowEnd: new Date(start.getTime() + 10 * MIN).toISOString(),
    }];
    expect(await spikes(tenant)).to.deep.equal([entry(windowStart)]);
    await refuse(5);
    expect(await spikes(tenant), 'once per window').to.have.length(1);
    expect(await spikes(other)).to.deep.equal([]);

    clock.advance(10 * MIN);
    await refuse(20);
    expect(await spikes(tenant)).to.deep.equal([entry(new Date(windowStart.getTime() + 10 * MIN)), entry(windowStart)]);
  });

  it('a code is for its tenant and its email only', async () => {
    const tenant = await intakeTenant();
    const other = await intakeTenant();
    const email = newEmail(tenant);
    const code = await codeFor(tenant, email);
    expect((await verify(other, email, code)).body.error!.data).to.deep.include({ codeState: 'none' });
    expect((await verify(tenant, newEmail(tenant), code)).body.error!.data).to.deep.include({ codeState: 'none' });
    expect((await verify(tenant, email, code)).status).to.equal(200);
    expect(await casesOf(other)).to.have.length(0);
  });

  it('the code email: a refused delivery is retried within the code\'s life, a code that expired unsent is never sent, a lost job is swept', async () => {
    const tenant = await intakeTenant();
    const codeIdOf = async (email: string) =>
      Number((await h.svc.db.query('SELECT id FROM intake_codes WHERE org_id = ? AND email = ? ORDER BY id DESC LIMIT 1', [tenant.id, email]))[0].id);
    /** The outbox id of a code's email. */
    const mailOf = (codeId: number) => mailIdOf(h.svc, INTAKE_CODE_MAIL, codeId);
    const jobsOf = async (codeId: number) =>
      (await (await runtime()).queue.pool.query('SELECT id FROM graphile_worker.jobs WHERE key = $1', [sendMailJobKey(await mailOf(codeId))])).rows.map((r: { id: string }) => r.id);
    /** A code with the state of its email in the mail outbox. */
    const codeWithMail = async (codeId: number, columns: string) => (await h.svc.db.query(
      `SELECT ${columns} FROM intake_codes k JOIN outgoing_mails o ON o.kind = ? AND o.reference = k.id WHERE k.id = ?`, [INTAKE_CODE_MAIL, codeId]))[0];
    const loseJob = async (codeId: number) => {
      const utils = await makeWorkerUtils({ pgPool: (await runtime()).queue.pool, logger: graphileLogger(h.svc.log) });
      try {
        await utils.completeJobs(await jobsOf(codeId));
      } finally {
        await utils.release();
      }
    };

    const refused = newEmail(tenant);
    await anonymous().intake.start.mutate({ slug: tenant.slug, email: refused });
    const refusedId = await codeIdOf(refused);
    await loseJob(refusedId);
    smtp.refuseNext = 1;
    expect(await deliverMail(mailing, await mailOf(refusedId))).to.equal('retry');
    const row = await codeWithMail(refusedId, 'o.state AS mail_state, o.attempts AS mail_attempts, o.last_error, o.next_attempt_at, k.code_sealed');
    expect(row).to.deep.include({ mail_state: 'pending', mail_attempts: 1 });
    expect(row.last_error).to.match(/Mailbox temporarily unavailable/);
    expect(new Date(row.next_attempt_at).getTime()).to.equal(clock.now().getTime() + h.svc.config.mailRetryScheduleMs[0]!);
    expect(row.code_sealed, 'kept for the retry').to.be.a('string');
    expect(await deliverMail(mailing, await mailOf(refusedId))).to.equal('sent');
    expect(await deliverMail(mailing, await mailOf(refusedId)), 'a duplicate job does nothing').to.equal('skipped');
    expect(codesSentTo(refused)).to.have.length(1);
    expect((await verify(tenant, refused, codesSentTo(refused)[0]!)).status).to.equal(200);

    const late = newEmail(tenant);
    await anonymous().intake.start.mutate({ slug: tenant.slug, email: late });
    const lateId = await codeIdOf(late);
    await loseJob(lateId);
    clock.advance(10 * MIN);
    expect(await deliverMail(mailing, await mailOf(lateId))).to.equal('failed');
    expect(await codeWithMail(lateId, 'o.state AS mail_state, k.code_sealed')).to.deep.equal({ mail_state: 'failed', code_sealed: null });
    expect(mailsTo(late), 'an expired code is not worth sending').to.have.length(0);

    const lost = newEmail(tenant);
    await anonymous().intake.start.mutate({ slug: tenant.slug, email: lost });
    const lostId = await codeIdOf(lost);
    await loseJob(lostId);
    await sweepMail(h.svc);
    expect(await jobsOf(lostId), 'within its grace the sweep leaves it').to.deep.equal([]);
    const later: Services = { ...h.svc, clock: { now: () => new Date(clock.now().getTime() + MIN) } };
    await sweepMail(later);
    expect(await jobsOf(lostId), 'past its grace the sweep re-enqueues it').to.have.length(1);
    await drain(tenant.id);
    expect(codesSentTo(lost)).to.have.length(1);
  });

  /** intake.start as the browser sends it: status, Retry-After, body. */
  const rawStart = async (slug: string, email: string) => {
    const res = await fetch(`${h.url}/trpc/intake.start`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ slug, email }) });
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as { error?: { message: string; data: Record<string, unknown> } } };
  };

  it('limits codes to 5 an hour per email (429 with Retry-After), then lets them through again', async () => {
    const tenant = await intakeTenant();
    const email = newEmail(tenant);
    for (let i = 0; i < 5; i++) expect((await rawStart(tenant.slug, i % 2 ? email.toUpperCase() : email)).status).to.equal(200);
    const limited = await rawStart(tenant.slug, email);
    expect(limited.status).to.equal(429);
    expect(Number(limited.retryAfter)).to.be.within(1, 3600);
    expect(limited.body.error!.data).to.deep.include({ code: 'TOO_MANY_REQUESTS', reason: 'rate_limited', retryAfterSeconds: Number(limited.retryAfter) });
    expect(limited.body.error!.message).to.match(/^Too many attempts\. Try again in \d+ (minutes|seconds)\.$/);
    expect(Number((await h.svc.db.query('SELECT COUNT(*) AS n FROM intake_codes WHERE org_id = ?', [tenant.id]))[0].n), 'the refused one made no code').to.equal(5);
    expect((await rawStart(tenant.slug, newEmail(tenant))).status, 'another email still can').to.equal(200);
    clock.advance(HOUR);
    expect((await rawStart(tenant.slug, email)).status).to.equal(200);
  });

  it('limits a tenant to 300 codes an hour and an address to 20, whatever the email', async () => {
    const tenant = await intakeTenant();
    // The tenant has had 299 code requests this hour (from many addresses).
    const rule = { name: 'intake-start-tenant', limit: 300, windowMs: HOUR };
    await addHits(h.svc.db, `intake-start-tenant:${tenant.id}`, windowStartOf(rule, clock.now().getTime()), 299);
    expect((await rawStart(tenant.slug, newEmail(tenant))).status).to.equal(200);
    const limited = await rawStart(tenant.slug, newEmail(tenant));
    expect(limited.status).to.equal(429);
    expect(limited.retryAfter).to.match(/^\d+$/);
    expect((await rawStart((await intakeTenant()).slug, newEmail(tenant))).status, 'another tenant is not affected').to.equal(200);

    clock.advance(HOUR);
    const another = await intakeTenant();
    for (let i = 0; i < 20; i++) expect((await rawStart(another.slug, newEmail(another))).status, `request ${i + 1}`).to.equal(200);
    const byAddress = await rawStart(another.slug, newEmail(another));
    expect(byAddress.status).to.equal(429);
    expect(Number(byAddress.retryAfter)).to.be.within(1, 3600);
  });

  it('limits code checks to 20 an hour per email, and the page to 60 a minute per address', async () => {
    const tenant = await intakeTenant();
    const email = newEmail(tenant);
    for (let i = 0; i < 20; i++) expect((await verify(tenant, email, '000000')).status).to.equal(400);
    const limited = await verify(tenant, email, '000000');
    expect(limited.status).to.equal(429);
    expect(Number(limited.retryAfter)).to.be.within(1, 3600);
    expect(limited.body.error!.data).to.deep.include({ reason: 'rate_limited' });

    clock.advance(HOUR);
    const page = async () => fetch(`${h.url}/trpc/intake.tenant?input=${encodeURIComponent(JSON.stringify({ slug: tenant.slug }))}`);
    for (let i = 0; i < 60; i++) expect((await page()).status).to.equal(200);
    const refused = await page();
    expect(refused.status).to.equal(429);
    expect(Number(refused.headers.get('retry-after'))).to.be.within(1, 60);
    const apply = await fetch(`${h.url}/apply/${tenant.slug}`, { redirect: 'manual' });
    expect(apply.status, '/apply/<slug> counts against the same limit').to.equal(429);
    expect(Number(apply.headers.get('retry-after'))).to.be.within(1, 60);
  });
});
