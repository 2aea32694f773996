import { expect } from 'chai';
import { memberActor } from '../../src/access/index';
import { assignCaseOwner } from '../../src/cases/index';
import { getVerificationPage } from '../../src/idv/index';
import { redeemInvite } from '../../src/invites/index';
import { keepMailLocally } from '../../src/mail/index';
import type { Services } from '../../src/platform/index';
import type { Tenant } from '../../src/tenants/index';
import { createNodemailerMailer } from '../../worker/mail/nodemailer-mailer';
import { ConsoleHarness, type TestMember } from '../graphql/harness';
import { verificationTokenFromLocalMail } from '../idv/support';
import { drainJobs, runtime } from '../support/runtime';
import { startSmtp, type TestSmtp } from '../support/smtp';
import { RestHarness, uniqueEmail } from './harness';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const SET_POLICY = 'mutation($input: SlaPolicyInput!) { setSlaPolicy(input: $input) { updatedAt } }';
const TEST_VIEW = 'mutation { setConsoleMode(mode: "test") { mode } }';
const CASE_SLA = 'query($id: String!) { case(caseId: $id) { caseId sla { dueAt state targetHours } } }';
const BREACHING = '{ cases(first: 20, filter: { slaStates: [breached] }) { totalCount edges { node { caseId sla { state } } } } }';
const KEPT = '{ keptMail(first: 50) { to subject } }';
const SET_QUEUES = 'mutation($input: [QueueInput!]!) { setQueues(input: $input) { id } }';
const QUEUES = '{ queues { name openCount slaBreaches } }';
const METRICS = 'query($from: DateTimeISO!, $to: DateTimeISO!) { caseMetrics(from: $from, to: $to) { openTotal sla { breachedNow } } }';

type Sla = { dueAt: string | null; state: string; targetHours: number } | null;

/**
 * The tenant's test clock (POST /v1/test_helpers/clock/advance) moves test cases' SLAs and expires their invite and
 * verification links; live cases, live figures and live mail are untouched (docs/test-mode.md).
 */
