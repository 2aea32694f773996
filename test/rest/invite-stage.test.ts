import { expect } from 'chai';
import { makeWorkerUtils } from 'graphile-worker';
import { advanceOnboardingStage } from '../../src/cases/index';
import { inTransaction } from '../../src/db/index';
import { EventRecord } from '../../src/events/index';
import { INVITE_MAIL } from '../../src/invites/index';
import { deliverMail, sendMailJobKey, sweepMail } from '../../src/mail/index';
import { createLogger, type Services } from '../../src/platform/index';
import { type Tenant } from '../../src/tenants/index';
import { graphileLogger } from '../../worker/job-queue';
import { compileEventSchemas } from '../events/support';
import { mailIdOf } from '../support/mail-outbox';
import { discardFinishedTenantsMail, drainJobs, runtime } from '../support/runtime';
import { seedParty } from './factories';
import { RestHarness, seedCase, uniqueEmail } from './harness';
import { smtpMailer, startSmtp, type TestSmtp } from '../support/smtp';

const PROGRESS = 'case.onboarding_progress.changed';

describe('the invite moves the case to onboarding stage invite_sent', () => {
  let api: RestHarness;
  let smtp: TestSmtp;
  let svc: Services;
  let tenant: Tenant;
  let token: string;
  const validProgress = compileEventSchemas().get(PROGRESS)!;

  before(async () => {
    smtp = await startSmtp();
    // Retries are due in minutes: the test drives each attempt itself.
    api = await RestHarness.start({ mailRetryScheduleMs: [60_000] });
    const log = createLogger('silent');
    svc = { ...api.svc, log, mailer: smtpMailer(smtp, 'onboarding@svc.example', log) };
    await discardFinishedTenantsMail(await runtime()); // the sweep test below
  });
  after(async () => {
    await api.close();
    await smtp.close();
  });
  beforeEach(async () => {
    ({ tenant, token } = await api.tenant());
  });

  /** Runs the tenant's queued jobs (send-mail, then the relay it nudges) with the SMTP mailer; returns when none is left. */
  const drain = async () => {
    const rt = await runtime();
    await drainJobs(rt, { orgId: tenant.id, svc });
  };
  const createCase = async (extra: Record<string, unknown> = {}) => {
    const res = await api.post('/v1/cases', token, { customerEmail: uniqueEmail('stage'), companyName: 'Globex Trading', crmSource: 'hubspot', ...extra });
    expect(res.status, res.text).to.equal(201);
    const body = res.body as { caseId: string; customerEmail: string };
    const [row] = await api.svc.db.query('SELECT i.id, c.pk FROM invites i JOIN cases c ON c.pk = i.case_pk WHERE c.case_id = ?', [body.caseId]);
    return { ...body, inviteId: Number(row.id), mailId: await mailIdOf(api.svc, INVITE_MAIL, Number(row.id)), pk: Number(row.pk) };
  };
  const getCase = async (caseId: string) => (await api.get(`/v1/cases/${caseId}`, token)).body as { onboardingStage: string; updatedAt: string; invite: { status: string } };
  /** The case's case.onboarding_progress.changed items in GET /v1/events (relayed ones). */
  const feedProgress = async (caseId: string) => {
    const res = await api.get(`/v1/events?event_type=${PROGRESS}&limit=200`, token);
    expect(res.status, res.text).to.equal(200);
    return (res.body.data as { data: Record<string, unknown> }[]).map((i) => i.data).filter((d) => d.caseId === caseId);
  };
  /** Recorded ones, relayed or not. */
  const storedProgress = (caseId: string) => api.svc.db.manager.countBy(EventRecord, { orgId: tenant.id, caseId, type: PROGRESS });
  const sendJobs = async (mailId: number) => {
    const { rows } = await (await runtime()).queue.pool.query('SELECT id FROM graphile_worker.jobs WHERE key = $1', [sendMailJobKey(mailId)]);
    return rows.map((r: { id: string }) => r.id);
  };

  it('once the mail system accepts the invite: stage invite_sent on the case and one schema-valid event; a second run records nothing', async () => {
    const c = await createCase();
    const before = await getCase(c.caseId);
    expect(before.onboardingStage).to.equal('created');
    await drain();
    expect(smtp.received.filter((m) => m.to.includes(c.customerEmail))).to.have.length(1);
    const after = await getCase(c.caseId);
    expect(after).to.deep.include({ onboardingStage: 'invite_sent' });
    expect(after.invite.status).to.equal('sent');
    expect(Date.parse(after.updatedAt)).to.be.greaterThan(Date.parse(before.updatedAt));

    const [event, ...more] = await feedProgress(c.caseId);
    expect(more).to.deep.equal([]);
    expect(validProgress(event), JSON.stringify(validProgress.errors)).to.equal(true);
    expect(event).to.deep.include({
      event: PROGRESS, orgId: tenant.id, caseId: c.caseId, caseSequence: 2, crmRecordId: null, crmSource: 'hubspot',
      companyName: 'Globex Trading', stage: 'invite_sent', stageLabel: 'Invite sent', summary: { verified: 0, total: 0 }, roster: [],
    });

    expect(await deliverMail(svc, c.mailId), 'a duplicate job').to.equal('skipped');
    await drain();
    expect(await storedProgress(c.caseId)).to.equal(1);
    expect(await feedProgress(c.caseId)).to.have.length(1);
  });

  it('a refused attempt leaves the stage at created; the retry that sends moves it, once', async () => {
    smtp.refuseNext = 1;
    const c = await createCase();
    await drain();
    expect(await getCase(c.caseId)).to.deep.include({ onboardingStage: 'created' });
    expect(await storedProgress(c.caseId)).to.equal(0);
    expect(await deliverMail(svc, c.mailId)).to.equal('sent');
    expect(await deliverMail(svc, c.mailId)).to.equal('skipped');
    await drain();
    expect(await getCase(c.caseId)).to.deep.include({ onboardingStage: 'invite_sent' });
    expect(await feedProgress(c.caseId)).to.have.length(1);
  });

  it('leaves a case that is further along alone, and records no event for it', async () => {
    const c = await createCase();
    await api.svc.db.query(`UPDATE cases SET onboarding_stage = 'collecting_documents' WHERE pk = ?`, [c.pk]);
    await drain();
    const view = await getCase(c.caseId);
    expect(view.invite.status).to.equal('sent');
    expect(view.onboardingStage).to.equal('collecting_documents');
    expect(await storedProgress(c.caseId)).to.equal(0);
  });

  it('reports the roster of parties whose verification started, without emails or person keys', async () => {
    const { pk } = await seedCase(api.svc, tenant.id, { companyName: 'Roster Ltd' });
    await seedParty(api.svc, tenant.id, pk, { kind: 'director', position: 0, name: 'Jane Doe' });
    await seedParty(api.svc, tenant.id, pk, { kind: 'ubo', position: 0, name: 'John Roe' });
    await seedParty(api.svc, tenant.id, pk, { kind: 'ubo', position: 1, name: 'Not Yet Asked' });
    await api.svc.db.query(
      `UPDATE case_parties SET email = 'party@example.com', verification_status = IF(kind = 'director', 'verified', 'link_sent') WHERE case_pk = ? AND name <> 'Not Yet Asked'`,
      [pk],
    );
    const advance = () => inTransaction(api.svc, (tx) => advanceOnboardingStage(tx, { orgId: tenant.id, casePk: pk, stage: 'invite_sent' }));
    expect(await advance()).to.equal(true);
    expect(await advance(), 'already invite_sent').to.equal(false);
    const rows = await api.svc.db.manager.findBy(EventRecord, { orgId: tenant.id, casePk: pk, type: PROGRESS });
    expect(rows).to.have.length(1);
    const data = JSON.parse(rows[0]!.data) as Record<string, unknown>;
    expect(validProgress(data), JSON.stringify(validProgress.errors)).to.equal(true);
    expect(data).to.deep.include({
      companyName: 'Roster Ltd', stage: 'invite_sent', crmSource: null, summary: { verified: 1, total: 2 },
      roster: [
        { name: 'Jane Doe', role: 'Director', status: 'verified', statusLabel: 'Verified' },
        { name: 'John Roe', role: 'UBO', status: 'link_sent', statusLabel: 'Link sent' },
      ],
    });
    expect(rows[0]!.data).to.not.match(/party@example\.com|personKey|person_key/);
  });

  it('the sweep re-enqueues an invite whose send job was lost, once past its grace, and it is then sent', async () => {
    const c = await createCase();
    const [jobId, ...others] = await sendJobs(c.mailId);
    expect(others).to.deep.equal([]);
    const utils = await makeWorkerUtils({ pgPool: (await runtime()).queue.pool, logger: graphileLogger(svc.log) });
    try {
      await utils.completeJobs([jobId!]); // the hand-off lost: the invite is pending and no job will send it
    } finally {
      await utils.release();
    }
    expect(await sendJobs(c.mailId)).to.deep.equal([]);

    await sweepMail(svc);
    expect(await sendJobs(c.mailId), 'within its grace the sweep leaves it').to.deep.equal([]);
    const later: Services = { ...svc, clock: { now: () => new Date(Date.now() + 5 * 60_000) } };
    await sweepMail(later);
    expect(await sendJobs(c.mailId), 'past its grace the sweep re-enqueues it').to.have.length(1);

    await drain();
    expect(smtp.received.filter((m) => m.to.includes(c.customerEmail))).to.have.length(1);
    const view = await getCase(c.caseId);
    expect(view.invite.status).to.equal('sent');
    expect(view.onboardingStage).to.equal('invite_sent');
    expect(await feedProgress(c.caseId)).to.have.length(1);
    await sweepMail(later);
    expect(await sendJobs(c.mailId), 'a sent invite is not swept again').to.deep.equal([]);
  });
});
