import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { runOnce } from 'graphile-worker';
import { inTransaction } from '../../src/db/index';
import { SEND_MAIL_TASK } from '../../src/mail/index';
import { CUSTOMER_EMAIL_MAIL, listCaseCustomerEmails, queueCustomerEmail, SENT_AT } from '../../src/customer-emails/index';
import { type Services } from '../../src/platform/index';
import { memberActor } from '../../src/access/index';
import { RELAY_TASK } from '../../src/events/index';
import { graphileLogger } from '../../worker/job-queue';
import { createTaskList } from '../../worker/tasks/index';
import { mailIdOf } from '../support/mail-outbox';
import { runtime } from '../support/runtime';
import { compileEventSchemas } from '../events/support';
import { RestHarness, uniqueEmail } from '../rest/harness';
import { decodeQp, smtpMailer, startSmtp, type TestSmtp } from '../support/smtp';

describe('the customer email outbox: queued with the work, sent by the worker, its events recorded once sent', () => {
  let api: RestHarness;
  let smtp: TestSmtp;
  let svc: Services;
  const schemas = compileEventSchemas();

  before(async () => {
    smtp = await startSmtp();
    api = await RestHarness.start({ mailRetryScheduleMs: [60_000] });
    const mailer = smtpMailer(smtp, 'onboarding@svc.example');
    svc = { ...api.svc, mailer };
  });
  after(async () => {
    await api.close();
    await smtp.close();
  });

  /** Runs the send-mail task (what the worker runs for its job) on one customer email, with this test's SMTP mailer. */
  const send = async (emailId: number) => {
    await createTaskList(svc)[SEND_MAIL_TASK]!({ mailId: await mailIdOf(api.svc, CUSTOMER_EMAIL_MAIL, emailId) }, {} as never);
    // The relay hands the committed events to the feed; only its jobs run (other tests' jobs stay queued).
    const rt = await runtime();
    const tasks = createTaskList(svc);
    await runOnce({ pgPool: rt.queue.pool, taskList: { [RELAY_TASK]: tasks[RELAY_TASK]! }, logger: graphileLogger(svc.log) });
  };

  async function setUp() {
    const { tenant, token } = await api.tenant();
    await api.svc.db.query(`UPDATE tenants SET name = 'Northwind Compliance', brand_color = '#0F766E' WHERE id = ?`, [tenant.id]);
    const customerEmail = uniqueEmail('customer');
    const res = await api.post('/v1/cases', token, { customerEmail, companyName: 'Globex Trading', sendInvite: false });
    expect(res.status, res.text).to.equal(201);
    const caseId = (res.body as { caseId: string }).caseId;
    const [row]: { pk: number }[] = await api.svc.db.query('SELECT pk FROM cases WHERE case_id = ?', [caseId]);
    return { tenant, token, caseId, casePk: Number(row!.pk), customerEmail };
  }

  /** A customer email's row with the state of its email in the mail outbox (`o.`) as columns. */
  const emailWithMail = async (emailId: number, columns: string) => (await api.svc.db.query(
    `SELECT ${columns} FROM customer_emails e JOIN outgoing_mails o ON o.kind = ? AND o.reference = e.id WHERE e.id = ?`, [CUSTOMER_EMAIL_MAIL, emailId]));

  const items = [{ key: 'source_of_funds', label: 'Source of funds' }, { key: 'ownership_structure', label: 'Ownership structure chart' }];

  it('sends the branded email with its items, link and List-Unsubscribe, then records its events in order with the send time', async () => {
    const { tenant, token, caseId, casePk, customerEmail } = await setUp();
    const secretLink = 'https://app.example/portal/edd?token=sEcReTtOkEn0123456789abcdef';
    const { emailId } = await inTransaction(api.svc, (tx) => queueCustomerEmail(tx, {
      orgId: tenant.id, casePk, kind: 'edd_request', recipientEmail: customerEmail, recipientName: 'Grace Hopper',
      subject: 'Northwind Compliance: documents we need for Globex Trading',
      paragraphs: ['We need a few more documents to finish your review.'],
      items, action: { label: 'Upload documents', url: secretLink }, unsubscribeUrl: `https://app.example/portal/unsubscribe?token=${'u'.repeat(90)}`,
      events: [
        { type: 'edd.requested', fields: { recipientEmail: customerEmail, itemCount: 2, items, sentBy: 'analyst@northwind.example', sentAt: SENT_AT } },
        { type: 'outreach.email.sent', fields: { kind: 'edd_request', recipientEmail: customerEmail, subject: 'Northwind Compliance: documents we need for Globex Trading', itemCount: 2, items, sentBy: 'analyst@northwind.example' } },
      ],
    }));
    const [queued] = await emailWithMail(emailId, 'o.state, e.action_sealed');
    expect(queued.state).to.equal('pending');
    expect(String(queued.action_sealed)).to.not.include('sEcReTtOkEn');
    const before = await api.get(`/v1/events?limit=200`, token);
    expect((before.body.data as { eventType: string }[]).filter((e) => e.eventType === 'edd.requested')).to.have.length(0);

    await send(emailId);
    const mails = smtp.received.filter((m) => m.to.includes(customerEmail));
    expect(mails).to.have.length(1);
    const mail = decodeQp(mails[0]!.raw);
    expect(mail).to.match(/^Subject: Northwind Compliance: documents we need for Globex Trading/m);
    // A long URL stays on one line: a folded header would break it in the middle.
    expect(mail).to.match(/^List-Unsubscribe: <https:\/\/app\.example\/portal\/unsubscribe\?token=u{90}>\r?$/m);
    expect(mail).to.match(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect(mail).to.include('Content-Type: text/plain');
    expect(mail).to.include('#0F766E');
    expect(mail).to.include('- Source of funds');
    expect(mail).to.include('Hello Grace Hopper,');
    expect(mail).to.include(secretLink);
    const [sent] = await emailWithMail(emailId, 'o.state, e.action_sealed, o.accepted_at AS sent_at');
    expect(sent.state).to.equal('sent');
    expect(sent.action_sealed, 'the sealed link is erased once sent').to.equal(null);

    const feed = await api.get(`/v1/events?limit=200`, token);
    const mine = (feed.body.data as { eventType: string; data: Record<string, unknown> }[]).filter((e) => e.data.caseId === caseId && e.eventType !== 'case.created');
    expect(mine.map((e) => e.eventType)).to.deep.equal(['edd.requested', 'outreach.email.sent']);
    for (const e of mine) expect(schemas.get(e.eventType)!(e.data), JSON.stringify(schemas.get(e.eventType)!.errors)).to.equal(true);
    expect(mine[0]!.data.sentAt).to.equal(new Date(sent.sent_at).toISOString());

    // A second job for the same email (a duplicate or a sweep) sends nothing and records nothing.
    await send(emailId);
    expect(smtp.received.filter((m) => m.to.includes(customerEmail))).to.have.length(1);
    const again = await api.get(`/v1/events?limit=200`, token);
    expect((again.body.data as { data: Record<string, unknown> }[]).filter((e) => e.data.caseId === caseId)).to.have.length(3);

    const analyst = memberActor({ orgId: tenant.id, id: randomUUID(), email: 'analyst@northwind.example', role: 'analyst' });
    const listed = await listCaseCustomerEmails(api.svc, analyst, caseId);
    expect(listed).to.have.length(1);
    expect(listed[0]).to.deep.include({ kind: 'edd_request', recipientEmail: customerEmail, state: 'sent', attempts: 1, items });
    expect(JSON.stringify(listed)).to.not.include('sEcReTtOkEn');
  });

  it('records nothing while the mail server refuses, keeps the error on the row, and fails after the schedule', async () => {
    const { tenant, token, caseId, casePk, customerEmail } = await setUp();
    const { emailId } = await inTransaction(api.svc, (tx) => queueCustomerEmail(tx, {
      orgId: tenant.id, casePk, kind: 'document_request', recipientEmail: customerEmail, recipientName: null,
      subject: 'Documents needed', paragraphs: ['Please upload your certificate of incorporation.'],
      items: [{ key: 'certificate', label: 'Certificate of incorporation' }],
      events: [{ type: 'outreach.email.sent', fields: { kind: 'document_request', recipientEmail: customerEmail, subject: 'Documents needed', itemCount: 1, items: [{ key: 'certificate', label: 'Certificate of incorporation' }], sentBy: 'system' } }],
    }));
    smtp.refuseNext = 2;
    await send(emailId);
    const [first] = await emailWithMail(emailId, 'o.state, o.attempts, o.last_error, o.next_attempt_at');
    expect(first).to.deep.include({ state: 'pending', attempts: 1 });
    expect(first.last_error).to.match(/rejected the recipient|451/);
    await api.svc.db.query('UPDATE outgoing_mails SET next_attempt_at = NOW(3) WHERE kind = ? AND reference = ?', [CUSTOMER_EMAIL_MAIL, emailId]);
    await send(emailId);
    const [last] = await emailWithMail(emailId, 'o.state, o.attempts');
    expect(last).to.deep.include({ state: 'failed', attempts: 2 });
    const feed = await api.get(`/v1/events?limit=200`, token);
    expect((feed.body.data as { eventType: string; data: Record<string, unknown> }[]).filter((e) => e.data.caseId === caseId && e.eventType === 'outreach.email.sent')).to.have.length(0);
  });
});
