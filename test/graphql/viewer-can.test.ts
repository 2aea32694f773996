import { expect } from 'chai';
import { memberActor } from '../../src/access/index';
import type { CaseStatus } from '../../src/cases/index';
import { setFourEyes, type MemberRole, type Tenant } from '../../src/tenants/index';
import { alert, fact, monitoredCase } from '../monitoring-reviews/support';
import { runtime } from '../support/runtime';
import { newCase, setStatus } from './case-support';
import { ConsoleHarness, type ConsoleClient, type TestMember } from './harness';

type Member = ConsoleClient & { member: TestMember };
type Flags = Record<string, boolean>;

const CASE_CAN = `viewerCan { assignCaseOwner decideCase escalateCase respondToEscalation reopenCase approveDecisionOverride rejectDecisionOverride
  overrideDocumentStatus dispositionScreeningHit recomputeRisk runAiReview runMonitoring setEddRequirement requestEddEvidence sendOutreach }`;
const CASE = `query($id: String!) { case(caseId: $id) { status ${CASE_CAN} } }`;
const ME = `query { me { role viewerCan { manageMembers readAuditLog manageWebhooks manageCredentials disconnectAnyConnectedApp setFourEyes setFullParityEgress
  setZeroRetention setDefaultMlro setWebhookAlertThreshold configureIdentityVerification configureMonitoring configureReminders configurePersonReuse
  configureRiskModel configureDecisionPolicy } } }`;

/** The case's moves as the console sends them, each named by its viewerCan flag. */
const MOVES: Record<'decideCase' | 'escalateCase' | 'respondToEscalation' | 'reopenCase', string> = {
  decideCase: 'mutation($id: String!) { decideCase(caseId: $id, outcome: declined, notes: "No.") { status } }',
  escalateCase: 'mutation($id: String!) { escalateCase(caseId: $id, note: "Senior view, please.") { status } }',
  respondToEscalation: 'mutation($id: String!) { respondToEscalation(caseId: $id, recommendation: approve, note: "Fine.") { status } }',
  reopenCase: 'mutation($id: String!) { reopenCase(caseId: $id, reason: "New evidence.") { status } }',
};

/** What every member may do to any case: analyst work that no status limits. */
const ANY_STATUS = {
  assignCaseOwner: true, approveDecisionOverride: false, rejectDecisionOverride: false, overrideDocumentStatus: true, dispositionScreeningHit: true,
  recomputeRisk: true, runAiReview: true, setEddRequirement: true, requestEddEvidence: true, sendOutreach: true,
};
const NO_MOVES = { decideCase: false, escalateCase: false, respondToEscalation: false, reopenCase: false, runMonitoring: false };

/** The expected flags by role and status (decisions.md "Roles" and "Case status"). */
const EXPECTED: Record<string, Record<string, Flags>> = {
  analyst: {
    in_review: { ...ANY_STATUS, ...NO_MOVES, decideCase: true, escalateCase: true },
    pending_senior: { ...ANY_STATUS, ...NO_MOVES },
    approved: { ...ANY_STATUS, ...NO_MOVES, runMonitoring: true },
  },
  mlro: {
    in_review: { ...ANY_STATUS, ...NO_MOVES, decideCase: true, escalateCase: true },
    pending_senior: { ...ANY_STATUS, ...NO_MOVES, respondToEscalation: true },
    approved: { ...ANY_STATUS, ...NO_MOVES, reopenCase: true, runMonitoring: true },
  },
  compliance_admin: {
    in_review: { ...ANY_STATUS, ...NO_MOVES, decideCase: true, escalateCase: true },
    pending_senior: { ...ANY_STATUS, ...NO_MOVES, respondToEscalation: true },
    approved: { ...ANY_STATUS, ...NO_MOVES, reopenCase: true, runMonitoring: true },
  },
};

