import { expect } from 'chai';
import { memberActor } from '../../src/access/index';
import { setEddRequirement } from '../../src/edd/index';
import { setFourEyes, type Tenant } from '../../src/tenants/index';
import { seedDocument, seedHit, seedParty } from '../rest/factories';
import { newCase, setRouted, setStatus } from './case-support';
import { ConsoleHarness, type ConsoleClient, type TestMember } from './harness';

const CASE = 'caseId status decision { outcome notes analystEmail } pendingDecisionOverride { outcome notes reason requestedBy blockers { code message subject } }';
const DECIDE = `mutation($id: String!, $outcome: DecisionOutcome!, $notes: String!, $reason: String) {
  decideCase(caseId: $id, outcome: $outcome, notes: $notes, overrideReason: $reason) { ${CASE} } }`;
const APPROVE = `mutation($id: String!) { approveDecisionOverride(caseId: $id) { ${CASE} } }`;
const REJECT = `mutation($id: String!) { rejectDecisionOverride(caseId: $id) { ${CASE} } }`;
const BLOCKERS = 'query($id: String!) { case(caseId: $id) { decisionBlockers { code message subject } } }';

type Row = Record<string, unknown>;
type Member = ConsoleClient & { member: TestMember };

/**
 * Approving a case whose checks are open (issue 24 §6): refused without an override reason; with one, the
 * reason and the blockers are kept with the decision and in the audit log; with four-eyes on, the approval
 * waits for a second member and no decision event is recorded until it takes effect.
 */
