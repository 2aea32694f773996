import { expect } from 'chai';
import { assignCaseOwner } from '../../src/cases/index';
import { createLogger, type Services } from '../../src/platform/index';
import { sweepSlas } from '../../src/sla/index';
import type { Tenant } from '../../src/tenants/index';
import { sendQueueSlaDigests } from '../../src/work-queues/index';
import { TestClock } from '../support/clock';
import { drainJobs, runtime } from '../support/runtime';
import { decodeQp, smtpMailer, startSmtp, type TestSmtp } from '../support/smtp';
import { analystOf, newCase, setStatus } from '../graphql/case-support';
import { ConsoleHarness } from '../graphql/harness';

const POLICY = `targets { status hours } businessHours { timezone days from to } pauseWhileAwaitingCustomer updatedAt updatedBy`;
const SET = `mutation($input: SlaPolicyInput!) { setSlaPolicy(input: $input) { ${POLICY} } }`;
const GET = `{ slaPolicy { ${POLICY} } }`;
const CASE = 'query($id: String!) { case(caseId: $id) { caseId status sla { dueAt state pausedSince targetHours } } }';
const LIST = `query($first: Int, $after: String, $filter: CaseFilter, $sort: CaseSort) { cases(first: $first, after: $after, filter: $filter, sort: $sort) {
  totalCount edges { node { caseId sla { state dueAt } } } pageInfo { hasNextPage endCursor } } }`;
const LISTED_SLAS = '{ cases(first: 200) { edges { node { caseId sla { dueAt state pausedSince targetHours } } } } }';
const VIEWS = '{ caseViews { id name filter { status slaStates } } }';
const SET_QUEUES = 'mutation($input: [QueueInput!]!) { setQueues(input: $input) { id name } }';
const QUEUES = '{ queues { name openCount slaBreaches } }';