const SETTINGS_NONE = {
  manageMembers: false, readAuditLog: false, manageWebhooks: true, manageCredentials: true, disconnectAnyConnectedApp: false, setFourEyes: false,
  setFullParityEgress: false, setZeroRetention: false, setDefaultMlro: false, setWebhookAlertThreshold: false, configureIdentityVerification: false,
  configureMonitoring: false, configureReminders: false, configurePersonReuse: false, configureRiskModel: false, configureDecisionPolicy: false,
};
const COMPLIANCE = {
  ...SETTINGS_NONE, readAuditLog: true, setFourEyes: true, setFullParityEgress: true, setZeroRetention: true, setDefaultMlro: true, setWebhookAlertThreshold: true,
  configureIdentityVerification: true, configureMonitoring: true, configureReminders: true, configurePersonReuse: true, configureRiskModel: true, configureDecisionPolicy: true,
};

/** The server says what a viewer may do (issue 25): viewerCan is what the use cases then allow. */
describe('console GraphQL: viewerCan', function () {
  this.timeout(120_000);
  let h: ConsoleHarness;
  before(async () => {
    h = await ConsoleHarness.start();
  });
  after(() => h.close());

  const caseAt = async (tenant: Tenant, status: CaseStatus) => {
    const c = await newCase(h.svc, tenant);
    await setStatus(h.svc, c.pk, status);
    return c;
  };
  const flagsOf = async (m: Member, caseId: string) => (await m.data<{ case: { viewerCan: Flags } }>(CASE, { id: caseId })).case.viewerCan;

  for (const role of ['analyst', 'mlro', 'compliance_admin'] as const) {
    it(`${role}: viewerCan on a case in_review, pending_senior and approved, and each move succeeds exactly when its flag is true`, async () => {
      const member: Member = await h.signedIn(role);
      const tenant = member.member.tenant;
      for (const status of ['in_review', 'pending_senior', 'approved'] as const) {
        const shown = await caseAt(tenant, status);
        const flags = await flagsOf(member, shown.caseId);
        expect(flags, `${role} on a case ${status}`).to.deep.equal(EXPECTED[role]![status]);
        for (const [move, mutation] of Object.entries(MOVES)) {
          const c = await caseAt(tenant, status);
          const answer = await member.gql(mutation, { id: c.caseId });
          if (flags[move]) expect(answer.body.errors, `${role} ${move} on ${status}`).to.equal(undefined);
          else expect(answer.body.errors?.[0]?.extensions.code, `${role} ${move} on ${status}`).to.be.oneOf(['FORBIDDEN', 'CONFLICT']);
        }
      }
    });
  }

  it('a pending approval over open checks (four-eyes): the requester may not sign it off, another member may', async () => {
    const requester: Member = await h.signedIn('analyst');
    const tenant = requester.member.tenant;
    const colleague: Member = await h.signedIn('analyst', tenant);
    await setFourEyes(h.svc, memberActor({ orgId: tenant.id, id: '00000000-0000-4000-8000-000000000002', email: 'admin@example.com', role: 'compliance_admin' }), { enabled: true });
    const c = await caseAt(tenant, 'in_review'); // not routed yet: an open check
    await requester.data('mutation($id: String!) { decideCase(caseId: $id, outcome: approved, notes: "Yes.", overrideReason: "Known customer.") { status } }', { id: c.caseId });

    const inReview = EXPECTED.analyst!.in_review!;
    expect(await flagsOf(requester, c.caseId)).to.deep.equal(inReview);
    expect(await flagsOf(colleague, c.caseId)).to.deep.equal({ ...inReview, approveDecisionOverride: true, rejectDecisionOverride: true });
    const reject = 'mutation($id: String!) { rejectDecisionOverride(caseId: $id) { status } }';
    expect((await requester.error(reject, { id: c.caseId })).code).to.equal('FORBIDDEN');
    await colleague.data(reject, { id: c.caseId });
    expect(await flagsOf(colleague, c.caseId), 'nothing pending any more').to.deep.equal(inReview);
  });

  it('me.viewerCan: the configuration controls of each role, and the audit log answers accordingly', async () => {
    const expected: Record<MemberRole, Flags> = {
      analyst: SETTINGS_NONE,
      mlro: SETTINGS_NONE,
      compliance_admin: COMPLIANCE,
      admin: { ...COMPLIANCE, manageMembers: true, disconnectAnyConnectedApp: true },
    };
    const tenant = await h.tenant();
    for (const role of ['analyst', 'mlro', 'compliance_admin', 'admin'] as const) {
      const member: Member = await h.signedIn(role, tenant);
      const { me } = await member.data<{ me: { role: string; viewerCan: Flags } }>(ME);
      expect(me, role).to.deep.equal({ role, viewerCan: expected[role] });
      const audit = await member.gql('query { auditLog(first: 1) { edges { cursor } } }');
      if (me.viewerCan.readAuditLog) expect(audit.body.errors, role).to.equal(undefined);
      else expect(audit.body.errors?.[0]?.extensions.code, role).to.equal('FORBIDDEN');
    }
    // Who setDefaultMlro accepts (the organisation page lists only them): mlro and above.
    const viewer: Member = await h.signedIn('analyst', tenant);
    const { members } = await viewer.data<{ members: { role: string; eligibleAsDefaultMlro: boolean }[] }>('query { members { role eligibleAsDefaultMlro } }');
    expect(Object.fromEntries(members.map((m) => [m.role, m.eligibleAsDefaultMlro]))).to.deep.equal({ analyst: false, mlro: true, compliance_admin: true, admin: true });
  });

  it('a monitoring review: viewerCan follows its states, the roles and four-eyes, and each flagged action succeeds', async () => {
    const a: Member = await h.signedIn('analyst');
    const tenant = a.member.tenant;
    const b: Member = await h.signedIn('analyst', tenant);
    const mlro: Member = await h.signedIn('mlro', tenant);
    const rt = await runtime();
    const c = await monitoredCase(rt, tenant);
    await alert(rt, fact(tenant, c));
    const [{ node }] = (await a.data<{ monitoringReviews: { edges: { node: { id: string } }[] } }>('query { monitoringReviews(state: open) { edges { node { id } } } }'))
      .monitoringReviews.edges as [{ node: { id: string } }];
    const id = node.id;
    const flags = async (m: Member) => (await m.data<{ monitoringReview: { viewerCan: Flags } }>(
      'query($id: ID!) { monitoringReview(id: $id) { viewerCan { dispositionMonitoringReview approveMonitoringReview resolveMonitoringReview reopenMonitoringReview } } }', { id },
    )).monitoringReview.viewerCan;
    const none = { dispositionMonitoringReview: false, approveMonitoringReview: false, resolveMonitoringReview: false, reopenMonitoringReview: false };
    const expectFlags = async (state: string, expected: [Member, Flags][]) => {
      for (const [m, f] of expected) expect(await flags(m), `${m.member.role} ${m.member.email} on ${state}`).to.deep.equal({ ...none, ...f });
    };

    await expectFlags('open', [[a, { dispositionMonitoringReview: true }], [mlro, { dispositionMonitoringReview: true }]]);
    await a.data('mutation($id: ID!) { dispositionMonitoringReview(id: $id, disposition: false_positive, note: "A namesake.") { state } }', { id });
    await expectFlags('pending_approval (four-eyes on)', [[a, {}], [b, { approveMonitoringReview: true }], [mlro, { approveMonitoringReview: true }]]);
    await b.data('mutation($id: ID!) { approveMonitoringReview(id: $id) { state } }', { id });
    await expectFlags('closed', [[a, {}], [b, {}], [mlro, { reopenMonitoringReview: true }]]);
    await mlro.data('mutation($id: ID!) { reopenMonitoringReview(id: $id, reason: "New facts.") { state } }', { id });
    await expectFlags('reopened', [[b, { dispositionMonitoringReview: true }]]);
    await b.data('mutation($id: ID!) { dispositionMonitoringReview(id: $id, disposition: escalate, note: "Cannot tell.") { state } }', { id });
    await expectFlags('with_mlro', [[a, {}], [b, {}], [mlro, { resolveMonitoringReview: true }]]);
    await mlro.data('mutation($id: ID!) { resolveMonitoringReview(id: $id, disposition: true_match, note: "Confirmed.") { state } }', { id });
  });
});
