import { expect } from 'chai';
import { type Services } from '../../src/platform/index';
import { sendDueReminder } from '../../src/outreach/index';
import { caseEventsInFeed, feedToken, setStatus } from '../graphql/case-support';
import { ConsoleHarness, type ConsoleClient, type TestMember } from '../graphql/harness';
import { multipart, tinyPdf } from '../portal/documents-support';
import { portalClient, redeem, signedInCustomer } from '../portal/support';
import { TestClock } from '../support/clock';
import { decodeQp, smtpMailer, startSmtp, type TestSmtp } from '../support/smtp';
import { drainJobs, runtime } from '../support/runtime';
import { own } from '../support/event-payloads';

const DAY = 24 * 3600 * 1000;
const SET = `mutation($caseId: ID!, $reqKey: String!, $status: EddStatus!, $note: String, $label: String) {
  setEddRequirement(caseId: $caseId, reqKey: $reqKey, status: $status, note: $note, label: $label) { requirements { reqKey status } } }`;
const REQUEST = `mutation($caseId: ID!, $items: [String!]!) { requestEddEvidence(caseId: $caseId, items: $items) { emailId kind recipientEmail subject items { key label } } }`;
const OUTREACH = `mutation($caseId: ID!, $kind: String!, $items: [OutreachItemInput!]!) {
  sendOutreach(caseId: $caseId, kind: $kind, items: $items) { emailId kind recipientEmail subject items { key label } } }`;
const CASE = `query($caseId: String!) { case(caseId: $caseId) {
  edd { requirements { reqKey label source status note requestedAt updatedBy } history { reqKey status previousStatus updatedBy } }
  requests { items { ref status } reminders { remindersSent nextDueAt stoppedReason unsubscribed } }
  customerEmails { kind subject state items { key label } } } }`;
const SCHEDULE = `mutation($input: ReminderScheduleInput!) { setReminderSchedule(input: $input) { enabled firstAfterDays everyDays maxReminders updatedBy } }`;

