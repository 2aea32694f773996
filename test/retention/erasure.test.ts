import { expect } from 'chai';
import { operatorActor } from '../../src/access/index';
import { openCase } from '../../src/onboarding/index';
import { ConsoleHarness, type ConsoleClient } from '../graphql/harness';
import { seedIdDocument, seedParty } from '../persons/support';
import { blobExists, personalCase, storedPersonalData } from './support';

type Row = Record<string, unknown>;
/** What storedPersonalData reads, its rows loosely typed. */
type Stored = { case: Row; profile: Row; parties: Row[]; documents: Row[]; hits: Row[] };

const ERASE = 'mutation ($input: ErasureRequestInput!) { requestErasure(input: $input) { requestId decisions { caseId outcome scope erasedAt } } }';
const LIST = '{ erasureRequests(first: 10) { edges { node { requestId personId state decisions { caseId outcome scope } } } pageInfo { hasNextPage } } }';
const CASE = 'query ($id: String!) { case(caseId: $id) { purgedAt retention { deletionCertificate { basis } } } }';

/** Links a case's party to a registry person (a new one when `personId` is absent); answers the person's id. */
async function link(analyst: ConsoleClient, caseId: string, personKey: string, personId?: number): Promise<number> {
  if (personId !== undefined) {
    await analyst.data('mutation($c: ID!, $k: String!, $p: Int!) { linkPerson(caseId: $c, personKey: $k, personId: $p) { caseId } }', { c: caseId, k: personKey, p: personId });
    return personId;
  }
  const marked = (await analyst.data<{ markPersonNew: { persons: { personKey: string; link: { personId: number } | null }[] } }>(
    'mutation($c: ID!, $k: String!) { markPersonNew(caseId: $c, personKey: $k) { persons { personKey link { personId } } } }', { c: caseId, k: personKey },
  )).markPersonNew;
  return marked.persons.find((p) => p.personKey === personKey)!.link!.personId;
}

/**
 * Per-person erasure (docs/evidence-and-retention.md, Data-subject requests): across two cases of one person, one where
 * they are one of two directors (only their data goes; the other director, the applicant and the case stay) and one
 * where they are the only person (the whole case's personal data goes, with a deletion certificate).
 */
