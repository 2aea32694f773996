import { randomInt, randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { memberActor, operatorActor } from '../../src/access/index';
import { inTransaction } from '../../src/db/index';
import {
  deliverMail, MAIL_LEASE_MS, MAIL_SWEEP_GRACE_MS, queueMail, SEND_MAIL_TASK, sendMailJobKey, sweepMail, type MailKind, type MailReceipt,
} from '../../src/mail/index';
import { createApiClient, REMOVED_MEMBER_CREDENTIALS_MAIL } from '../../src/oauth/index';
import { createLogger, type EnqueueOptions, type JobQueue, type Services } from '../../src/platform/index';
import { createMember, type Tenant } from '../../src/tenants/index';
import { removeMember } from '../../src/members/index';
import { createTaskList } from '../../worker/tasks/index';
import type { Runtime } from '../../bin/compose';
import { TestClock } from '../support/clock';
import { decodeQp, smtpMailer, startSmtp, type TestSmtp } from '../support/smtp';
import { discardFinishedTenantsMail, newTenant, runtime } from '../support/runtime';

const NOTE = 'test_note';
const PASSWORD = 'correct horse battery staple 42';

/**
 * The mail outbox (src/mail) on its own: one send task and one sweep for every kind of email, driven here
 * with a kind of the test's own (a note whose reference is a number) and with the removed-member
 * credentials email, sent through the in-process SMTP server.
 */
describe('the mail outbox: retries with backoff, leases, the sweep, onAccepted once', () => {
  let rt: Runtime;
  let smtp: TestSmtp;
  let tenant: Tenant;
  let svc: Services;
  let clock: TestClock;
  /** The jobs the outbox asked for (the queue of this test's services records them instead of running them). */
  let enqueued: { task: string; payload: Record<string, string | number>; options?: EnqueueOptions }[];
  /** What the note kind's hooks saw: the references of notes accepted and given up. */
  const accepted: number[] = [];
  const gaveUp: number[] = [];

  const noteKind: MailKind = {
    kind: NOTE,
    async render(_svc, mail) {
      return { to: `note-${mail.reference}@outbox.example`, fromName: 'Outbox Test', subject: `Note ${mail.reference}`, text: 'A note.', html: '<p>A note.</p>' };
    },
    async onAccepted(tx, mail, at: { at: Date; receipt: MailReceipt }) {
      // In the transaction that marks the email sent: the row is already sent there.
      const [row] = await tx.manager.query('SELECT state, accepted_at FROM outgoing_mails WHERE id = ?', [mail.id]);
      expect(row).to.deep.equal({ state: 'sent', accepted_at: at.at });
      accepted.push(mail.reference);
    },
    async onFailed(_tx, mail) {
      gaveUp.push(mail.reference);
    },
  };

  const recordingQueue = (real: JobQueue): JobQueue => ({
    enqueue: async (task, payload, options) => {
      enqueued.push({ task, payload, ...(options ? { options } : {}) });
    },
    ping: () => real.ping(),
    oldestDueJobAgeMs: () => real.oldestDueJobAgeMs(),
  });

  before(async () => {
    rt = await runtime();
    smtp = await startSmtp();
    await discardFinishedTenantsMail(rt); // the sweep tests below
  });
  after(() => smtp.close());
  beforeEach(async () => {
    tenant = await newTenant(rt);
    clock = new TestClock();
    enqueued = [];
    svc = {
      ...rt.svc,
      clock,
      log: createLogger('silent'),
      jobs: recordingQueue(rt.svc.jobs),
      mailer: smtpMailer(smtp, 'outbox@svc.example'),
      config: { ...rt.svc.config, mailRetryScheduleMs: [60_000, 600_000] },
      mailKinds: new Map([...rt.svc.mailKinds, [NOTE, noteKind]]),
    };
  });

  /** A note queued in a transaction of its own; its reference is unique to this run. */
  const queueNote = async (options: { sendBefore?: Date } = {}) => {
    const reference = randomInt(1, 2 ** 47);
    const mailId = await inTransaction(svc, (tx) => queueMail(tx, { orgId: tenant.id, kind: NOTE, reference, ...options }));
    return { reference, mailId, to: `note-${reference}@outbox.example` };
  };
  const rowOf = async (mailId: number) =>
    (await svc.db.query('SELECT state, attempts, last_error, next_attempt_at, accepted_at, lease_until FROM outgoing_mails WHERE org_id = ? AND id = ?', [tenant.id, mailId]))[0];
  const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address));
  const jobsFor = (mailId: number) => enqueued.filter((j) => j.payload.mailId === mailId);

  it('queues the email with the work and its send job after commit; a refused send is retried on MAIL_RETRY_SCHEDULE, each wait longer; onAccepted runs once', async () => {
    const note = await queueNote();
    expect(jobsFor(note.mailId)).to.deep.equal([{ task: SEND_MAIL_TASK, payload: { mailId: note.mailId }, options: { jobKey: sendMailJobKey(note.mailId), orgId: tenant.id } }]);
    expect(await rowOf(note.mailId)).to.deep.include({ state: 'pending', attempts: 0, accepted_at: null });

    smtp.refuseNext = 2;
    expect(await deliverMail(svc, note.mailId)).to.equal('retry');
    const first = await rowOf(note.mailId);
    expect(first).to.deep.include({ state: 'pending', attempts: 1, lease_until: null });
    expect(first.last_error).to.match(/451|temporarily unavailable/i);
    expect(first.next_attempt_at.getTime()).to.equal(clock.now().getTime() + 60_000);
    expect(jobsFor(note.mailId).at(-1)!.options).to.deep.equal({ jobKey: sendMailJobKey(note.mailId), runAt: first.next_attempt_at, orgId: tenant.id });

    clock.advance(60_000);
    expect(await deliverMail(svc, note.mailId)).to.equal('retry');
    const second = await rowOf(note.mailId);
    expect(second).to.deep.include({ state: 'pending', attempts: 2 });
    expect(second.next_attempt_at.getTime(), 'the second wait is the schedule\'s second, longer one').to.equal(clock.now().getTime() + 600_000);
    expect(jobsFor(note.mailId).at(-1)!.options).to.deep.equal({ jobKey: sendMailJobKey(note.mailId), runAt: second.next_attempt_at, orgId: tenant.id });
    expect(mailsTo(note.to)).to.deep.equal([]);
    expect(accepted).to.not.include(note.reference);

    clock.advance(600_000);
    expect(await deliverMail(svc, note.mailId)).to.equal('sent');
    expect(mailsTo(note.to)).to.have.length(1);
    expect(decodeQp(mailsTo(note.to)[0]!.raw)).to.match(/^Subject: Note \d+/m);
    expect(await rowOf(note.mailId)).to.deep.include({ state: 'sent', attempts: 3, last_error: null, next_attempt_at: null, accepted_at: clock.now() });
    expect(accepted.filter((r) => r === note.reference)).to.have.length(1);

    // A duplicate job, or two at once for another email: one send, one onAccepted.
    expect(await deliverMail(svc, note.mailId)).to.equal('skipped');
    const other = await queueNote();
    expect((await Promise.all([deliverMail(svc, other.mailId), deliverMail(svc, other.mailId)])).sort()).to.deep.equal(['sent', 'skipped']);
    expect(mailsTo(note.to)).to.have.length(1);
    expect(mailsTo(other.to)).to.have.length(1);
    expect(accepted.filter((r) => r === note.reference || r === other.reference)).to.have.length(2);
    expect(gaveUp).to.not.include.members([note.reference, other.reference]);
  });

  it('gives up after the last retry, or when the next one would fall past sendBefore, or once sendBefore passed unsent: onFailed, no onAccepted', async () => {
    const used = await queueNote();
    smtp.refuseNext = 3;
    const outcomes = [];
    for (let i = 0; i < 3; i++) outcomes.push(await deliverMail(svc, used.mailId));
    expect(outcomes).to.deep.equal(['retry', 'retry', 'failed']);
    expect(await rowOf(used.mailId)).to.deep.include({ state: 'failed', attempts: 3, next_attempt_at: null });
    expect(jobsFor(used.mailId), 'the job at commit and one per planned retry').to.have.length(3);

    const short = await queueNote({ sendBefore: new Date(clock.now().getTime() + 5 * 60_000) });
    smtp.refuseNext = 2;
    expect(await deliverMail(svc, short.mailId)).to.equal('retry'); // 1 minute: before sendBefore
    clock.advance(60_000);
    expect(await deliverMail(svc, short.mailId), 'the next wait (10 minutes) would fall past sendBefore').to.equal('failed');
    expect(await rowOf(short.mailId)).to.deep.include({ state: 'failed', attempts: 2 });

    const late = await queueNote({ sendBefore: new Date(clock.now().getTime() + 60_000) });
    clock.advance(60_000);
    expect(await deliverMail(svc, late.mailId)).to.equal('failed');
    expect(await rowOf(late.mailId)).to.deep.include({ state: 'failed', attempts: 0, last_error: 'It expired before it could be sent.' });

    for (const n of [used, short, late]) expect(mailsTo(n.to), 'nothing reached the mail server').to.deep.equal([]);
    expect(gaveUp).to.include.members([used.reference, short.reference, late.reference]);
    expect(accepted).to.not.include.members([used.reference, short.reference, late.reference]);
    expect(await deliverMail(svc, late.mailId), 'a failed email is left alone').to.equal('skipped');
  });

  it('a lease held by a worker that died mid-send keeps other runs off until it runs out; then the sweep hands the email off again and it is sent once', async () => {
    const note = await queueNote();
    enqueued = [];
    // The dead worker: it took the lease and the mail server never answers it.
    let reached!: () => void;
    const sending = new Promise<void>((resolve) => { reached = resolve; });
    void deliverMail({ ...svc, mailer: { send: () => { reached(); return new Promise(() => {}); } } }, note.mailId);
    await sending;
    expect((await rowOf(note.mailId)).lease_until.getTime()).to.equal(clock.now().getTime() + MAIL_LEASE_MS);
    expect(await deliverMail(svc, note.mailId), 'a job meanwhile leaves it to the lease holder').to.equal('skipped');

    clock.advance(MAIL_SWEEP_GRACE_MS + 1_000);
    await sweepMail(svc);
    expect(jobsFor(note.mailId), 'overdue, but its lease has not run out').to.deep.equal([]);
    clock.advance(MAIL_LEASE_MS);
    await sweepMail(svc);
    expect(jobsFor(note.mailId), 'the lease ran out: handed off again').to.deep.equal([
      { task: SEND_MAIL_TASK, payload: { mailId: note.mailId }, options: { jobKey: sendMailJobKey(note.mailId) } },
    ]);

    await createTaskList(svc)[SEND_MAIL_TASK]!({ mailId: note.mailId }, {} as never);
    expect(mailsTo(note.to)).to.have.length(1);
    expect(await rowOf(note.mailId)).to.deep.include({ state: 'sent', attempts: 1, lease_until: null });
    expect(accepted.filter((r) => r === note.reference)).to.have.length(1);
    enqueued = [];
    await sweepMail(svc);
    expect(jobsFor(note.mailId), 'a sent email is not swept again').to.deep.equal([]);
  });

  it('the removed-member credentials email survives a crash between the removal\'s commit and its enqueue: the sweep sends it', async () => {
    const member = async (role: 'admin' | 'analyst') => {
      const m = await createMember(rt.svc, operatorActor(tenant.id), { email: `${role}.${randomUUID().slice(0, 8)}@outbox.example`, password: PASSWORD, role, name: `${role} person` });
      return memberActor({ orgId: tenant.id, id: m.id, email: m.email, role });
    };
    const admin = await member('admin');
    const leaver = await member('analyst');
    const client = await createApiClient(svc, leaver, { name: 'Leaver CRM', scopes: ['read:cases'] });

    // The process dies between the commit and the enqueue: no job is ever queued by the removal.
    const dying: Services = {
      ...svc,
      jobs: { ...svc.jobs, enqueue: () => Promise.reject(new Error('the process died before the enqueue')) },
    };
    await removeMember(dying, admin, { memberId: leaver.memberId });
    const [queued] = await svc.db.query('SELECT id, state FROM outgoing_mails WHERE org_id = ? AND kind = ?', [tenant.id, REMOVED_MEMBER_CREDENTIALS_MAIL]);
    expect(queued.state, 'committed with the removal').to.equal('pending');
    const mailId = Number(queued.id);
    const pool = rt.queue.pool;
    const graphileJobs = async () => (await pool.query('SELECT id, payload FROM graphile_worker._private_jobs WHERE key = $1', [sendMailJobKey(mailId)])).rows;
    expect(await graphileJobs()).to.deep.equal([]);
    expect(enqueued).to.deep.equal([]);

    // The sweep of a worker (the real queue) hands it off once it is past its grace; the job sends it.
    const worker: Services = { ...svc, jobs: rt.svc.jobs };
    clock.advance(MAIL_SWEEP_GRACE_MS + 1_000);
    await sweepMail(worker);
    const [job, ...more] = await graphileJobs();
    expect(more).to.deep.equal([]);
    expect(job.payload).to.deep.equal({ mailId });
    await createTaskList(worker)[SEND_MAIL_TASK]!(job.payload, {} as never);
    await pool.query('SELECT graphile_worker.remove_job($1)', [sendMailJobKey(mailId)]);

    const mails = mailsTo(admin.email).map((m) => decodeQp(m.raw));
    expect(mails).to.have.length(1);
    expect(mails[0]).to.match(new RegExp(`^Subject: ${tenant.name}: API credentials created by a removed member`, 'm'));
    expect(mails[0]).to.contain(`Leaver CRM (${client.clientId}): read:cases; last used never`);
    expect(mailsTo(leaver.email)).to.deep.equal([]);
    expect(await rowOf(mailId)).to.deep.include({ state: 'sent', attempts: 1 });
  });
});
