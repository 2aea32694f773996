import { expect } from 'chai';
import { compactVerify, createLocalJWKSet, type JWK } from 'jose';
import { memberActor } from '../../src/access/index';
import { decideCase } from '../../src/decisions/index';
import { sweepRetention } from '../../src/retention/index';
import { ConsoleHarness } from '../graphql/harness';
import { TestClock } from '../support/clock';
import { seedParty } from '../persons/support';
import { blobExists, decide, personalCase, purgeAudit, storedPersonalData } from './support';

const POLICY = 'version yearsAfterClosure declinedDays withdrawnDays updatedBy';
const SET = `mutation ($input: RetentionPolicyInput!) { setRetentionPolicy(input: $input) { ${POLICY} } }`;
const GET = `{ retentionPolicy { ${POLICY} } }`;
const HOLD = 'mutation ($id: String!, $reason: String!) { setLegalHold(caseId: $id, reason: $reason) { reason placedBy } }';
const RELEASE = 'mutation ($id: String!) { releaseLegalHold(caseId: $id) { caseId } }';
const CASE = `query ($id: String!) { case(caseId: $id) { caseId purgedAt customerEmail
  retention { legalHold { reason placedBy } period { state dueAt basis } deletionCertificate { basis policyVersion document jws } } } }`;

interface CaseRetention {
  caseId: string; purgedAt: string | null; customerEmail: string | null;
  retention: {
    legalHold: { reason: string; placedBy: string } | null;
    period: { state: string; dueAt: string | null; basis: string | null };
    deletionCertificate: { basis: string; policyVersion: number | null; document: Record<string, unknown>; jws: string } | null;
  };
}

const DAY = 86_400_000;