describe('requestErasure erases the person, not the other people of their cases', function () {
  this.timeout(90_000);
  let h: ConsoleHarness;
  before(async () => {
    h = await ConsoleHarness.start();
  });
  after(() => h.close());

  it('one of two directors: their party row, their screening hit and their attached document go, the rest stays; the sole person of another case: the whole case is purged', async () => {
    const ca = await h.signedIn('compliance_admin');
    const tenant = ca.member.tenant;
    const analyst = await h.signedIn('analyst', tenant);

    // Case A: Jane Doe applies (customer and first director); John Subject is the second director.
    const shared = await personalCase(h.svc, tenant);
    const john = await seedParty(h.svc, tenant.id, shared.pk, { position: 1, name: 'John Subject', email: 'john@subject.example', dateOfBirth: '1970-01-01' });
    await h.svc.db.query(
      `INSERT INTO screening_hits (org_id, case_pk, hit_id, subject_id, subject_name, subject_role, caption, entity_schema, score, topics, positions, nationality,
         is_pep, is_sanctioned, source, detected_at, triage_reason)
       VALUES (?, ?, 'os-john', 'director:1', 'John Subject', 'director', 'John SUBJECT', 'Person', 0.9, '[]', '[]', '["gb"]', 0, 0, 'screening', NOW(), 'Same name.')`,
      [tenant.id, shared.pk],
    );
    const johnsPassport = await seedIdDocument(h.svc, tenant.id, shared.pk, { filename: 'passport-john-subject.pdf' });
    const personId = await link(analyst, shared.caseId, john.personKey);
    await analyst.data('mutation($p: Int!, $d: Int!) { attachPersonDocument(personId: $p, documentId: $d) { personId } }', { p: personId, d: johnsPassport });

    // Case B: John Subject applies alone.
    const own = await openCase(h.svc, operatorActor(tenant.id), { source: 'manual', companyName: 'Subject Trading', customerEmail: 'john@subject.example', customerName: 'John Subject' });
    const alone = await seedParty(h.svc, tenant.id, own.pk, { position: 0, name: 'John Subject', email: 'john@subject.example', dateOfBirth: '1970-01-01' });
    await link(analyst, own.caseId, alone.personKey, personId);

    const answer = (await ca.data<{ requestErasure: { requestId: number; decisions: { caseId: string; outcome: string; scope: string | null }[] } }>(
      ERASE, { input: { personId, reason: 'Letter of 2 November 2026' } },
    )).requestErasure;
    expect(answer.decisions.map(({ caseId, outcome, scope }) => ({ caseId, outcome, scope }))).to.have.deep.members([
      { caseId: shared.caseId, outcome: 'erased', scope: 'person' },
      { caseId: own.caseId, outcome: 'erased', scope: 'case' },
    ]);

    // Case A keeps Jane: the case, its customer, her party row, her hit and her document; John's are gone.
    const a = await storedPersonalData(h.svc, tenant.id, shared.pk) as unknown as Stored;
    expect(a.case).to.include({ customer_email: 'jane.doe@retained.example', customer_name: 'Jane Doe', purged_at: null });
    expect(a.profile.registered_address).to.equal('1 Home Street, Leeds');
    const parties = a.parties.map((p) => ({ name: p.name, email: p.email, date_of_birth: p.date_of_birth }));
    expect(parties).to.have.deep.members([
      { name: 'Jane Doe', email: null, date_of_birth: parties.find((p) => p.name === 'Jane Doe')!.date_of_birth },
      { name: '', email: null, date_of_birth: null },
    ]);
    expect(parties.find((p) => p.name === 'Jane Doe')!.date_of_birth).to.not.equal(null);
    expect(a.hits.map((x) => x.subject_name)).to.have.members(['John Doe', null]);
    const docs = await h.svc.db.query('SELECT id, filename, purged_at FROM documents WHERE org_id = ? AND case_pk = ? ORDER BY id', [tenant.id, shared.pk]) as { id: number; filename: string; purged_at: Date | null }[];
    expect(docs.map((d) => ({ id: Number(d.id), filename: d.filename, purged: d.purged_at !== null }))).to.deep.equal([
      { id: shared.documentId, filename: 'passport-jane-doe.pdf', purged: false },
      { id: johnsPassport, filename: '', purged: true },
    ]);
    expect(await blobExists(h.svc, shared.blobKey)).to.equal(true);
    expect((await ca.data<{ case: { purgedAt: string | null; retention: { deletionCertificate: unknown } } }>(CASE, { id: shared.caseId })).case)
      .to.deep.equal({ purgedAt: null, retention: { deletionCertificate: null } });

    // Case B had nobody else: purged whole, with its certificate.
    const b = await storedPersonalData(h.svc, tenant.id, own.pk) as unknown as Stored;
    expect(b.case.customer_email).to.equal(null);
    expect(b.case.purged_at).to.be.an.instanceOf(Date);
    expect(b.parties.map((p) => p.name)).to.deep.equal(['']);
    expect((await ca.data<{ case: { retention: { deletionCertificate: { basis: string } | null } } }>(CASE, { id: own.caseId })).case.retention.deletionCertificate)
      .to.deep.equal({ basis: 'erasure_request' });

    const audit = await h.svc.db.query(
      "SELECT action, details FROM tenant_config_audit_log WHERE org_id = ? AND action IN ('case.person_data.erased', 'case.personal_data.purged') ORDER BY seq", [tenant.id],
    ) as { action: string; details: unknown }[];
    const lines = audit.map((l) => ({ action: l.action, details: (typeof l.details === 'string' ? JSON.parse(l.details) : l.details) as Record<string, unknown> }));
    expect(lines.map((l) => [l.action, l.details.caseId])).to.have.deep.members([['case.person_data.erased', shared.caseId], ['case.personal_data.purged', own.caseId]]);
    expect(lines.find((l) => l.action === 'case.person_data.erased')!.details).to.deep.include({
      personId, scope: 'person', counts: { parties: 1, screeningHits: 1, documents: 1, customerEmails: 0, customerContact: 0 },
    });

    // The list of requests: done, each case's decision with its scope; another tenant sees none of it.
    const list = (await ca.data<{ erasureRequests: { edges: { node: Record<string, unknown> }[]; pageInfo: { hasNextPage: boolean } } }>(LIST)).erasureRequests;
    expect(list.edges.map((e) => e.node)).to.deep.equal([{ requestId: answer.requestId, personId, state: 'done', decisions: answer.decisions.map(({ caseId, outcome, scope }) => ({ caseId, outcome, scope })) }]);
    expect(list.pageInfo.hasNextPage).to.equal(false);
    expect(await analyst.error(LIST)).to.deep.include({ code: 'FORBIDDEN' });
    const stranger = await h.signedIn('compliance_admin');
    expect((await stranger.data<{ erasureRequests: { edges: unknown[] } }>(LIST)).erasureRequests.edges).to.deep.equal([]);
  });
});
