import { expect } from 'chai';
import { operatorActor } from '../../src/access/index';
import type { CaseStatus } from '../../src/cases/index';
import type { Runtime } from '../../bin/compose';
import { setFullParity, type MemberRole, type Tenant } from '../../src/tenants/index';
import { seedDocument, seedParty, seedRisk } from '../rest/factories';
import { drainJobs, runtime } from '../support/runtime';
import { caseEventsInFeed, feedToken, newCase, setRouted, setStatus } from './case-support';
import { ConsoleHarness, type ConsoleClient, type TestMember } from './harness';
import { own, type Payload } from '../support/event-payloads';

const CASE_FIELDS = 'caseId status onboardingStage owner { id name email } createdBy';
const DECIDE = `mutation($id: String!, $outcome: DecisionOutcome!, $notes: String!) { decideCase(caseId: $id, outcome: $outcome, notes: $notes) { ${CASE_FIELDS} decision { outcome notes analystEmail decidedAt } } }`;
const ESCALATE = `mutation($id: String!, $note: String!) { escalateCase(caseId: $id, note: $note) { ${CASE_FIELDS} } }`;
const RESPOND = `mutation($id: String!, $r: Recommendation!, $note: String!) { respondToEscalation(caseId: $id, recommendation: $r, note: $note) { ${CASE_FIELDS} } }`;
const REOPEN = `mutation($id: String!, $reason: String!) { reopenCase(caseId: $id, reason: $reason) { ${CASE_FIELDS} } }`;
const ASSIGN = `mutation($id: String!, $member: ID) { assignCaseOwner(caseId: $id, memberId: $member) { ${CASE_FIELDS} } }`;
const OVERRIDE = `mutation($doc: Int!, $status: DocumentOverrideStatus!, $note: String, $reason: String) {
  overrideDocumentStatus(documentId: $doc, status: $status, note: $note, reason: $reason) { id caseId status } }`;
const CREATE = `mutation($input: CreateCaseInput!) { createCase(input: $input) { ${CASE_FIELDS} companyName customerEmail customerName country companyNumber source } }`;