describe('console GraphQL: decision blockers and override approvals', function () {
  this.timeout(90_000);
  let h: ConsoleHarness;
  before(async () => {
    h = await ConsoleHarness.start();
  });
  after(() => h.close());

  /** A case in_review with every kind of open check: an unverified director, an undispositioned hit, a document in error, outstanding EDD, no routing. */
  async function blockedCase(tenant: Tenant) {
    const c = await newCase(h.svc, tenant, { companyName: 'Blocked Ltd' });
    await setStatus(h.svc, c.pk, 'in_review');
    await seedParty(h.svc, tenant.id, c.pk, { kind: 'director', position: 0, name: 'Ada Owner' });
    await seedHit(h.svc, tenant.id, c.pk, { hitId: 'os-77', isSanctioned: true });
    const docId = await seedDocument(h.svc, tenant.id, c.pk, { status: 'error', filename: 'blurry-id.pdf' });
    const analyst = memberActor({ orgId: tenant.id, id: '00000000-0000-4000-8000-000000000001', email: 'seed@example.com', role: 'analyst' });
    await setEddRequirement(h.svc, analyst, { caseId: c.caseId, reqKey: 'source_of_wealth', status: 'outstanding', label: 'Source of wealth' });
    const [p] = (await h.svc.db.query('SELECT person_key FROM case_parties WHERE case_pk = ?', [c.pk])) as { person_key: string }[];
    const blockers = [
      { code: 'identity_not_verified', message: 'Identity verification of Ada Owner has not passed (no verification sent).', subject: p!.person_key },
      { code: 'screening_hit_open', message: 'Screening hit "John DOE" on John Doe has no disposition.', subject: 'os-77' },
      { code: 'document_in_error', message: 'Document blurry-id.pdf is in error.', subject: String(docId) },
      { code: 'edd_outstanding', message: 'EDD requirement "Source of wealth" is outstanding.', subject: 'source_of_wealth' },
      { code: 'not_routed', message: 'The decision policy has not routed the case yet.', subject: null },
    ];
    return { ...c, blockers };
  }

  const eventTypes = async (tenant: Tenant, caseId: string) =>
    ((await h.svc.db.query('SELECT type FROM events WHERE org_id = ? AND case_id = ? ORDER BY case_sequence', [tenant.id, caseId])) as { type: string }[]).map((e) => e.type);
  const decisionRows = (tenant: Tenant, pk: number) => h.svc.db.query(
    'SELECT outcome, notes, analyst_email, override_reason, override_blockers, override_approved_by FROM decisions WHERE org_id = ? AND case_pk = ? ORDER BY id', [tenant.id, pk],
  ) as Promise<Row[]>;
  const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
  const audit = async (tenant: Tenant) => ((await h.svc.db.query(
    "SELECT actor, action, details FROM tenant_config_audit_log WHERE org_id = ? AND action LIKE 'case.decision_override%' ORDER BY id", [tenant.id],
  )) as { actor: string; action: string; details: unknown }[]).map((r) => ({ ...r, details: json(r.details) as Row }));
  const fourEyes = (tenant: Tenant, enabled: boolean) =>
    setFourEyes(h.svc, memberActor({ orgId: tenant.id, id: '00000000-0000-4000-8000-000000000002', email: 'admin@example.com', role: 'compliance_admin' }), { enabled });

  it('lists the open checks on the case and refuses an approval without an override reason: CONFLICT decision_blocked naming them, nothing recorded', async () => {
    const analyst: Member = await h.signedIn('analyst');
    const tenant = analyst.member.tenant;
    const c = await blockedCase(tenant);
    const { case: found } = await analyst.data<{ case: { decisionBlockers: Row[] } }>(BLOCKERS, { id: c.caseId });
    expect(found.decisionBlockers).to.deep.equal(c.blockers);
    const before = await eventTypes(tenant, c.caseId);

    for (const reason of [undefined, null, '', '   ']) {
      const e = await analyst.error(DECIDE, { id: c.caseId, outcome: 'approved', notes: 'Looks fine.', reason });
      expect(e.code).to.equal('CONFLICT');
      expect(e.message).to.equal(`Case ${c.caseId} has open checks; approving it anyway needs an override reason: ${c.blockers.map((b) => b.message).join(' ')}`);
      expect(e.extensions).to.deep.include({ reason: 'decision_blocked', blockers: c.blockers });
    }
    const tooLong = await analyst.error(DECIDE, { id: c.caseId, outcome: 'approved', notes: 'n', reason: 'x'.repeat(2001) });
    expect(tooLong).to.deep.include({ code: 'BAD_USER_INPUT', message: 'overrideReason: must be a string of at most 2000 characters' });
    expect(await eventTypes(tenant, c.caseId)).to.deep.equal(before);
    expect(await decisionRows(tenant, c.pk)).to.deep.equal([]);
    expect(await audit(tenant)).to.deep.equal([]);
  });

  it('an escalated hit and a document still processing or escalated stay open until settled', async () => {
    const analyst: Member = await h.signedIn('analyst');
    const tenant = analyst.member.tenant;
    const c = await newCase(h.svc, tenant, { companyName: 'Pending Ltd' });
    await setStatus(h.svc, c.pk, 'in_review');
    await seedHit(h.svc, tenant.id, c.pk, { hitId: 'os-88', isPep: true });
    await seedHit(h.svc, tenant.id, c.pk, { hitId: 'os-89', isPep: true });
    await h.svc.db.query("UPDATE screening_hits SET disposition = 'escalate' WHERE org_id = ? AND case_pk = ? AND hit_id = 'os-88'", [tenant.id, c.pk]);
    await h.svc.db.query("UPDATE screening_hits SET disposition = 'false_positive' WHERE org_id = ? AND case_pk = ? AND hit_id = 'os-89'", [tenant.id, c.pk]);
    const processing = await seedDocument(h.svc, tenant.id, c.pk, { status: 'processing', filename: 'new.pdf' });
    const escalated = await seedDocument(h.svc, tenant.id, c.pk, { status: 'escalated', filename: 'odd.pdf' });
    await seedDocument(h.svc, tenant.id, c.pk, { status: 'approved', filename: 'fine.pdf' });
    const { case: found } = await analyst.data<{ case: { decisionBlockers: Row[] } }>(BLOCKERS, { id: c.caseId });
    expect(found.decisionBlockers).to.deep.equal([
      { code: 'screening_hit_open', message: 'Screening hit "John DOE" on John Doe is escalated and awaits a senior disposition.', subject: 'os-88' },
      { code: 'document_pending', message: 'Document new.pdf is still being processed.', subject: String(processing) },
      { code: 'document_pending', message: 'Document odd.pdf is escalated and awaits a senior review.', subject: String(escalated) },
      { code: 'not_routed', message: 'The decision policy has not routed the case yet.', subject: null },
    ]);
  });

  it('four-eyes off: an approval with a reason takes effect at once; the decision keeps the reason and the blockers, the audit log records it, case.decision.made is unchanged', async () => {
    const analyst: Member = await h.signedIn('analyst');
    const tenant = analyst.member.tenant;
    await fourEyes(tenant, false);
    const c = await blockedCase(tenant);
    const { decideCase: d } = await analyst.data<{ decideCase: Row }>(DECIDE, {
      id: c.caseId, outcome: 'approved', notes: 'Approved.', reason: '  Director known to us for years; IDV by phone.  ',
    });
    expect(d).to.deep.include({ status: 'approved', pendingDecisionOverride: null, decision: { outcome: 'approved', notes: 'Approved.', analystEmail: analyst.member.email } });
    const [row] = await decisionRows(tenant, c.pk);
    expect({ ...row, override_blockers: json(row!.override_blockers) }).to.deep.equal({
      outcome: 'approved', notes: 'Approved.', analyst_email: analyst.member.email, override_reason: 'Director known to us for years; IDV by phone.',
      override_blockers: c.blockers, override_approved_by: null,
    });
    const [entry] = await audit(tenant);
    expect(entry).to.deep.include({ actor: analyst.member.email, action: 'case.decision_override' });
    // The audit log keeps each blocker's code and subject, never its message (it names people and files).
    expect(entry!.details).to.deep.include({
      caseId: c.caseId, outcome: 'approved', reason: 'Director known to us for years; IDV by phone.',
      blockers: c.blockers.map(({ code, subject }) => ({ code, subject })),
    });
    const [made] = (await h.svc.db.query("SELECT data FROM events WHERE org_id = ? AND case_id = ? AND type = 'case.decision.made'", [tenant.id, c.caseId])) as { data: string }[];
    expect(Object.keys(JSON.parse(made!.data)).filter((k) => !['event', 'eventId', 'eventVersion', 'timestamp', 'orgId', 'caseId', 'crmRecordId', 'caseSequence'].includes(k)).sort())
      .to.deep.equal(['analystEmail', 'companyName', 'decidedAt', 'notes', 'outcome']);
  });

  it('four-eyes on: the approval waits for another member; the requester cannot sign it off; a rejection leaves the case undecided; an approval makes the requester\'s decision', async () => {
    const requester: Member = await h.signedIn('analyst');
    const tenant = requester.member.tenant;
    const colleague: Member = await h.signedIn('analyst', tenant);
    const c = await blockedCase(tenant);
    const ask = { id: c.caseId, outcome: 'approved', notes: 'Approve.', reason: 'Customer is a regulated bank.' };
    const before = await eventTypes(tenant, c.caseId);

    const { decideCase: pending } = await requester.data<{ decideCase: Row }>(DECIDE, ask);
    expect(pending).to.deep.include({ status: 'in_review', decision: null });
    expect(pending.pendingDecisionOverride).to.deep.equal({ outcome: 'approved', notes: 'Approve.', reason: 'Customer is a regulated bank.', requestedBy: requester.member.email, blockers: c.blockers });
    expect(await eventTypes(tenant, c.caseId), 'no event while pending').to.deep.equal(before);
    expect(await decisionRows(tenant, c.pk)).to.deep.equal([]);
    expect((await requester.error(DECIDE, ask)).code, 'one pending override at a time').to.equal('CONFLICT');

    const own = await requester.error(APPROVE, { id: c.caseId });
    expect(own).to.deep.include({
      code: 'FORBIDDEN',
      message: `Four-eyes approval is on: ${requester.member.email} asked for the approval of case ${c.caseId} over its open checks and cannot approve it; another member must.`,
    });
    expect((await requester.error(REJECT, { id: c.caseId })).code).to.equal('FORBIDDEN');

    const { rejectDecisionOverride: rejected } = await colleague.data<{ rejectDecisionOverride: Row }>(REJECT, { id: c.caseId });
    expect(rejected).to.deep.include({ status: 'in_review', decision: null, pendingDecisionOverride: null });
    expect(await eventTypes(tenant, c.caseId)).to.deep.equal(before);
    expect((await colleague.error(APPROVE, { id: c.caseId })).code, 'nothing pending any more').to.equal('NOT_FOUND');

    await requester.data(DECIDE, { ...ask, reason: 'Customer is a regulated bank; licence checked.' });
    const { approveDecisionOverride: approved } = await colleague.data<{ approveDecisionOverride: Row }>(APPROVE, { id: c.caseId });
    expect(approved).to.deep.include({ status: 'approved', pendingDecisionOverride: null, decision: { outcome: 'approved', notes: 'Approve.', analystEmail: requester.member.email } });
    expect(await eventTypes(tenant, c.caseId)).to.deep.equal([...before, 'case.decision.made', 'case.status.changed', 'case.onboarding_progress.changed']);
    const [row] = await decisionRows(tenant, c.pk);
    expect(row).to.deep.include({ analyst_email: requester.member.email, override_reason: 'Customer is a regulated bank; licence checked.', override_approved_by: colleague.member.email });
    expect(json(row!.override_blockers)).to.deep.equal(c.blockers);
    expect((await audit(tenant)).map((a) => [a.action, a.actor])).to.deep.equal([
      ['case.decision_override.requested', requester.member.email], ['case.decision_override.rejected', colleague.member.email],
      ['case.decision_override.requested', requester.member.email], ['case.decision_override.approved', colleague.member.email],
    ]);
  });

  it('a case with no open check approves as before; declines are never blocked and supersede a pending override', async () => {
    const analyst: Member = await h.signedIn('analyst');
    const tenant = analyst.member.tenant;
    const clean = await newCase(h.svc, tenant, { companyName: 'Clean Ltd' });
    await setStatus(h.svc, clean.pk, 'in_review');
    await setRouted(h.svc, clean.pk);
    expect((await analyst.data<{ case: { decisionBlockers: Row[] } }>(BLOCKERS, { id: clean.caseId })).case.decisionBlockers).to.deep.equal([]);
    const { decideCase: d } = await analyst.data<{ decideCase: Row }>(DECIDE, { id: clean.caseId, outcome: 'approved', notes: 'All checks passed.' });
    expect(d).to.deep.include({ status: 'approved', pendingDecisionOverride: null });
    expect(await decisionRows(tenant, clean.pk)).to.deep.equal([
      { outcome: 'approved', notes: 'All checks passed.', analyst_email: analyst.member.email, override_reason: null, override_blockers: null, override_approved_by: null },
    ]);

    const c = await blockedCase(tenant);
    await analyst.data(DECIDE, { id: c.caseId, outcome: 'approved', notes: 'Approve.', reason: 'Known customer.' });
    const { decideCase: declined } = await analyst.data<{ decideCase: Row }>(DECIDE, { id: c.caseId, outcome: 'declined', notes: 'On reflection, no.' });
    expect(declined).to.deep.include({ status: 'declined', pendingDecisionOverride: null, decision: { outcome: 'declined', notes: 'On reflection, no.', analystEmail: analyst.member.email } });
    expect((await decisionRows(tenant, c.pk)).map((r) => r.override_reason)).to.deep.equal([null]);
    expect(await audit(tenant)).to.have.lengthOf(1);
  });
});