describe('retention schedules and legal hold (console GraphQL, the injectable clock)', function () {
  this.timeout(90_000);
  let h: ConsoleHarness;
  const clock = new TestClock();
  before(async () => {
    h = await ConsoleHarness.start({ clock });
  });
  after(() => h.close());

  it('setRetentionPolicy: compliance_admin only, validated with paths, versioned and audited; off by default', async () => {
    const ca = await h.signedIn('compliance_admin');
    const mlro = await h.signedIn('mlro', ca.member.tenant);
    expect((await ca.data<{ retentionPolicy: unknown }>(GET)).retentionPolicy).to.deep.equal({ version: 0, yearsAfterClosure: null, declinedDays: null, withdrawnDays: null, updatedBy: null });
    expect(await mlro.error(SET, { input: { declinedDays: 30 } })).to.deep.include({ code: 'FORBIDDEN' });
    const bad = await ca.error(SET, { input: { yearsAfterClosure: 0, declinedDays: 40000, withdrawnDays: 10 } });
    expect(bad.code).to.equal('BAD_USER_INPUT');
    expect(bad.extensions.details).to.deep.equal([
      { path: 'yearsAfterClosure', message: 'must be a whole number of years from 1 to 100, or null (off)' },
      { path: 'declinedDays', message: 'must be a whole number of days from 1 to 36500, or null (off)' },
    ]);
    const set = (await ca.data<{ setRetentionPolicy: unknown }>(SET, { input: { yearsAfterClosure: 5, declinedDays: 30, withdrawnDays: 14 } })).setRetentionPolicy;
    expect(set).to.deep.equal({ version: 1, yearsAfterClosure: 5, declinedDays: 30, withdrawnDays: 14, updatedBy: ca.member.email });
    await ca.data(SET, { input: { yearsAfterClosure: 5, declinedDays: 30, withdrawnDays: 14 } });
    const audit = await h.svc.db.query("SELECT actor, details FROM tenant_config_audit_log WHERE org_id = ? AND action = 'retention_policy.set'", [ca.member.tenant.id]) as { actor: string; details: unknown }[];
    expect(audit.map((a) => ({ actor: a.actor, details: typeof a.details === 'string' ? JSON.parse(a.details) : a.details }))).to.deep.equal([{
      actor: ca.member.email, details: { version: 1, yearsAfterClosure: 5, declinedDays: 30, withdrawnDays: 14, previous: null },
    }]);
  });

  it('purges a declined case on the day its period ends (not before), an approved one after its years unless on legal hold; the certificate verifies against the JWKS', async () => {
    const ca = await h.signedIn('compliance_admin');
    const tenant = ca.member.tenant;
    const mlro = await h.signedIn('mlro', tenant);
    const analyst = await h.signedIn('analyst', tenant);
    await ca.data(SET, { input: { yearsAfterClosure: 5, declinedDays: 30 } });

    const approved = await personalCase(h.svc, tenant);
    await decide(h.svc, tenant, approved.caseId);
    const declined = await personalCase(h.svc, tenant);
    const decider = memberActor({ orgId: tenant.id, id: '00000000-0000-4000-8000-0000000000a1', email: 'analyst@retained.example', role: 'analyst' });
    await decideCase(h.svc, decider, { caseId: declined.caseId, outcome: 'declined', notes: 'Could not verify the source of funds.' });
    const decidedAt = clock.now();
    // The clock moves by days and years: each read signs in again (sessions expire by the same clock).
    const view = async (id: string) => (await (await h.signedInAs(ca.member)).data<{ case: CaseRetention }>(CASE, { id })).case;
    const asMlro = () => h.signedInAs(mlro.member);

    expect((await view(declined.caseId)).retention.period).to.deep.equal({
      state: 'running', dueAt: new Date(decidedAt.getTime() + 30 * DAY).toISOString(), basis: 'declined: 30 days after the decline',
    });
    clock.advance(30 * DAY - 1000);
    await sweepRetention(h.svc);
    expect((await view(declined.caseId)).purgedAt, 'a second before the day: kept').to.equal(null);

    clock.advance(1000);
    await sweepRetention(h.svc);
    const purged = await view(declined.caseId);
    expect(purged).to.deep.include({ purgedAt: clock.now().toISOString(), customerEmail: null });
    expect((await storedPersonalData(h.svc, tenant.id, declined.pk)).parties[0]).to.include({ name: '', email: null });
    expect(await blobExists(h.svc, declined.blobKey)).to.equal(false);
    expect((await view(approved.caseId)).purgedAt, 'the approved case keeps its 5 years').to.equal(null);

    const cert = purged.retention.deletionCertificate!;
    expect(cert).to.deep.include({ basis: 'retention_policy', policyVersion: 1 });
    const jwks = (await (await fetch(`${h.url}/v1/oauth/jwks.json`)).json()) as { keys: JWK[] };
    const { payload, protectedHeader } = await compactVerify(cert.jws, createLocalJWKSet(jwks));
    expect(protectedHeader).to.include({ typ: 'deletion-certificate+json', alg: 'ES256' });
    const signed = JSON.parse(Buffer.from(payload).toString()) as Record<string, unknown>;
    expect(signed).to.deep.equal(cert.document);
    expect(signed).to.deep.include({
      type: 'deletion-certificate', orgId: tenant.id, caseId: declined.caseId, purgedAt: clock.now().toISOString(), basis: 'retention_policy',
      policy: { version: 1, yearsAfterClosure: 5, declinedDays: 30, withdrawnDays: null },
    });
    expect(signed.grounds).to.deep.include({ closedAt: decidedAt.toISOString(), dueAt: clock.now().toISOString(), status: 'declined' });
    expect((await purgeAudit(h.svc, tenant.id)).map((a) => [a.actor, a.details.caseId, a.details.basis, a.details.policyVersion])).to.deep.equal([
      ['system', declined.caseId, 'retention_policy', 1],
    ]);

    // The approved case: an MLRO places a legal hold (an analyst may not); its years pass; the hold keeps it.
    const m = await asMlro();
    expect(await (await h.signedInAs(analyst.member)).error(HOLD, { id: approved.caseId, reason: 'Litigation' })).to.deep.include({ code: 'FORBIDDEN' });
    expect((await m.error(HOLD, { id: approved.caseId, reason: '  ' })).extensions.details).to.deep.equal([{ path: 'reason', message: 'must say why, in 1 to 2000 characters' }]);
    expect((await m.data<{ setLegalHold: unknown }>(HOLD, { id: approved.caseId, reason: 'Subpoena 2026-114 (FCA enquiry)' })).setLegalHold)
      .to.deep.equal({ reason: 'Subpoena 2026-114 (FCA enquiry)', placedBy: mlro.member.email });
    expect(await m.error(HOLD, { id: approved.caseId, reason: 'again' })).to.deep.include({ code: 'CONFLICT' });
    clock.advance(6 * 365 * DAY);
    expect((await view(approved.caseId)).retention).to.deep.include({ legalHold: { reason: 'Subpoena 2026-114 (FCA enquiry)', placedBy: mlro.member.email } });
    expect((await view(approved.caseId)).retention.period.state).to.equal('ended');
    await sweepRetention(h.svc);
    expect((await view(approved.caseId)).purgedAt, 'held').to.equal(null);

    await (await asMlro()).data(RELEASE, { id: approved.caseId });
    expect(await (await asMlro()).error(RELEASE, { id: approved.caseId })).to.deep.include({ code: 'CONFLICT' });
    await sweepRetention(h.svc);
    const released = await view(approved.caseId);
    expect(released.purgedAt).to.equal(clock.now().toISOString());
    expect(released.retention.deletionCertificate!.document.grounds).to.deep.include({ status: 'approved', legalBasis: 'AML record keeping: 5 years after the relationship ended' });
    const holdAudit = await h.svc.db.query("SELECT action, actor FROM tenant_config_audit_log WHERE org_id = ? AND action LIKE 'case.legal_hold.%' ORDER BY seq", [tenant.id]) as { action: string; actor: string }[];
    expect(holdAudit.map((a) => [a.action, a.actor])).to.deep.equal([['case.legal_hold.set', mlro.member.email], ['case.legal_hold.released', mlro.member.email]]);
  });

  it('requestErasure across two cases of one person: erased now where nothing obliges keeping it, else retained until the period ends with its legal basis, then erased by the sweep; every step audited', async () => {
    const ca = await h.signedIn('compliance_admin');
    const tenant = ca.member.tenant;
    await ca.data(SET, { input: { yearsAfterClosure: 5, declinedDays: 30 } });
    const open = await personalCase(h.svc, tenant);
    const declined = await personalCase(h.svc, tenant);
    const decider = memberActor({ orgId: tenant.id, id: '00000000-0000-4000-8000-0000000000a1', email: 'analyst@retained.example', role: 'analyst' });
    await decideCase(h.svc, decider, { caseId: declined.caseId, outcome: 'declined', notes: 'Could not verify the source of funds.' });
    const decidedAt = clock.now();
    // The same human on both cases, one person of the registry.
    const first = await seedParty(h.svc, tenant.id, open.pk, { position: 1, name: 'John Subject', email: 'john@subject.example', dateOfBirth: '1970-01-01' });
    const second = await seedParty(h.svc, tenant.id, declined.pk, { position: 1, name: 'John Subject', email: 'john@subject.example', dateOfBirth: '1970-01-01' });
    const analyst = await h.signedIn('analyst', tenant);
    const marked = (await analyst.data<{ markPersonNew: { persons: { personKey: string; link: { personId: number } | null }[] } }>(
      'mutation($c: ID!, $k: String!) { markPersonNew(caseId: $c, personKey: $k) { persons { personKey link { personId } } } }', { c: open.caseId, k: first.personKey },
    )).markPersonNew;
    const personId = marked.persons.find((p) => p.personKey === first.personKey)!.link!.personId;
    await analyst.data('mutation($c: ID!, $k: String!, $p: Int!) { linkPerson(caseId: $c, personKey: $k, personId: $p) { caseId } }', { c: declined.caseId, k: second.personKey, p: personId });

    const ERASE = 'mutation ($input: ErasureRequestInput!) { requestErasure(input: $input) { requestId personId decisions { caseId outcome scope retainUntil legalBasis erasedAt } } }';
    expect(await analyst.error(ERASE, { input: { personId, reason: 'Email of 2026-11-02' } })).to.deep.include({ code: 'FORBIDDEN' });
    clock.advance(DAY);
    const answer = (await (await h.signedInAs(ca.member)).data<{ requestErasure: { requestId: number; decisions: Record<string, unknown>[] } }>(ERASE, { input: { personId, reason: 'Email of 2026-11-02' } })).requestErasure;
    const dueAt = new Date(decidedAt.getTime() + 30 * DAY).toISOString();
    expect(answer.decisions).to.deep.equal([
      { caseId: open.caseId, outcome: 'erased', scope: 'person', retainUntil: null, legalBasis: null, erasedAt: clock.now().toISOString() },
      { caseId: declined.caseId, outcome: 'retained', scope: null, retainUntil: dueAt, legalBasis: 'declined: 30 days after the decline', erasedAt: null },
    ].sort((a, b) => answer.decisions.findIndex((d) => d.caseId === a.caseId) - answer.decisions.findIndex((d) => d.caseId === b.caseId)));
    // The open case's customer and first director is Jane Doe: only John's party row goes (test/retention/erasure.test.ts has the rest).
    const kept = await storedPersonalData(h.svc, tenant.id, open.pk);
    expect(kept.case).to.include({ customer_email: 'jane.doe@retained.example', purged_at: null });
    expect(kept.parties.map((p) => (p as Record<string, unknown>).name)).to.have.members(['Jane Doe', '']);
    expect(await blobExists(h.svc, open.blobKey)).to.equal(true);
    expect((await storedPersonalData(h.svc, tenant.id, declined.pk)).case.customer_email).to.equal('jane.doe@retained.example');

    clock.advance(29 * DAY);
    await sweepRetention(h.svc);
    expect((await storedPersonalData(h.svc, tenant.id, declined.pk)).case.purged_at, 'erased by the sweep on its date').to.be.an.instanceOf(Date);
    const [decision] = await h.svc.db.query('SELECT erased_at FROM erasure_decisions WHERE org_id = ? AND case_id = ?', [tenant.id, declined.caseId]) as { erased_at: Date }[];
    expect(decision!.erased_at.toISOString()).to.equal(clock.now().toISOString());

    const audit = await h.svc.db.query(
      "SELECT action, details FROM tenant_config_audit_log WHERE org_id = ? AND (action LIKE 'subject.%' OR action LIKE 'case.erasure.%' OR action IN ('case.personal_data.purged', 'case.person_data.erased')) ORDER BY seq", [tenant.id],
    ) as { action: string; details: unknown }[];
    const lines = audit.map((a) => ({ action: a.action, details: (typeof a.details === 'string' ? JSON.parse(a.details) : a.details) as Record<string, unknown> }));
    expect(lines.map((l) => [l.action, l.details.caseId ?? null, l.details.basis ?? l.details.outcome ?? null])).to.deep.equal([
      ['subject.erasure_requested', null, null],
      ...answer.decisions.flatMap((d) => d.outcome === 'erased'
        ? [['case.person_data.erased', d.caseId, 'erasure_request'], ['case.erasure.decided', d.caseId, 'erased']]
        : [['case.erasure.decided', d.caseId, 'retained']]),
      ['case.personal_data.purged', declined.caseId, 'retention_policy'],
    ]);
    expect(lines[0]!.details).to.deep.include({ requestId: answer.requestId, personId, reason: 'Email of 2026-11-02' });
  });
});