describe('console GraphQL: case work', function () {
  this.timeout(90_000);
  let h: ConsoleHarness;
  let rt: Runtime;
  before(async () => {
    h = await ConsoleHarness.start();
    rt = await runtime();
  });
  after(() => h.close());

  /** A tenant's events of one case, relayed, schema-checked and found byte for byte in /v1/events. */
  const eventsOf = async (tenant: Tenant, caseId: string) => {
    await drainJobs(rt, { orgId: tenant.id });
    return caseEventsInFeed(h, tenant, caseId, await feedToken(h, tenant));
  };

  it('createCase opens a CS-<year>-<seq> manual case with case.created (source manual, createdBy) and sends the invite', async () => {
    const analyst = await h.signedIn('analyst');
    const tenant = analyst.member.tenant;
    const { createCase: c } = await analyst.data<{ createCase: Payload }>(CREATE, {
      input: { companyName: ' Handmade Ltd ', customerEmail: 'jo@handmade.example', customerName: 'Jo Hand', country: 'GB', companyNumber: '07654321', sendInvite: true },
    });
    const year = new Date().getUTCFullYear();
    expect(c).to.deep.equal({
      caseId: `CS-${year}-00001`, status: 'in_progress', onboardingStage: 'created', owner: null, createdBy: analyst.member.email, companyName: 'Handmade Ltd',
      customerEmail: 'jo@handmade.example', customerName: 'Jo Hand', country: 'GB', companyNumber: '07654321', source: 'manual',
    });
    const events = await eventsOf(tenant, c.caseId as string);
    expect(events[0]!.type).to.equal('case.created');
    expect(own(events[0]!.payload)).to.deep.equal({
      companyName: 'Handmade Ltd', companyNumber: '07654321', country: 'GB', customerEmail: 'jo@handmade.example', source: 'manual', createdBy: analyst.member.email,
    });
    // The invite job ran in drainJobs: the mail went out (kept locally without SMTP_URL) and the stage moved.
    const mail: { to_address: string; raw: string }[] = await h.svc.db.query('SELECT to_address, raw FROM mail_outbox WHERE org_id = ?', [tenant.id]);
    expect(mail.map((m) => m.to_address)).to.deep.equal(['jo@handmade.example']);
    expect(mail[0]!.raw).to.contain('/portal/invite?token=');
    expect(events.map((e) => e.type)).to.deep.equal(['case.created', 'case.onboarding_progress.changed']);

    const second = await analyst.data<{ createCase: Payload }>(CREATE, { input: { companyName: 'No Invite Ltd' } });
    expect(second.createCase.caseId).to.equal(`CS-${year}-00002`);
    const bad = await analyst.error(CREATE, { input: { companyName: 'X', sendInvite: true } });
    expect(bad).to.deep.include({ code: 'BAD_USER_INPUT', message: 'customerEmail: is required to send the invite' });
    // The company number reaches the registry's URL path (monitoring): only a registration number's characters.
    const traversal = await analyst.error(CREATE, { input: { companyName: 'X', companyNumber: '../../admin' } });
    expect(traversal).to.deep.include({
      code: 'BAD_USER_INPUT', message: 'companyNumber: must be a registration number: letters, digits, and spaces, hyphens or dots between them, at most 32 characters',
    });
    expect((await analyst.data<{ createCase: Payload }>(CREATE, { input: { companyName: 'Register GmbH', companyNumber: 'HRB 12.345-B' } })).createCase.companyNumber).to.equal('HRB 12.345-B');
  });

  it('assignCaseOwner assigns, reassigns and clears with owner.changed; another tenant\'s or a removed member is NOT_FOUND', async () => {
    const analyst = await h.signedIn('analyst');
    const tenant = analyst.member.tenant;
    const colleague = await h.member('mlro', tenant);
    const c = await newCase(h.svc, tenant);
    const assigned = await analyst.data<{ assignCaseOwner: Payload }>(ASSIGN, { id: c.caseId, member: analyst.member.id });
    expect(assigned.assignCaseOwner.owner).to.deep.equal({ id: analyst.member.id, name: `analyst ${analyst.member.email.split('.')[1]}`, email: analyst.member.email });
    await analyst.data(ASSIGN, { id: c.caseId, member: analyst.member.id }); // the same owner again: no event
    await analyst.data(ASSIGN, { id: c.caseId, member: colleague.id });
    const cleared = await analyst.data<{ assignCaseOwner: Payload }>(ASSIGN, { id: c.caseId, member: null });
    expect(cleared.assignCaseOwner.owner).to.equal(null);

    const me = { name: `analyst ${analyst.member.email.split('.')[1]}`, email: analyst.member.email };
    const them = { name: `mlro ${colleague.email.split('.')[1]}`, email: colleague.email };
    const events = (await eventsOf(tenant, c.caseId)).filter((e) => e.type === 'owner.changed').map((e) => own(e.payload));
    expect(events).to.deep.equal([
      { previousOwner: null, newOwner: me, changedBy: analyst.member.email },
      { previousOwner: me, newOwner: them, changedBy: analyst.member.email },
      { previousOwner: them, newOwner: null, changedBy: analyst.member.email },
    ]);

    const stranger = await h.member('analyst');
    expect(await analyst.error(ASSIGN, { id: c.caseId, member: stranger.id })).to.deep.include({ code: 'NOT_FOUND', message: 'Member not found.' });
    await h.svc.db.query('UPDATE members SET removed_at = NOW(3) WHERE id = ?', [colleague.id]);
    expect((await analyst.error(ASSIGN, { id: c.caseId, member: colleague.id })).code).to.equal('NOT_FOUND');
    expect((await analyst.error(ASSIGN, { id: c.caseId, member: 'not-a-uuid' })).code).to.equal('NOT_FOUND');
  });

  it('decideCase from in_review: decisions row, case.decision.made, case.status.changed, stage decision_made; illegal moves name the current status', async () => {
    const analyst = await h.signedIn('analyst');
    const tenant = analyst.member.tenant;
    const c = await newCase(h.svc, tenant, { companyName: 'Decided Ltd' });
    const early = await analyst.error(DECIDE, { id: c.caseId, outcome: 'approved', notes: 'Too soon.' });
    expect(early).to.deep.include({ code: 'CONFLICT', message: `Case ${c.caseId} is in_progress; it can only be decided when it is in_review or returned.` });
    expect(early.extensions).to.deep.include({ reason: 'invalid_transition', currentStatus: 'in_progress', allowedFrom: ['in_review', 'returned'] });

    await setStatus(h.svc, c.pk, 'in_review');
    await setRouted(h.svc, c.pk);
    const { decideCase: d } = await analyst.data<{ decideCase: Payload & { decision: Payload } }>(DECIDE, { id: c.caseId, outcome: 'approved', notes: 'All checks passed.' });
    expect(d).to.deep.include({ status: 'approved', onboardingStage: 'decision_made' });
    expect(d.decision).to.deep.include({ outcome: 'approved', notes: 'All checks passed.', analystEmail: analyst.member.email });
    const [row] = (await h.svc.db.query('SELECT decided_at, analyst_email, auto FROM decisions WHERE org_id = ? AND case_pk = ?', [tenant.id, c.pk])) as { decided_at: Date; analyst_email: string; auto: number }[];
    expect(d.decision.decidedAt).to.equal(row!.decided_at.toISOString());

    const events = await eventsOf(tenant, c.caseId);
    expect(events.map((e) => e.type)).to.deep.equal(['case.created', 'case.decision.made', 'case.status.changed', 'case.onboarding_progress.changed']);
    expect(own(events[1]!.payload)).to.deep.equal({
      outcome: 'approved', notes: 'All checks passed.', analystEmail: analyst.member.email, decidedAt: row!.decided_at.toISOString(), companyName: 'Decided Ltd',
    });
    expect(own(events[2]!.payload)).to.deep.equal({ companyName: 'Decided Ltd', status: 'approved', previousStatus: 'in_review', changedBy: analyst.member.email });
    expect(events[3]!.payload).to.deep.include({ stage: 'decision_made', stageLabel: 'Decision made' });
    expect(events.map((e) => e.type), 'no data package without full-parity egress').to.not.include('case.data_package.delivered');

    const again = await analyst.error(DECIDE, { id: c.caseId, outcome: 'declined', notes: 'Changed my mind.' });
    expect(again.message).to.equal(`Case ${c.caseId} is approved; it can only be decided when it is in_review or returned.`);
    expect((await analyst.error(ESCALATE, { id: c.caseId, note: 'Late.' })).message).to.equal(`Case ${c.caseId} is approved; it can only be escalated when it is in_review or returned.`);
    expect((await analyst.error(DECIDE, { id: 'CS-2020-99999', outcome: 'approved', notes: '' })).code).to.equal('NOT_FOUND');
  });

  it('escalate, respond (recommendation on case.status.changed), decide after return, reopen (mlro): every event in order', async () => {
    const analyst = await h.signedIn('analyst');
    const tenant = analyst.member.tenant;
    const mlro = await h.signedIn('mlro', tenant);
    const c = await newCase(h.svc, tenant, { companyName: 'Senior Ltd' });
    await setStatus(h.svc, c.pk, 'in_review');
    expect((await analyst.data<{ escalateCase: Payload }>(ESCALATE, { id: c.caseId, note: 'PEP match, need a senior view.' })).escalateCase.status).to.equal('pending_senior');
    expect((await analyst.error(RESPOND, { id: c.caseId, r: 'approve', note: 'x' })).code, 'an analyst may not answer').to.equal('FORBIDDEN');
    expect((await mlro.error(ESCALATE, { id: c.caseId, note: 'again' })).message).to.equal(`Case ${c.caseId} is pending_senior; it can only be escalated when it is in_review or returned.`);
    expect((await mlro.data<{ respondToEscalation: Payload }>(RESPOND, { id: c.caseId, r: 'decline', note: 'Adverse media confirmed.' })).respondToEscalation.status).to.equal('returned');
    expect((await mlro.error(RESPOND, { id: c.caseId, r: 'decline', note: 'twice' })).message).to.equal(`Case ${c.caseId} is returned; it can only be answered by a senior reviewer when it is pending_senior.`);
    await analyst.data(DECIDE, { id: c.caseId, outcome: 'declined', notes: 'Per MLRO.' });
    expect((await analyst.error(REOPEN, { id: c.caseId, reason: 'New evidence.' })).code, 'reopen needs mlro').to.equal('FORBIDDEN');
    const reopened = await mlro.data<{ reopenCase: Payload }>(REOPEN, { id: c.caseId, reason: 'New evidence.' });
    expect(reopened.reopenCase.status).to.equal('in_review');
    expect((await mlro.error(REOPEN, { id: c.caseId, reason: 'again' })).message).to.equal(`Case ${c.caseId} is in_review; it can only be reopened when it is approved or declined.`);

    const events = (await eventsOf(tenant, c.caseId)).map((e) => ({ type: e.type, ...own(e.payload) }));
    const by = analyst.member.email;
    const senior = mlro.member.email;
    expect(events.filter((e) => e.type !== 'case.onboarding_progress.changed' && e.type !== 'case.created')).to.deep.equal([
      { type: 'escalation.created', companyName: 'Senior Ltd', note: 'PEP match, need a senior view.', raisedBy: by },
      { type: 'case.status.changed', companyName: 'Senior Ltd', status: 'pending_senior', previousStatus: 'in_review', changedBy: by },
      { type: 'escalation.responded', companyName: 'Senior Ltd', recommendation: 'decline', note: 'Adverse media confirmed.', respondedBy: senior },
      { type: 'case.status.changed', companyName: 'Senior Ltd', status: 'returned', previousStatus: 'pending_senior', changedBy: senior, recommendation: 'decline' },
      { type: 'case.decision.made', outcome: 'declined', notes: 'Per MLRO.', analystEmail: by, decidedAt: (events.find((e) => e.type === 'case.decision.made') as Payload).decidedAt, companyName: 'Senior Ltd' },
      { type: 'case.status.changed', companyName: 'Senior Ltd', status: 'declined', previousStatus: 'returned', changedBy: by },
      { type: 'case.status.changed', companyName: 'Senior Ltd', status: 'in_review', previousStatus: 'declined', changedBy: senior },
    ]);
    const esc: Payload[] = await h.svc.db.query('SELECT note, raised_by, recommendation, response_note, responded_by FROM escalations WHERE org_id = ? AND case_pk = ?', [tenant.id, c.pk]);
    expect(esc).to.deep.equal([{ note: 'PEP match, need a senior view.', raised_by: by, recommendation: 'decline', response_note: 'Adverse media confirmed.', responded_by: senior }]);
    const audit: { action: string; details: unknown }[] = await h.svc.db.query("SELECT action, details FROM tenant_config_audit_log WHERE org_id = ? AND action = 'case.reopened'", [tenant.id]);
    expect(audit.map((a) => (typeof a.details === 'string' ? JSON.parse(a.details) : a.details))).to.deep.equal([{ caseId: c.caseId, previousStatus: 'declined', reason: 'New evidence.' }]);
  });

  it('with full-parity egress, a decision records case.data_package.delivered once, only while entitled and enabled, decidedAt the stored decision time', async () => {
    const analyst = await h.signedIn('analyst');
    const tenant = analyst.member.tenant;
    const mlro = await h.signedIn('mlro', tenant);
    const c = await newCase(h.svc, tenant, { companyName: 'Parity Ltd', customerEmail: 'cfo@parity.example' });
    await seedParty(h.svc, tenant.id, c.pk, { kind: 'director', position: 0, name: 'Jane Doe' });
    await seedDocument(h.svc, tenant.id, c.pk, { extractedData: { companyName: 'Parity Ltd' } });
    await setStatus(h.svc, c.pk, 'in_review');
    await setFullParity(h.svc, operatorActor(tenant.id), { entitled: true, enabled: false });
    await analyst.data(DECIDE, { id: c.caseId, outcome: 'declined', notes: 'Entitled but not enabled.' });
    await mlro.data(REOPEN, { id: c.caseId, reason: 'Check parity.' });
    await setFullParity(h.svc, operatorActor(tenant.id), { enabled: true });
    await seedRisk(h.svc, tenant.id, c.pk, { score: 22.5, band: 'low' });
    await analyst.data(DECIDE, { id: c.caseId, outcome: 'declined', notes: 'Second decision.' });

    const events = await eventsOf(tenant, c.caseId);
    const packages = events.filter((e) => e.type === 'case.data_package.delivered');
    expect(packages).to.have.lengthOf(1);
    const made = events.filter((e) => e.type === 'case.decision.made').map((e) => e.payload);
    const decidedAt = made[1]!.decidedAt as string;
    const [latest] = (await h.svc.db.query('SELECT decided_at FROM decisions WHERE org_id = ? AND case_pk = ? ORDER BY id DESC LIMIT 1', [tenant.id, c.pk])) as { decided_at: Date }[];
    expect(decidedAt).to.equal(latest!.decided_at.toISOString());
    const pkg = packages[0]!.payload as Payload & { fullParity: Payload & { companyProfile: Payload; ownership: { directors: Payload[] }; documents: Payload[] } };
    expect(own(pkg)).to.deep.include({ decidedAt, outcome: 'declined', crmSource: null });
    expect(pkg.fullParity).to.deep.include({
      caseId: c.caseId, orgId: tenant.id, status: 'declined', crmRecordId: null, crmSource: null,
      decision: { outcome: 'declined', notes: 'Second decision.', analystEmail: analyst.member.email, decidedAt },
      risk: { compositeScore: 22.5, band: 'low', assessedAt: (pkg.fullParity.risk as Payload).assessedAt },
      screeningSummary: { totalHits: 0, sanctionedHits: 0, pepHits: 0 },
    });
    expect(pkg.fullParity.companyProfile).to.deep.include({ companyName: 'Parity Ltd', customerEmail: 'cfo@parity.example', registrationNumber: null });
    expect(pkg.fullParity.ownership.directors.map((d) => d.name)).to.deep.equal(['Jane Doe']);
    expect(pkg.fullParity.documents.map((d) => d.extractedData)).to.deep.equal([{ companyName: 'Parity Ltd' }]);
    // The package's bytes are stored once: the feed serves them unchanged later, which is what redelivery sends.
    const stored = packages[0]!.data;
    await h.svc.db.query("UPDATE cases SET company_name = 'Renamed Ltd' WHERE pk = ?", [c.pk]);
    const [again] = (await h.svc.db.query("SELECT data FROM events WHERE org_id = ? AND case_id = ? AND type = 'case.data_package.delivered'", [tenant.id, c.caseId])) as { data: string }[];
    expect(again!.data).to.equal(stored);
  });

  it('overrideDocumentStatus: only a document in error, with data.corrected (analyst_override); NOT_FOUND across tenants', async () => {
    const analyst = await h.signedIn('analyst');
    const tenant = analyst.member.tenant;
    const c = await newCase(h.svc, tenant);
    const errored = await seedDocument(h.svc, tenant.id, c.pk, { status: 'error' });
    const escalate = await seedDocument(h.svc, tenant.id, c.pk, { status: 'error', filename: 'blurry.pdf' });
    const complete = await seedDocument(h.svc, tenant.id, c.pk, { status: 'complete' });
    expect((await analyst.data<{ overrideDocumentStatus: Payload }>(OVERRIDE, { doc: errored, status: 'approved', note: 'Checked the original by hand.' })).overrideDocumentStatus)
      .to.deep.equal({ id: errored, caseId: c.caseId, status: 'approved' });
    await analyst.data(OVERRIDE, { doc: escalate, status: 'escalated', reason: 'Unreadable, possibly altered.' });
    const conflict = await analyst.error(OVERRIDE, { doc: complete, status: 'approved', note: 'n' });
    expect(conflict).to.deep.include({ code: 'CONFLICT', message: `Document ${complete} is complete; only a document in error can be overridden.` });
    expect((await analyst.error(OVERRIDE, { doc: errored, status: 'approved', note: 'twice' })).message).to.equal(`Document ${errored} is approved; only a document in error can be overridden.`);
    expect((await analyst.error(OVERRIDE, { doc: escalate, status: 'approved' })).extensions.details).to.deep.equal([{ path: 'note', message: 'is required to approve a document by hand' }]);
    const outsider = await h.signedIn('admin');
    expect((await outsider.error(OVERRIDE, { doc: errored, status: 'approved', note: 'n' })).code).to.equal('NOT_FOUND');

    const corrected = (await eventsOf(tenant, c.caseId)).filter((e) => e.type === 'data.corrected').map((e) => own(e.payload));
    const by = analyst.member.email;
    expect(corrected).to.deep.equal([
      { source: 'analyst_override', documentId: errored, field: 'document_status', originalValue: 'error', correctedValue: 'approved', note: 'Checked the original by hand.', by },
      { source: 'analyst_override', documentId: escalate, field: 'document_status', originalValue: 'error', correctedValue: 'escalated', reason: 'Unreadable, possibly altered.', by },
    ]);
  });

  describe('role matrix: each mutation by each role, and by a member of another tenant (NOT_FOUND, nothing changed)', () => {
    const ROLES: MemberRole[] = ['analyst', 'mlro', 'compliance_admin', 'admin'];
    const RANK: Record<MemberRole, number> = { analyst: 0, mlro: 1, compliance_admin: 2, admin: 3 };
    interface Row {
      name: string;
      least: MemberRole;
      /** The case's status before the call (a fresh case per call). */
      from: CaseStatus;
      call(client: ConsoleClient, ctx: { caseId: string; docId: number; owner: TestMember }): Promise<{ status: number; body: { errors?: { extensions: { code: string } }[] } }>;
    }
    const rows: Row[] = [
      { name: 'createCase', least: 'analyst', from: 'in_progress', call: (cl) => cl.gql(CREATE, { input: { companyName: 'Matrix Ltd' } }) },
      { name: 'assignCaseOwner', least: 'analyst', from: 'in_progress', call: (cl, x) => cl.gql(ASSIGN, { id: x.caseId, member: x.owner.id }) },
      { name: 'decideCase', least: 'analyst', from: 'in_review', call: (cl, x) => cl.gql(DECIDE, { id: x.caseId, outcome: 'declined', notes: 'ok' }) },
      { name: 'escalateCase', least: 'analyst', from: 'in_review', call: (cl, x) => cl.gql(ESCALATE, { id: x.caseId, note: 'look' }) },
      { name: 'respondToEscalation', least: 'mlro', from: 'pending_senior', call: (cl, x) => cl.gql(RESPOND, { id: x.caseId, r: 'refer', note: 'n' }) },
      { name: 'reopenCase', least: 'mlro', from: 'approved', call: (cl, x) => cl.gql(REOPEN, { id: x.caseId, reason: 'r' }) },
      { name: 'overrideDocumentStatus', least: 'analyst', from: 'in_review', call: (cl, x) => cl.gql(OVERRIDE, { doc: x.docId, status: 'approved', note: 'n' }) },
    ];
    for (const row of rows) {
      it(`${row.name}: ${row.least} or higher`, async () => {
        const tenant = await h.tenant();
        const owner = await h.member('analyst', tenant);
        const fresh = async () => {
          const c = await newCase(h.svc, tenant);
          await setStatus(h.svc, c.pk, row.from);
          return { caseId: c.caseId, pk: c.pk, docId: await seedDocument(h.svc, tenant.id, c.pk, { status: 'error' }), owner };
        };
        const snapshot = async (pk: number) => h.svc.db.query(
          'SELECT c.status, c.owner_member_id, c.event_sequence, (SELECT COUNT(*) FROM documents d WHERE d.case_pk = c.pk AND d.status = \'error\') AS errored FROM cases c WHERE c.pk = ?', [pk],
        );
        for (const role of ROLES) {
          const client = await h.signedIn(role, tenant);
          const x = await fresh();
          const before = await snapshot(x.pk);
          const res = await row.call(client, x);
          if (RANK[role] >= RANK[row.least]) {
            expect(res.body.errors, `${role}: ${JSON.stringify(res.body.errors)}`).to.equal(undefined);
          } else {
            expect(res.body.errors?.map((e) => e.extensions.code), role).to.deep.equal(['FORBIDDEN']);
            expect(await snapshot(x.pk), `${role} changed nothing`).to.deep.equal(before);
          }
        }
        if (row.name === 'createCase') return; // creates in the caller's own tenant: nothing of this tenant to reach
        const outsider = await h.signedIn('admin');
        const x = await fresh();
        const before = await snapshot(x.pk);
        const res = await row.call(outsider, x);
        expect(res.body.errors?.map((e) => e.extensions.code), 'another tenant').to.deep.equal(['NOT_FOUND']);
        expect(JSON.stringify(res.body)).to.not.contain(x.caseId);
        expect(await snapshot(x.pk), 'another tenant changed nothing').to.deep.equal(before);
      });
    }
  });
});