describe('EDD and outreach: request emails, the portal upload against an item, reminders on the tenant\'s schedule', function () {
  this.timeout(120_000);
  let h: ConsoleHarness;
  let smtp: TestSmtp;
  let svc: Services;
  const clock = new TestClock();

  before(async () => {
    smtp = await startSmtp();
    h = await ConsoleHarness.start({ clock });
    const mailer = smtpMailer(smtp, 'onboarding@svc.example');
    svc = { ...h.svc, mailer };
  });
  after(async () => {
    await h.close();
    await smtp.close();
  });

  /** Runs the tenant's queued jobs (the customer email sends) with the SMTP mailer. */
  const drain = async (orgId: string) => {
    const rt = await runtime();
    await drainJobs(rt, { orgId, svc });
  };
  /** The messages to `email`, decoded, with their folded header lines unfolded (RFC 5322 2.2.3). */
  /** Each message to an address: its header unfolded, its body quoted-printable decoded (never the header: `token=12…` is no escape). */
  const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email)).map((m) => {
    const end = m.raw.search(/\r?\n\r?\n/);
    return m.raw.slice(0, end).replace(/\r?\n[ \t]+/g, ' ') + decodeQp(m.raw.slice(end));
  });

  /** A tenant with branding, an analyst, and a signed-in customer's case. */
  async function setUp(): Promise<{ analyst: ConsoleClient & { member: TestMember }; caseId: string; pk: number; email: string; session: string }> {
    const tenant = await h.tenant('Northwind Compliance');
    await h.svc.db.query(`UPDATE tenants SET brand_color = '#0F766E' WHERE id = ?`, [tenant.id]);
    const analyst = await h.signedIn('analyst', tenant);
    const customer = await signedInCustomer(h, tenant, { customerName: 'Grace Hopper' });
    return { analyst, caseId: customer.case.caseId, pk: customer.case.pk, email: customer.case.customerEmail, session: customer.sessionToken };
  }

  const uploadAgainst = async (session: string, item: string) => {
    const res = await fetch(`${h.url}/portal/api/documents?item=${encodeURIComponent(item)}`, {
      method: 'POST', body: multipart([{ filename: 'evidence.pdf', bytes: tinyPdf('Bank statement') }]),
      headers: { 'content-type': 'multipart/form-data; boundary=----svc-test-boundary-7MA4YWxkTrZu0gW', origin: h.url, cookie: `portal_session=${session}` },
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('requestEddEvidence: the branded email with its items and a sign-in link, edd.requested and outreach.email.sent once sent; the upload against an item marks it received', async () => {
    const { analyst, caseId, email, pk } = await setUp();
    await analyst.data(SET, { caseId, reqKey: 'source_of_funds', status: 'outstanding', label: 'Source of funds' });
    await analyst.data(SET, { caseId, reqKey: 'source_of_wealth', status: 'outstanding', label: 'Source of wealth' });
    await analyst.data(SET, { caseId, reqKey: 'board_minutes', status: 'waived', label: 'Board minutes' });

    // Only outstanding requirements of the case may be requested.
    const bad = await analyst.error(REQUEST, { caseId, items: ['source_of_funds', 'board_minutes', 'nope'] });
    expect(bad.code).to.equal('BAD_USER_INPUT');
    expect((bad.extensions.details as { path: string }[]).map((d) => d.path)).to.deep.equal(['items.1', 'items.2']);

    const items = [{ key: 'source_of_funds', label: 'Source of funds' }, { key: 'source_of_wealth', label: 'Source of wealth' }];
    const { requestEddEvidence: sent } = await analyst.data<{ requestEddEvidence: Record<string, unknown> }>(REQUEST, { caseId, items: ['source_of_funds', 'source_of_wealth'] });
    const subject = `Additional information needed for ${(await h.svc.db.query('SELECT company_name FROM cases WHERE pk = ?', [pk]))[0].company_name}`;
    expect(sent).to.deep.equal({ emailId: sent.emailId, kind: 'edd_request', recipientEmail: email, subject, items });
    const token = await feedToken(h, analyst.member.tenant);
    const recorded = async () => (await h.svc.db.query('SELECT type FROM events WHERE org_id = ? AND case_pk = ?', [analyst.member.tenant.id, pk])).map((r: { type: string }) => r.type);
    expect(await recorded(), 'nothing before the mail system has it').to.not.include('edd.requested');

    await drain(analyst.member.tenant.id);
    const mails = mailsTo(email);
    expect(mails).to.have.length(1);
    const mail = mails[0]!;
    expect(mail).to.match(new RegExp(`^Subject: ${subject}`, 'm'));
    expect(mail).to.match(/^From: "?Northwind Compliance"? <onboarding@svc\.example>/m);
    expect(mail).to.include('Content-Type: text/plain').and.include('Content-Type: text/html').and.include('#0F766E');
    expect(mail).to.include('Hello Grace Hopper,').and.include('- Source of funds').and.include('- Source of wealth').and.not.include('Board minutes');
    expect(mail).to.not.match(/^List-Unsubscribe/m);
    const link = /(http:\/\/127\.0\.0\.1:\d+\/portal\/invite\?token=[A-Za-z0-9_-]{43})/.exec(mail)![1]!;

    const events = (await caseEventsInFeed(h, analyst.member.tenant, caseId, token)).filter((e) => e.type === 'edd.requested' || e.type === 'outreach.email.sent');
    const [{ sent_at: sentAt }] = await h.svc.db.query(
      `SELECT o.accepted_at AS sent_at FROM customer_emails e JOIN outgoing_mails o ON o.kind = 'customer_email' AND o.reference = e.id WHERE e.id = ?`, [sent.emailId]);
    expect(events.map((e) => [e.type, own(e.payload)])).to.deep.equal([
      ['edd.requested', { recipientEmail: email, itemCount: 2, items, sentBy: analyst.member.email, sentAt: new Date(sentAt).toISOString() }],
      ['outreach.email.sent', { kind: 'edd_request', recipientEmail: email, subject, itemCount: 2, items, sentBy: analyst.member.email }],
    ]);

    // The link lands on a page that signs the customer in, to the requested items.
    const landing = await fetch(link);
    expect(landing.status).to.equal(200);
    expect(await landing.text()).to.include('Upload the requested items');
    const signedIn = await redeem(h.url, new URL(link).searchParams.get('token')!);
    expect(signedIn.status).to.equal(200);
    expect(signedIn.html).to.match(/href="http:\/\/127\.0\.0\.1:\d+\/portal\/app\/evidence#link=/);
    expect((await redeem(h.url, new URL(link).searchParams.get('token')!)).status, 'single use').to.equal(410);
    const portal = portalClient(h.url, signedIn.sessionToken!);
    const listed = await portal.requests.list.query();
    expect(listed).to.deep.include({ open: true });
    expect(listed.items.map((i) => [i.ref, i.label, i.status])).to.deep.equal([
      ['edd:source_of_funds', 'Source of funds', 'outstanding'], ['edd:source_of_wealth', 'Source of wealth', 'outstanding'],
    ]);

    const up = await uploadAgainst(signedIn.sessionToken!, 'edd:source_of_funds');
    expect(up.status, JSON.stringify(up.body)).to.equal(201);
    const again = await uploadAgainst(signedIn.sessionToken!, 'edd:source_of_funds');
    expect(again.status).to.equal(409);
    expect(again.body.error).to.equal('conflict');
    const unknown = await uploadAgainst(signedIn.sessionToken!, 'edd:board_minutes');
    expect([unknown.status, unknown.body.error]).to.deep.equal([400, 'validation_failed']);

    await drain(analyst.member.tenant.id); // the relay: the new events reach the feed
    const after = await caseEventsInFeed(h, analyst.member.tenant, caseId, token);
    const changed = after.filter((e) => e.type === 'edd.requirements.changed').at(-1)!;
    expect(own(changed.payload)).to.deep.equal({
      reqKey: 'source_of_funds', label: 'Source of funds', status: 'received', previousStatus: 'outstanding', note: '', updatedBy: 'customer',
    });
    expect(after.filter((e) => e.type === 'document.uploaded')).to.have.length(1);
    const { case: view } = await analyst.data<{ case: { edd: { requirements: { reqKey: string; status: string; requestedAt: string | null }[] }; requests: { items: { ref: string; status: string }[] }; customerEmails: { kind: string; state: string }[] } }>(CASE, { caseId });
    expect(view.edd.requirements.map((r) => [r.reqKey, r.status, r.requestedAt !== null])).to.deep.equal([
      ['source_of_funds', 'received', true], ['source_of_wealth', 'outstanding', true], ['board_minutes', 'waived', false],
    ]);
    expect(view.requests.items).to.deep.equal([{ ref: 'edd:source_of_funds', status: 'received' }, { ref: 'edd:source_of_wealth', status: 'outstanding' }]);
    expect(view.customerEmails.map((m) => [m.kind, m.state])).to.deep.equal([['edd_request', 'sent']]);
  });

  it('sendOutreach: a document request email and outreach.email.sent; bad kinds and items are refused with paths; a closed case gets none', async () => {
    const { analyst, caseId, email, pk } = await setUp();
    const bad = await analyst.error(OUTREACH, { caseId, kind: 'newsletter', items: [{ key: 'Bad Key', label: ' ' }] });
    expect(bad.code).to.equal('BAD_USER_INPUT');
    expect((bad.extensions.details as { path: string }[]).map((d) => d.path)).to.deep.equal(['kind', 'items.0.key', 'items.0.label']);

    const items = [{ key: 'bank_statement', label: 'Bank statement (last 3 months)' }];
    const { sendOutreach: sent } = await analyst.data<{ sendOutreach: { subject: string } }>(OUTREACH, { caseId, kind: 'document_request', items });
    await drain(analyst.member.tenant.id);
    const mail = mailsTo(email).at(-1)!;
    expect(mail).to.match(new RegExp(`^Subject: ${sent.subject.replace(/[()]/g, '\\$&')}`, 'm'));
    expect(sent.subject).to.match(/^Documents requested for /);
    expect(mail).to.include('- Bank statement (last 3 months)').and.include('Content-Type: text/plain');
    const token = await feedToken(h, analyst.member.tenant);
    const events = (await caseEventsInFeed(h, analyst.member.tenant, caseId, token)).filter((e) => e.type === 'outreach.email.sent');
    expect(events.map((e) => own(e.payload))).to.deep.equal([
      { kind: 'document_request', recipientEmail: email, subject: sent.subject, itemCount: 1, items, sentBy: analyst.member.email },
    ]);

    await setStatus(h.svc, pk, 'declined');
    const closed = await analyst.error(OUTREACH, { caseId, kind: 'document_request', items });
    expect(closed.code).to.equal('CONFLICT');
  });

  it('reminders: on the tenant\'s schedule by the clock, never twice for a slot, with List-Unsubscribe; stop at the limit', async () => {
    const { analyst, caseId, email, pk } = await setUp();
    const tenant = analyst.member.tenant;
    const admin = await h.signedIn('compliance_admin', tenant);
    expect((await analyst.error(SCHEDULE, { input: { enabled: true, firstAfterDays: 2, everyDays: 3, maxReminders: 2 } })).code).to.equal('FORBIDDEN');
    const invalid = await admin.error(SCHEDULE, { input: { enabled: true, firstAfterDays: 0, everyDays: 91, maxReminders: 11 } });
    expect((invalid.extensions.details as { path: string }[]).map((d) => d.path)).to.deep.equal(['firstAfterDays', 'everyDays', 'maxReminders']);
    expect((await admin.data<{ setReminderSchedule: unknown }>(SCHEDULE, { input: { enabled: true, firstAfterDays: 2, everyDays: 3, maxReminders: 2 } })).setReminderSchedule)
      .to.deep.equal({ enabled: true, firstAfterDays: 2, everyDays: 3, maxReminders: 2, updatedBy: admin.member.email });

    const t0 = clock.now().getTime();
    const items = [{ key: 'certificate', label: 'Certificate of incorporation' }];
    await analyst.data(OUTREACH, { caseId, kind: 'document_request', items });
    await drain(tenant.id);
    const ref = { orgId: tenant.id, casePk: pk };
    const reminders = () => mailsTo(email).filter((m) => /^Subject: Reminder: /m.test(m));

    // The job is scheduled (graphile run_at) for the first due time.
    const rt = await runtime();
    const { rows: [job] } = await rt.queue.pool.query('SELECT run_at FROM graphile_worker.jobs WHERE key = $1', [`outreach.reminder:${tenant.id}:${pk}`]);
    expect(new Date(job.run_at).getTime()).to.equal(t0 + 2 * DAY);

    clock.advance(2 * DAY - 60_000);
    expect(await sendDueReminder(svc, ref)).to.equal('not_due');
    clock.advance(60_000);
    expect(await sendDueReminder(svc, ref)).to.equal('sent');
    expect(await sendDueReminder(svc, ref), 'a duplicate job for the same slot').to.equal('not_due');
    await drain(tenant.id);
    expect(reminders()).to.have.length(1);
    const reminder = reminders()[0]!;
    expect(reminder).to.include('- Certificate of incorporation');
    const unsubscribe = /^List-Unsubscribe: <(http:\/\/127\.0\.0\.1:\d+\/portal\/unsubscribe\?token=[0-9]+\.[A-Za-z0-9_-]{43})>/m.exec(reminder);
    expect(unsubscribe, 'List-Unsubscribe').to.not.equal(null);
    expect(reminder).to.match(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);

    clock.advance(3 * DAY);
    expect(await sendDueReminder(svc, ref)).to.equal('sent');
    clock.advance(3 * DAY);
    expect(await sendDueReminder(svc, ref), 'maxReminders reached: none scheduled').to.equal('none');
    await drain(tenant.id);
    expect(reminders()).to.have.length(2);

    const token = await feedToken(h, tenant);
    const sentEvents = (await caseEventsInFeed(h, tenant, caseId, token)).filter((e) => e.type === 'outreach.email.sent').map((e) => own(e.payload));
    const subject = /^Subject: (.*)$/m.exec(reminder)![1]!.trim();
    expect(sentEvents.slice(1)).to.deep.equal([1, 2].map(() => ({ kind: 'reminder', recipientEmail: email, subject, itemCount: 1, items, sentBy: 'system' })));
    // Days have passed on the clock: the analyst signs in again.
    const { case: view } = await (await h.signedInAs(analyst.member)).data<{ case: { requests: { reminders: unknown } } }>(CASE, { caseId });
    expect(view.requests.reminders).to.deep.equal({ remindersSent: 2, nextDueAt: null, stoppedReason: null, unsubscribed: false });
  });

  it('a reminder slot is queued once: a failure half-way leaves nothing and the slot free, two jobs at once queue one email', async () => {
    const { analyst, caseId, pk } = await setUp();
    await analyst.data(OUTREACH, { caseId, kind: 'document_request', items: [{ key: 'certificate', label: 'Certificate of incorporation' }] });
    const ref = { orgId: analyst.member.tenant.id, casePk: pk };
    const reminderRows = async () => (await h.svc.db.query(
      `SELECT COUNT(*) AS n FROM customer_emails WHERE org_id = ? AND case_pk = ? AND kind = 'reminder'`, [ref.orgId, pk],
    ))[0].n;
    clock.advance(3 * DAY);
    // The transaction fails after the email row is written, as if the worker died in the middle of it.
    const trigger = `fail_reminder_${pk}`;
    await h.svc.db.query(
      `CREATE TRIGGER ${trigger} BEFORE UPDATE ON outreach_reminders FOR EACH ROW BEGIN
         IF NEW.case_pk = ${pk} AND NEW.sent_count > OLD.sent_count THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'injected'; END IF;
       END`,
    );
    try {
      let failed: unknown = null;
      await sendDueReminder(svc, ref).catch((err: unknown) => {
        failed = err;
      });
      expect(String(failed)).to.include('injected');
      expect(Number(await reminderRows()), 'nothing of the failed attempt is left').to.equal(0);
    } finally {
      await h.svc.db.query(`DROP TRIGGER ${trigger}`);
    }
    const outcomes = await Promise.all([sendDueReminder(svc, ref), sendDueReminder(svc, ref)]);
    expect(outcomes.sort()).to.deep.equal(['not_due', 'sent']);
    expect(Number(await reminderRows())).to.equal(1);
  });

  it('reminders stop when every item has arrived, when the case closes, when the recipient unsubscribes (RFC 8058 one-click), or when off', async () => {
    const advanceToDue = () => clock.advance(3 * DAY);
    const items = [{ key: 'certificate', label: 'Certificate of incorporation' }];

    // Every item arrived: the EDD item received by an analyst, the document uploaded by the customer.
    const arrived = await setUp();
    await arrived.analyst.data(SET, { caseId: arrived.caseId, reqKey: 'source_of_funds', status: 'outstanding', label: 'Source of funds' });
    await arrived.analyst.data(REQUEST, { caseId: arrived.caseId, items: ['source_of_funds'] });
    await arrived.analyst.data(OUTREACH, { caseId: arrived.caseId, kind: 'document_request', items });
    await arrived.analyst.data(SET, { caseId: arrived.caseId, reqKey: 'source_of_funds', status: 'received', note: 'Seen at the meeting' });
    expect((await uploadAgainst(arrived.session, 'document:certificate')).status).to.equal(201);
    advanceToDue();
    const arrivedRef = { orgId: arrived.analyst.member.tenant.id, casePk: arrived.pk };
    expect(await sendDueReminder(svc, arrivedRef)).to.equal('stopped_received');
    expect(await sendDueReminder(svc, arrivedRef)).to.equal('none');

    // The case closed.
    const closed = await setUp();
    await closed.analyst.data(OUTREACH, { caseId: closed.caseId, kind: 'document_request', items });
    await setStatus(h.svc, closed.pk, 'approved');
    advanceToDue();
    expect(await sendDueReminder(svc, { orgId: closed.analyst.member.tenant.id, casePk: closed.pk })).to.equal('stopped_closed');

    // Unsubscribed from the first reminder's List-Unsubscribe, as a mail program does.
    const unsub = await setUp();
    const ref = { orgId: unsub.analyst.member.tenant.id, casePk: unsub.pk };
    await unsub.analyst.data(OUTREACH, { caseId: unsub.caseId, kind: 'document_request', items });
    advanceToDue();
    expect(await sendDueReminder(svc, ref)).to.equal('sent');
    await drain(ref.orgId);
    const reminder = mailsTo(unsub.email).find((m) => /^Subject: Reminder: /m.test(m))!;
    const url = /^List-Unsubscribe: <([^>]+)>/m.exec(reminder)![1]!;
    const page = await fetch(url);
    expect(page.status, 'opening the link changes nothing').to.equal(200);
    const forged = await fetch(url.replace(/.{4}$/, 'AAAA'), { method: 'POST', body: new URLSearchParams({ 'List-Unsubscribe': 'One-Click' }) });
    expect(forged.status).to.equal(404);
    const analyst = await h.signedInAs(unsub.analyst.member); // days have passed on the clock: signed in again
    const { case: before } = await analyst.data<{ case: { requests: { reminders: { unsubscribed: boolean } } } }>(CASE, { caseId: unsub.caseId });
    expect(before.requests.reminders.unsubscribed).to.equal(false);
    const oneClick = await fetch(url, { method: 'POST', body: new URLSearchParams({ 'List-Unsubscribe': 'One-Click' }) });
    expect(oneClick.status).to.equal(200);
    expect(await oneClick.text()).to.include('You are unsubscribed');
    expect((await fetch(url, { method: 'POST', body: new URLSearchParams({ 'List-Unsubscribe': 'One-Click' }) })).status, 'again').to.equal(200);
    advanceToDue();
    advanceToDue();
    expect(await sendDueReminder(svc, ref)).to.equal('none');
    const { case: after } = await (await h.signedInAs(unsub.analyst.member)).data<{ case: { requests: { reminders: unknown } } }>(CASE, { caseId: unsub.caseId });
    expect(after.requests.reminders).to.deep.equal({ remindersSent: 1, nextDueAt: null, stoppedReason: 'unsubscribed', unsubscribed: true });
    // A later request keeps the unsubscribe for the same recipient (the request itself still goes out).
    await (await h.signedInAs(unsub.analyst.member)).data(OUTREACH, { caseId: unsub.caseId, kind: 'document_request', items: [{ key: 'vat', label: 'VAT certificate' }] });
    advanceToDue();
    expect(await sendDueReminder(svc, ref)).to.equal('none');

    // Reminders off: a request schedules none.
    const off = await setUp();
    const admin = await h.signedIn('compliance_admin', off.analyst.member.tenant);
    await admin.data(SCHEDULE, { input: { enabled: false, firstAfterDays: 3, everyDays: 7, maxReminders: 3 } });
    await off.analyst.data(OUTREACH, { caseId: off.caseId, kind: 'document_request', items });
    advanceToDue();
    expect(await sendDueReminder(svc, { orgId: off.analyst.member.tenant.id, casePk: off.pk })).to.equal('none');
  });
});