type Sla = { dueAt: string | null; state: string; pausedSince: string | null; targetHours: number } | null;
type ListData = { cases: { totalCount: number; edges: { node: { caseId: string; sla: { state: string; dueAt: string | null } | null } }[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } };

const LONDON = { timezone: 'Europe/London', days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: '09:00', to: '17:00' };

describe('SLAs over GraphQL: setSlaPolicy, slaPolicy, Case.sla, the case list, queues, at-risk email and digest', function () {
  this.timeout(120_000);
  // Friday 8 January 2027, 16:00 in London (UTC in winter): after every real instant, so no other process's clock runs ahead.
  const clock = new TestClock(new Date('2027-01-08T16:00:00Z'));
  let h: ConsoleHarness;
  let smtp: TestSmtp;
  let worker: Services;

  before(async () => {
    h = await ConsoleHarness.start({ clock });
    smtp = await startSmtp();
    worker = { ...h.svc, mailer: smtpMailer(smtp, 'console@svc.example', createLogger('silent')) };
  });
  after(async () => {
    await h.close();
    await smtp.close();
  });

  /** Runs the tenant's queued jobs (the relay's reactions, emails) with this test's clock and SMTP capture. */
  const drain = async (tenant: Tenant) => drainJobs(await runtime(), { orgId: tenant.id, svc: worker });
  /** A member of the tenant signed in now (sessions follow the test's clock). */
  const viewer = (tenant: Tenant) => h.signedIn('analyst', tenant);
  /** The case's SLA as its page shows it, after checking that the case list (which reads it in its own statement's join) shows the same. */
  const slaOf = async (tenant: Tenant, caseId: string): Promise<Sla> => {
    const member = await viewer(tenant);
    const { sla } = (await member.data<{ case: { sla: Sla } }>(CASE, { id: caseId })).case;
    const listed = await member.data<{ cases: { edges: { node: { caseId: string; sla: Sla } }[] } }>(LISTED_SLAS);
    expect(listed.cases.edges.find((e) => e.node.caseId === caseId)?.node.sla, 'the list\'s SLA of the case').to.deep.equal(sla);
    return sla;
  };
  const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email)).map((m) => decodeQp(m.raw));

  it('setSlaPolicy is compliance_admin\'s (audited); analysts and mlros read slaPolicy; signed out is unauthenticated', async () => {
    clock.set(new Date('2027-01-08T16:00:00Z'));
    const admin = await h.signedIn('compliance_admin');
    const tenant = admin.member.tenant;
    const input = { targets: [{ status: 'in_review', hours: 4 }, { status: 'in_progress', hours: 24 }], businessHours: LONDON, pauseWhileAwaitingCustomer: true };
    const empty = (await admin.data<{ slaPolicy: Record<string, unknown> }>(GET)).slaPolicy;
    expect(empty).to.deep.equal({ targets: [], businessHours: null, pauseWhileAwaitingCustomer: false, updatedAt: null, updatedBy: null });
    for (const role of ['analyst', 'mlro'] as const) {
      const m = await h.signedIn(role, tenant);
      expect((await m.error(SET, { input })).code, role).to.equal('FORBIDDEN');
    }
    const set = (await admin.data<{ setSlaPolicy: Record<string, unknown> }>(SET, { input })).setSlaPolicy;
    expect(set).to.deep.equal({
      targets: [{ status: 'in_progress', hours: 24 }, { status: 'in_review', hours: 4 }], businessHours: LONDON, pauseWhileAwaitingCustomer: true,
      updatedAt: '2027-01-08T16:00:00.000Z', updatedBy: admin.member.email,
    });
    const full = await h.signedIn('admin', tenant);
    await full.data(SET, { input: { ...input, businessHours: null } });
    for (const role of ['analyst', 'mlro'] as const) {
      const m = await h.signedIn(role, tenant);
      expect((await m.data<{ slaPolicy: { businessHours: unknown; targets: unknown[] } }>(GET)).slaPolicy).to.deep.include({ businessHours: null });
    }
    expect((await h.browser().error(GET)).code).to.equal('UNAUTHENTICATED');
    const audit: { action: string }[] = await h.svc.db.query("SELECT action FROM tenant_config_audit_log WHERE org_id = ? AND action = 'sla_policy.updated'", [tenant.id]);
    expect(audit).to.have.lengthOf(2);
  });

  it('setSlaPolicy reports every problem with its path: open statuses once, hours above 0, an IANA zone, days, from before to', async () => {
    const admin = await h.signedIn('compliance_admin');
    const e = await admin.error(SET, {
      input: {
        targets: [{ status: 'approved', hours: 1 }, { status: 'in_review', hours: 0 }, { status: 'in_review', hours: 2 }],
        businessHours: { timezone: 'Mars/Olympus_Mons', days: ['mon', 'someday'], from: '17:00', to: '9:00' },
        pauseWhileAwaitingCustomer: false,
      },
    });
    expect(e.code).to.equal('BAD_USER_INPUT');
    expect(e.message).to.equal('input.targets.0.status: must be an open case status: in_progress, in_review, pending_senior, returned');
    expect(e.extensions.reason).to.equal('validation_failed');
    expect((e.extensions.details as { path: string }[]).map((d) => d.path)).to.deep.equal([
      'input.targets.0.status', 'input.targets.1.hours', 'input.targets.2.status', 'input.businessHours.timezone', 'input.businessHours.days', 'input.businessHours.to',
    ]);
    const order = await admin.error(SET, { input: { targets: [], businessHours: { ...LONDON, from: '17:00', to: '09:00' }, pauseWhileAwaitingCustomer: false } });
    expect(order.extensions.details).to.deep.equal([{ path: 'input.businessHours.to', message: 'must be after from' }]);
    expect((await admin.data<{ slaPolicy: { updatedAt: string | null } }>(GET)).slaPolicy.updatedAt, 'nothing saved').to.equal(null);
  });

  it('the clock counts business hours over a weekend, restarts with the status, pauses while the customer is awaited, and ends with the case', async () => {
    clock.set(new Date('2027-01-08T16:00:00Z'));
    const admin = await h.signedIn('compliance_admin');
    const tenant = admin.member.tenant;
    await admin.data(SET, { input: { targets: [{ status: 'in_progress', hours: 8 }, { status: 'in_review', hours: 4 }], businessHours: LONDON, pauseWhileAwaitingCustomer: true } });
    const c = await newCase(h.svc, tenant, { companyName: 'Clockwork Ltd' });
    await drain(tenant);
    // Friday 16:00-17:00, then Monday 09:00-16:00.
    expect(await slaOf(tenant, c.caseId)).to.deep.equal({ dueAt: '2027-01-11T16:00:00.000Z', state: 'on_track', pausedSince: null, targetHours: 8 });
    clock.set(new Date('2027-01-11T14:23:00Z'));
    expect((await slaOf(tenant, c.caseId))!.state, 'before 80 % (Monday 14:24)').to.equal('on_track');
    clock.set(new Date('2027-01-11T14:24:00Z'));
    expect((await slaOf(tenant, c.caseId))!.state).to.equal('at_risk');
    clock.set(new Date('2027-01-11T16:00:00Z'));
    expect((await slaOf(tenant, c.caseId))!.state).to.equal('breached');

    // In review from Monday 16:00: 4 h is Monday 16:00-17:00 and Tuesday 09:00-12:00.
    await setStatus(h.svc, c.pk, 'in_review');
    await sweepSlas(worker);
    expect(await slaOf(tenant, c.caseId)).to.deep.equal({ dueAt: '2027-01-12T12:00:00.000Z', state: 'on_track', pausedSince: null, targetHours: 4 });

    // A document asked of the customer on Tuesday at 10:00 (2 h used): paused from then, over the weekend.
    await h.svc.db.query(
      "INSERT INTO document_requests (org_id, case_pk, item_key, label, status, requested_by, requested_at) VALUES (?, ?, 'bank-statement', 'Bank statement', 'outstanding', 'analyst@example.com', ?)",
      [tenant.id, c.pk, new Date('2027-01-12T10:00:00Z')],
    );
    clock.set(new Date('2027-01-12T10:30:00Z'));
    await sweepSlas(worker);
    const paused = { dueAt: null, state: 'paused', pausedSince: '2027-01-12T10:00:00.000Z', targetHours: 4 };
    expect(await slaOf(tenant, c.caseId)).to.deep.equal(paused);
    clock.set(new Date('2027-01-18T09:00:00Z'));
    await sweepSlas(worker);
    expect(await slaOf(tenant, c.caseId), 'still waiting a week later').to.deep.equal(paused);

    // Received on Monday 18 January; the clock resumes at 14:00 with 2 h left.
    await h.svc.db.query("UPDATE document_requests SET status = 'received', received_at = ? WHERE org_id = ? AND case_pk = ?", [new Date('2027-01-18T14:00:00Z'), tenant.id, c.pk]);
    clock.set(new Date('2027-01-18T14:00:00Z'));
    await sweepSlas(worker);
    expect(await slaOf(tenant, c.caseId)).to.deep.equal({ dueAt: '2027-01-18T16:00:00.000Z', state: 'on_track', pausedSince: null, targetHours: 4 });

    // A status without a target has no SLA; a closed case neither (and loses its clock).
    await setStatus(h.svc, c.pk, 'pending_senior');
    await sweepSlas(worker);
    expect(await slaOf(tenant, c.caseId)).to.equal(null);
    await setStatus(h.svc, c.pk, 'approved');
    await sweepSlas(worker);
    expect(await slaOf(tenant, c.caseId)).to.equal(null);
    const rows: unknown[] = await h.svc.db.query('SELECT case_pk FROM case_slas WHERE org_id = ?', [tenant.id]);
    expect(rows).to.have.lengthOf(0);
  });

  it('emails the owner once when the case becomes at risk; lists filter and sort by SLA; Breaching SLA; queues count breaches; members get a daily digest', async () => {
    clock.set(new Date('2027-01-13T08:00:00Z'));
    const admin = await h.signedIn('compliance_admin');
    const tenant = admin.member.tenant;
    const owner = await h.member('analyst', tenant);
    const colleague = await h.member('analyst', tenant);
    await admin.data(SET, { input: { targets: [{ status: 'in_progress', hours: 10 }], businessHours: null, pauseWhileAwaitingCustomer: false } });
    const late = await newCase(h.svc, tenant, { companyName: 'Late Ltd' });
    await assignCaseOwner(h.svc, analystOf(tenant), { caseId: late.caseId, memberId: owner.id });
    clock.set(new Date('2027-01-13T11:00:00Z'));
    const fresh = await newCase(h.svc, tenant, { companyName: 'Fresh Ltd' });
    const reviewed = await newCase(h.svc, tenant, { companyName: 'Reviewed Ltd' });
    await setStatus(h.svc, reviewed.pk, 'in_review');
    await drain(tenant);

    // 16:00: Late has used 8 of its 10 hours.
    clock.set(new Date('2027-01-13T16:00:00Z'));
    await sweepSlas(worker);
    await drain(tenant);
    await sweepSlas(worker);
    await drain(tenant);
    const atRisk = mailsTo(owner.email);
    expect(atRisk).to.have.lengthOf(1);
    expect(atRisk[0]).to.contain(`Subject: Case ${late.caseId} is at risk of breaching its SLA`);
    expect(atRisk[0]).to.contain('It is due by Wed 13 Jan 2027, 18:00 UTC.');
    expect(atRisk[0]).to.contain(`/console/cases/${late.caseId}`);

    // 18:30: Late is breached (due 18:00), Fresh on track (due 21:00), Reviewed has no SLA.
    clock.set(new Date('2027-01-13T18:30:00Z'));
    await sweepSlas(worker);
    await drain(tenant);
    expect(mailsTo(owner.email), 'one email per case and status').to.have.lengthOf(1);
    const analyst = await viewer(tenant);
    const list = async (vars: Record<string, unknown>) => (await analyst.data<ListData>(LIST, vars)).cases;
    const ids = (l: ListData['cases']) => l.edges.map((e) => e.node.caseId);
    expect(ids(await list({ filter: { slaStates: ['breached'] } }))).to.deep.equal([late.caseId]);
    expect(ids(await list({ filter: { slaStates: ['on_track', 'at_risk'] } }))).to.deep.equal([fresh.caseId]);
    expect((await list({ filter: { slaStates: ['breached', 'on_track'] } })).totalCount).to.equal(2);
    const asc = await list({ sort: { by: 'sla', direction: 'asc' } });
    expect(ids(asc)).to.deep.equal([late.caseId, fresh.caseId, reviewed.caseId]);
    expect(asc.edges.map((e) => e.node.sla)).to.deep.equal([
      { state: 'breached', dueAt: '2027-01-13T18:00:00.000Z' }, { state: 'on_track', dueAt: '2027-01-13T21:00:00.000Z' }, null,
    ]);
    expect(ids(await list({ sort: { by: 'sla', direction: 'desc' } })), 'cases without a due time last either way').to.deep.equal([fresh.caseId, late.caseId, reviewed.caseId]);
    const first = await list({ first: 1, sort: { by: 'sla', direction: 'asc' } });
    const second = await list({ first: 2, after: first.pageInfo.endCursor, sort: { by: 'sla', direction: 'asc' } });
    expect([...ids(first), ...ids(second)], 'paged by due time').to.deep.equal([late.caseId, fresh.caseId, reviewed.caseId]);
    expect((await analyst.error(LIST, { filter: { slaStates: ['late'] } })).code).to.equal('BAD_USER_INPUT');
    // The CSV export takes the same filter and order (`sla`, as the list's address names it).
    const csv = await fetch(`${h.url}/console/export/cases.csv?sla=breached,on_track&sort=sla:asc`, { headers: analyst.cookieHeader() });
    expect(csv.status).to.equal(200);
    const rows = (await csv.text()).split('\r\n').slice(1).filter(Boolean);
    expect(rows.map((r) => [late.caseId, fresh.caseId].find((id) => r.includes(id)))).to.deep.equal([late.caseId, fresh.caseId]);

    const views = (await analyst.data<{ caseViews: { id: string; name: string; filter: { status: string[]; slaStates: string[] | null } }[] }>(VIEWS)).caseViews;
    const breaching = views.find((v) => v.id === 'builtin:breaching_sla')!;
    expect(breaching.name).to.equal('Breaching SLA');
    expect(ids(await list({ filter: { status: breaching.filter.status, slaStates: breaching.filter.slaStates } }))).to.deep.equal([late.caseId]);

    const later = await h.signedIn('compliance_admin', tenant);
    await later.data(SET_QUEUES, { input: [{ name: 'Everything', conditions: null, memberIds: [owner.id, colleague.id], assignment: { mode: 'manual' } }] });
    expect((await analyst.data<{ queues: { name: string; openCount: number; slaBreaches: number }[] }>(QUEUES)).queues)
      .to.deep.equal([{ name: 'Everything', openCount: 3, slaBreaches: 1 }]);

    expect(await sendQueueSlaDigests(worker, tenant.id)).to.equal(2);
    expect(await sendQueueSlaDigests(worker, tenant.id), 'one digest a day').to.equal(0);
    await drain(tenant);
    for (const m of [owner, colleague]) {
      const digests = mailsTo(m.email).filter((raw) => raw.includes('Subject: SLA breaches in your queues: 1'));
      expect(digests, m.email).to.have.lengthOf(1);
      expect(digests[0]).to.contain(`Everything: ${late.caseId} (due Wed 13 Jan 2027, 18:00 UTC).`);
    }
  });
});