describe('the test clock: test cases\' SLAs and links run on it; live data does not', function () {
  this.timeout(180_000);
  let api: RestHarness;
  let h: ConsoleHarness;
  let smtp: TestSmtp;
  let worker: Services;

  before(async () => {
    smtp = await startSmtp();
    api = await RestHarness.start();
    h = await ConsoleHarness.start();
    // SMTP_URL set: live mail reaches the SMTP server, test mail is kept by the same mailer.
    worker = { ...api.svc, config: { ...api.svc.config, smtpUrl: smtp.url } };
    worker.mailer = createNodemailerMailer({ smtpUrl: smtp.url, from: 'onboarding@svc.example', log: worker.log, keepLocally: (mail) => keepMailLocally(worker, mail) });
  });
  after(async () => {
    await api.close();
    await h.close();
    await smtp.close();
  });

  const settle = async (orgId: string) => drainJobs(await runtime(), { orgId, svc: worker });
  const advance = async (token: string, body: Record<string, unknown>) => {
    const res = await api.post('/v1/test_helpers/clock/advance', token, body);
    expect(res.status, res.text).to.equal(200);
    return res.body as { now: string; offsetSeconds: number; ran: Record<string, number> };
  };
  async function newCase(token: string, companyName: string, sendInvite = false) {
    const res = await api.post('/v1/cases', token, { customerEmail: uniqueEmail('customer'), companyName, sendInvite });
    expect(res.status, res.text).to.equal(201);
    return res.body as { caseId: string; customerPortalUrl: string };
  }
  async function tenantWithClients(): Promise<{ tenant: Tenant; live: string; test: string }> {
    const tenant = await h.tenant();
    const live = (await api.client(tenant.id, 'read:cases cases:write')).token;
    const test = (await api.client(tenant.id, 'read:cases cases:write test_helpers', 'test')).token;
    return { tenant, live, test };
  }
  const actorOf = (m: TestMember, mode: 'live' | 'test') => memberActor({ orgId: m.tenant.id, id: m.id, email: m.email, role: m.role }, undefined, mode);
  const pkOf = async (orgId: string, caseId: string) => Number(((await api.svc.db.query('SELECT pk FROM cases WHERE org_id = ? AND case_id = ?', [orgId, caseId])) as { pk: number }[])[0]!.pk);
  const near = (iso: string | null | undefined, expected: number) => expect(Math.abs(Date.parse(String(iso)) - expected), `${iso} vs ${new Date(expected).toISOString()}`).to.be.below(120_000);

  it('gives test cases SLAs on the test clock: advancing it mails the owner (kept, never sent) and breaches them in the test view; live figures stay live', async () => {
    const { tenant, live, test } = await tenantWithClients();
    const orgId = tenant.id;
    const admin = await h.signedIn('compliance_admin', tenant);
    const owner = await h.member('analyst', tenant);
    await admin.data(SET_POLICY, { input: { targets: [{ status: 'in_progress', hours: 10 }], businessHours: null, pauseWhileAwaitingCustomer: false } });
    await admin.data(SET_QUEUES, { input: [{ name: 'Everything', conditions: null, memberIds: [owner.id], assignment: { mode: 'manual' } }] });

    const liveCase = await newCase(live, 'Live Clock Ltd');
    const testCase = await newCase(test, 'Sandbox Clock Ltd');
    // A test case open for eleven hours of the service's own time (breached on either clock), and a live one likewise.
    const oldTest = await newCase(test, 'Sandbox Old Ltd');
    await assignCaseOwner(api.svc, actorOf(owner, 'live'), { caseId: liveCase.caseId, memberId: owner.id });
    for (const c of [testCase, oldTest]) await assignCaseOwner(api.svc, actorOf(owner, 'test'), { caseId: c.caseId, memberId: owner.id });
    await settle(orgId);

    // Every case has its clock, each marked with its case's mode.
    const rows = async () => (await api.svc.db.query(
      'SELECT c.case_id, s.mode, s.clock_start, s.due_at FROM case_slas s JOIN cases c ON c.org_id = s.org_id AND c.pk = s.case_pk WHERE s.org_id = ? ORDER BY c.pk', [orgId],
    )) as { case_id: string; mode: string; clock_start: Date; due_at: Date }[];
    expect((await rows()).map((r) => [r.case_id, r.mode, r.due_at.getTime() - r.clock_start.getTime()])).to.deep.equal([
      [liveCase.caseId, 'live', 10 * HOUR], [testCase.caseId, 'test', 10 * HOUR], [oldTest.caseId, 'test', 10 * HOUR],
    ]);
    const backdate = async (caseId: string) => api.svc.db.query(
      `UPDATE case_slas SET clock_start = NOW(3) - INTERVAL 11 HOUR, at_risk_at = NOW(3) - INTERVAL 3 HOUR, due_at = NOW(3) - INTERVAL 1 HOUR, at_risk_mailed = 1
        WHERE org_id = ? AND case_pk = ?`, [orgId, await pkOf(orgId, caseId)],
    );
    await backdate(liveCase.caseId);
    await backdate(oldTest.caseId);

    // Nine hours on: the test case used 90 % of its target; its owner's email is kept, nothing reaches SMTP.
    const atRisk = await advance(test, { duration: 'PT9H' });
    expect(atRisk.ran).to.deep.equal({ remindersSent: 0, slaAtRiskEmails: 1, slaBreaches: 0, casesPurged: 0 });
    await settle(orgId);
    expect(smtp.received.filter((m) => m.to.includes(owner.email))).to.deep.equal([]);
    await admin.data(TEST_VIEW);
    const kept = (await admin.data<{ keptMail: { to: string; subject: string }[] }>(KEPT)).keptMail;
    expect(kept.filter((m) => m.to === owner.email)).to.deep.equal([{ to: owner.email, subject: `Case ${testCase.caseId} is at risk of breaching its SLA` }]);

    const inTest = await h.signedInAs(owner);
    await inTest.data(TEST_VIEW);
    const inLive = await h.signedInAs(owner);
    const slaIn = async (client: typeof inTest, caseId: string) => (await client.data<{ case: { sla: Sla } }>(CASE_SLA, { id: caseId })).case.sla;
    const testSla = await slaIn(inTest, testCase.caseId);
    expect(testSla).to.deep.include({ state: 'at_risk', targetHours: 10 });

    // Two hours more: the test case is breached on the test clock (one breach this advance), no second email.
    const breached = await advance(test, { duration: 'PT2H' });
    expect(breached.ran).to.deep.equal({ remindersSent: 0, slaAtRiskEmails: 0, slaBreaches: 1, casesPurged: 0 });
    expect(await slaIn(inTest, testCase.caseId)).to.deep.equal({ ...testSla, state: 'breached' });
    const testList = (await inTest.data<{ cases: { totalCount: number; edges: { node: { caseId: string } }[] } }>(BREACHING)).cases;
    expect(testList.edges.map((e) => e.node.caseId).sort()).to.deep.equal([testCase.caseId, oldTest.caseId].sort());
    expect(testList.totalCount).to.equal(2);

    // A test case opened after the advances starts its clock at test time: due 10 h after the test clock's now.
    const later = await newCase(test, 'Sandbox Later Ltd');
    await settle(orgId);
    const laterSla = await slaIn(inTest, later.caseId);
    expect(laterSla).to.deep.include({ state: 'on_track', targetHours: 10 });
    near(laterSla!.dueAt, Date.now() + 11 * HOUR + 10 * HOUR);

    // Live figures count the live case only, though two test cases are breached on the service's clock too.
    expect(await slaIn(inLive, liveCase.caseId)).to.deep.include({ state: 'breached' });
    const liveList = (await inLive.data<{ cases: { totalCount: number; edges: { node: { caseId: string } }[] } }>(BREACHING)).cases;
    expect([liveList.totalCount, liveList.edges.map((e) => e.node.caseId)]).to.deep.equal([1, [liveCase.caseId]]);
    const metrics = (await inLive.data<{ caseMetrics: { openTotal: number; sla: { breachedNow: number } } }>(METRICS, {
      from: new Date(Date.now() - DAY).toISOString(), to: new Date(Date.now() + HOUR).toISOString(),
    })).caseMetrics;
    expect(metrics).to.deep.equal({ openTotal: 1, sla: { breachedNow: 1 } });
    expect((await inLive.data<{ queues: unknown[] }>(QUEUES)).queues).to.deep.equal([{ name: 'Everything', openCount: 1, slaBreaches: 1 }]);
    expect(smtp.received.filter((m) => m.to.includes(owner.email)), 'no at-risk email of a test case went out').to.deep.equal([]);
  });

  it('expires a test case\'s invite link on the test clock (a live case\'s is unaffected); a link issued after an advance runs from test time', async () => {
    const { live, test } = await tenantWithClients();
    const testCase = await newCase(test, 'Sandbox Invite Ltd');
    const liveCase = await newCase(live, 'Live Invite Ltd');
    const open = async (url: string) => {
      const res = await fetch(url);
      return { status: res.status, html: await res.text() };
    };
    expect(await open(testCase.customerPortalUrl)).to.deep.include({ status: 200 });

    // Six days on (INVITE_TTL is 168 h): the link still opens the portal.
    await advance(test, { duration: 'P6D' });
    const before = await open(testCase.customerPortalUrl);
    expect(before.status).to.equal(200);
    expect(before.html).to.include('Sandbox Invite Ltd');

    // Eight days on: it answers as any expired link does, and cannot be redeemed.
    await advance(test, { duration: 'P2D' });
    const expired = await open(testCase.customerPortalUrl);
    expect(expired.status).to.equal(410);
    expect(expired.html).to.include('This link has expired');
    const token = new URL(testCase.customerPortalUrl).searchParams.get('token')!;
    expect(await redeemInvite(api.svc, token)).to.equal(null);

    // The live case of the same tenant is on the service's clock: its link works.
    const liveLink = await open(liveCase.customerPortalUrl);
    expect(liveLink.status).to.equal(200);
    expect(liveLink.html).to.include('Live Invite Ltd');
    const liveView = await api.get(`/v1/cases/${liveCase.caseId}`, live);
    near((liveView.body.invite as { expiresAt: string }).expiresAt, Date.now() + 7 * DAY);

    // A test case invited now: its link expires seven days after the test clock's now (eight days ahead).
    const fresh = await newCase(test, 'Sandbox Fresh Ltd');
    expect((await open(fresh.customerPortalUrl)).status).to.equal(200);
    const freshView = await api.get(`/v1/cases/${fresh.caseId}`, test);
    near((freshView.body.invite as { expiresAt: string }).expiresAt, Date.now() + 8 * DAY + 7 * DAY);
  });

  it('expires a test case\'s identity-verification link on the test clock, with the expired link\'s error', async () => {
    const { tenant, test } = await tenantWithClients();
    const testCase = await newCase(test, 'Sandbox Verify Ltd');
    const email = uniqueEmail('ada');
    const submitted = await api.post(`/v1/test_helpers/cases/${testCase.caseId}/submit`, test, { parties: [{ name: 'Ada Lovelace', email }] });
    expect(submitted.status, submitted.text).to.equal(200);
    await settle(tenant.id);
    const token = await verificationTokenFromLocalMail(h, tenant.id, email, 'test');
    expect((await getVerificationPage(api.svc, { token })).personName).to.equal('Ada Lovelace');

    await advance(test, { duration: 'P6D' });
    expect((await getVerificationPage(api.svc, { token })).state).to.equal('link_sent');
    await advance(test, { duration: 'P2D' });
    const refused = await getVerificationPage(api.svc, { token }).then(() => null, (e: { code: string; message: string }) => ({ code: e.code, message: e.message }));
    expect(refused).to.deep.equal({ code: 'not_found', message: 'This verification link has expired. Ask the company for a new link.' });
  });
});
