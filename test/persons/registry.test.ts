import { expect } from 'chai';
import type { Runtime } from '../../bin/compose';
import type { Tenant } from '../../src/tenants/index';
import { caseEventsInFeed, feedToken, newCase } from '../graphql/case-support';
import { ConsoleHarness, type ConsoleClient } from '../graphql/harness';
import { own, type Payload } from '../support/event-payloads';
import { drainJobs, runtime } from '../support/runtime';
import { seedIdDocument, seedParty } from './support';

const PEOPLE = `query($id: String!) { case(caseId: $id) { people { caseId
  persons { personKey name email roles dateOfBirth link { personId displayName linkedBy } proposals { personId displayName score sameBirthDate } }
  idDocuments { documentId documentType filename } } } }`;
const PEOPLE_FIELDS = 'caseId persons { personKey link { personId displayName linkedBy } proposals { personId } }';
const LINK = `mutation($c: ID!, $k: String!, $p: Int!) { linkPerson(caseId: $c, personKey: $k, personId: $p) { ${PEOPLE_FIELDS} } }`;
const UNLINK = `mutation($c: ID!, $k: String!, $r: String!) { unlinkPerson(caseId: $c, personKey: $k, reason: $r) { ${PEOPLE_FIELDS} } }`;
const MARK_NEW = `mutation($c: ID!, $k: String!) { markPersonNew(caseId: $c, personKey: $k) { ${PEOPLE_FIELDS} } }`;
const ATTACH = `mutation($p: Int!, $d: Int!) { attachPersonDocument(personId: $p, documentId: $d) { personId documents { documentId caseId documentType filename attachedBy validUntil } } }`;
const PERSON = `query($id: Int!) { person(id: $id) { personId displayName dateOfBirth nationality emails createdBy
  cases { caseId personKey linkedBy active unlinkedBy unlinkReason } documents { documentId documentType validUntil } } }`;
const PERSONS = 'query($s: String, $first: Int, $after: Int) { persons(search: $s, first: $first, after: $after) { nodes { personId displayName emails } hasMore } }';

interface People {
  caseId: string;
  persons: { personKey: string; name: string; email: string | null; roles: string[]; dateOfBirth: string | null;
    link: { personId: number; displayName: string; linkedBy: string } | null; proposals: { personId: number; displayName: string; score: number; sameBirthDate: boolean }[] }[];
  idDocuments: { documentId: number; documentType: string; filename: string }[];
}


describe('person registry: console GraphQL', function () {
  this.timeout(90_000);
  let h: ConsoleHarness;
  let rt: Runtime;
  before(async () => {
    h = await ConsoleHarness.start();
    rt = await runtime();
  });
  after(() => h.close());

  /** A case's person.* events, relayed, schema-checked and found byte for byte in /v1/events. */
  const personEvents = async (tenant: Tenant, caseId: string) => {
    await drainJobs(rt, { orgId: tenant.id });
    const events = await caseEventsInFeed(h, tenant, caseId, await feedToken(h, tenant));
    return events.filter((e) => e.type.startsWith('person.')).map((e) => ({ type: e.type, caseId: e.payload.caseId, fields: own(e.payload) }));
  };
  const people = async (client: ConsoleClient, caseId: string) => (await client.data<{ case: { people: People } }>(PEOPLE, { id: caseId })).case.people;

  it('marks a party new, proposes that person on a later case (similar name, same date of birth; not a different date), links, unlinks and relinks', async () => {
    const analyst = await h.signedIn('analyst');
    const tenant = analyst.member.tenant;
    const first = await newCase(h.svc, tenant, { companyName: 'First Ltd' });
    // One human as director and UBO: one person of the case, roles merged.
    const jane = await seedParty(h.svc, tenant.id, first.pk, { name: 'Jane Amelia Doe', email: 'jane@first.example', dateOfBirth: '1981-02-03', idNumber: 'P111', idCountry: 'GB' });
    await seedParty(h.svc, tenant.id, first.pk, { kind: 'ubo', name: 'Jane Amelia Doe', email: 'jane@first.example', dateOfBirth: '1981-02-03', personKey: jane.personKey });

    const before = await people(analyst, first.caseId);
    expect(before.persons).to.deep.equal([{
      personKey: jane.personKey, name: 'Jane Amelia Doe', email: 'jane@first.example', roles: ['director', 'ubo'], dateOfBirth: '1981-02-03', link: null, proposals: [],
    }]);

    const marked = (await analyst.data<{ markPersonNew: People }>(MARK_NEW, { c: first.caseId, k: jane.personKey })).markPersonNew;
    const personId = marked.persons[0]!.link!.personId;
    expect(marked.persons[0]!.link).to.deep.equal({ personId, displayName: 'Jane Amelia Doe', linkedBy: analyst.member.email });
    expect(await personEvents(tenant, first.caseId)).to.deep.equal([{
      type: 'person.marked_new', caseId: first.caseId,
      fields: { personId, personKey: jane.personKey, displayName: 'Jane Amelia Doe', email: 'jane@first.example', resolvedBy: analyst.member.email },
    }]);
    const again = await analyst.error(MARK_NEW, { c: first.caseId, k: jane.personKey });
    expect(again.code).to.equal('CONFLICT');
    expect(again.message).to.equal(`Jane Amelia Doe is already linked to person ${personId}; unlink them first.`);

    // A later case: "Jane Doe" born the same day is proposed, "Jane Doe" born another day is not.
    const second = await newCase(h.svc, tenant, { companyName: 'Second Ltd' });
    const same = await seedParty(h.svc, tenant.id, second.pk, { name: 'DOE, Jane', email: 'jd@second.example', dateOfBirth: '1981-02-03' });
    const other = await seedParty(h.svc, tenant.id, second.pk, { position: 1, name: 'Jane Doe', dateOfBirth: '1990-07-07' });
    const proposed = await people(analyst, second.caseId);
    const sameRow = proposed.persons.find((p) => p.personKey === same.personKey)!;
    expect(sameRow.proposals.map((p) => ({ personId: p.personId, displayName: p.displayName, sameBirthDate: p.sameBirthDate }))).to.deep.equal([
      { personId, displayName: 'Jane Amelia Doe', sameBirthDate: true },
    ]);
    expect(sameRow.proposals[0]!.score).to.be.within(0.7, 1);
    expect(proposed.persons.find((p) => p.personKey === other.personKey)!.proposals).to.deep.equal([]);

    const linked = (await analyst.data<{ linkPerson: People }>(LINK, { c: second.caseId, k: same.personKey, p: personId })).linkPerson;
    expect(linked.persons.find((p) => p.personKey === same.personKey)!.link).to.deep.equal({ personId, displayName: 'Jane Amelia Doe', linkedBy: analyst.member.email });
    // Linking an already linked party, or the person to a second party of the case: CONFLICT.
    const twice = await analyst.error(LINK, { c: second.caseId, k: same.personKey, p: personId });
    expect(twice).to.deep.include({ code: 'CONFLICT', message: `DOE, Jane is already linked to person ${personId}; unlink them first.` });
    const otherParty = await analyst.error(LINK, { c: second.caseId, k: other.personKey, p: personId });
    expect(otherParty).to.deep.include({ code: 'CONFLICT', message: `Person ${personId} is already linked to another party of this case.` });

    const noReason = await analyst.error(UNLINK, { c: second.caseId, k: same.personKey, r: '  ' });
    expect(noReason).to.deep.include({ code: 'BAD_USER_INPUT', message: 'reason: is required: say why the link is wrong' });
    const unlinked = (await analyst.data<{ unlinkPerson: People }>(UNLINK, { c: second.caseId, k: same.personKey, r: 'Different middle name on the passport' })).unlinkPerson;
    expect(unlinked.persons.find((p) => p.personKey === same.personKey)!.link).to.equal(null);
    const unlinkTwice = await analyst.error(UNLINK, { c: second.caseId, k: same.personKey, r: 'again' });
    expect(unlinkTwice).to.deep.include({ code: 'CONFLICT', message: 'DOE, Jane has no active person link to remove.' });
    await analyst.data(LINK, { c: second.caseId, k: same.personKey, p: personId });

    expect(await personEvents(tenant, second.caseId)).to.deep.equal([
      { type: 'person.linked', caseId: second.caseId, fields: { personId, personKey: same.personKey, displayName: 'Jane Amelia Doe', email: 'jd@second.example', roles: ['director'], linkedBy: analyst.member.email } },
      { type: 'person.unlinked', caseId: second.caseId, fields: { personId, personKey: same.personKey, unlinkedBy: analyst.member.email, reason: 'Different middle name on the passport' } },
      { type: 'person.linked', caseId: second.caseId, fields: { personId, personKey: same.personKey, displayName: 'Jane Amelia Doe', email: 'jd@second.example', roles: ['director'], linkedBy: analyst.member.email } },
    ]);

    // The person: both emails learnt, every link (the unlinked one kept), newest first.
    const { person } = await analyst.data<{ person: Payload }>(PERSON, { id: personId });
    expect(person).to.deep.equal({
      personId, displayName: 'Jane Amelia Doe', dateOfBirth: '1981-02-03', nationality: 'GB', emails: ['jane@first.example', 'jd@second.example'], createdBy: analyst.member.email,
      cases: [
        { caseId: second.caseId, personKey: same.personKey, linkedBy: analyst.member.email, active: true, unlinkedBy: null, unlinkReason: null },
        { caseId: second.caseId, personKey: same.personKey, linkedBy: analyst.member.email, active: false, unlinkedBy: analyst.member.email, unlinkReason: 'Different middle name on the passport' },
        { caseId: first.caseId, personKey: jane.personKey, linkedBy: analyst.member.email, active: true, unlinkedBy: null, unlinkReason: null },
      ],
      documents: [],
    });
    const search = async (s: string | null) => (await analyst.data<{ persons: { nodes: Payload[]; hasMore: boolean } }>(PERSONS, { s })).persons;
    expect((await search('amelia')).nodes.map((n) => n.personId)).to.deep.equal([personId]);
    expect((await search('JD@SECOND')).nodes.map((n) => n.personId)).to.deep.equal([personId]);
    expect((await search('nobody')).nodes).to.deep.equal([]);
  });

  it('attaches an accepted passport of a linked case to the person (person.document_attached), refusing other documents', async () => {
    const analyst = await h.signedIn('analyst');
    const tenant = analyst.member.tenant;
    const c = await newCase(h.svc, tenant);
    const party = await seedParty(h.svc, tenant.id, c.pk, { name: 'Omar Haddad', email: 'omar@example.com' });
    const passport = await seedIdDocument(h.svc, tenant.id, c.pk, { expiryDate: '2032-05-06' });
    const idCard = await seedIdDocument(h.svc, tenant.id, c.pk, { type: 'Government ID', expiryDate: null, filename: 'id.png' });
    const escalated = await seedIdDocument(h.svc, tenant.id, c.pk, { status: 'escalated' });
    const expired = await seedIdDocument(h.svc, tenant.id, c.pk, { expiryDate: '2001-01-01' });
    const utilityBill = await seedIdDocument(h.svc, tenant.id, c.pk, { type: 'proof_of_address', filename: 'bill.pdf' });
    expect((await people(analyst, c.caseId)).idDocuments).to.deep.equal([
      { documentId: passport, documentType: 'Passport', filename: 'passport.pdf' },
      { documentId: idCard, documentType: 'Government ID', filename: 'id.png' },
      { documentId: expired, documentType: 'Passport', filename: 'passport.pdf' },
    ]);

    const marked = (await analyst.data<{ markPersonNew: People }>(MARK_NEW, { c: c.caseId, k: party.personKey })).markPersonNew;
    const personId = marked.persons[0]!.link!.personId;
    const attached = (await analyst.data<{ attachPersonDocument: Payload }>(ATTACH, { p: personId, d: passport })).attachPersonDocument;
    expect(attached).to.deep.equal({
      personId, documents: [{ documentId: passport, caseId: c.caseId, documentType: 'Passport', filename: 'passport.pdf', attachedBy: analyst.member.email, validUntil: '2032-05-06' }],
    });
    await analyst.data(ATTACH, { p: personId, d: idCard });
    const events = await personEvents(tenant, c.caseId);
    expect(events.slice(1)).to.deep.equal([
      { type: 'person.document_attached', caseId: c.caseId, fields: { personId, documentId: passport, documentType: 'Passport', attachedBy: analyst.member.email } },
      { type: 'person.document_attached', caseId: c.caseId, fields: { personId, documentId: idCard, documentType: 'Government ID', attachedBy: analyst.member.email } },
    ]);

    expect(await analyst.error(ATTACH, { p: personId, d: passport })).to.deep.include({ code: 'CONFLICT', message: `Document ${passport} is already attached to person ${personId}.` });
    expect(await analyst.error(ATTACH, { p: personId, d: utilityBill })).to.deep.include({
      code: 'BAD_USER_INPUT', message: 'documentId: only a passport or government ID document can be attached to a person',
    });
    expect(await analyst.error(ATTACH, { p: personId, d: escalated })).to.deep.include({
      code: 'BAD_USER_INPUT', message: 'documentId: the document is escalated; only an accepted document (complete or approved) can be attached',
    });
    expect(await analyst.error(ATTACH, { p: personId, d: expired })).to.deep.include({ code: 'BAD_USER_INPUT', message: 'documentId: the document expired on 2001-01-01' });

    // A passport of a case whose parties are not linked to the person.
    const unrelated = await newCase(h.svc, tenant);
    const strangerPassport = await seedIdDocument(h.svc, tenant.id, unrelated.pk);
    expect(await analyst.error(ATTACH, { p: personId, d: strangerPassport })).to.deep.include({
      code: 'CONFLICT', message: `No party of case ${unrelated.caseId} is linked to person ${personId}; link the party first.`,
    });
    expect((await personEvents(tenant, c.caseId)).length).to.equal(3);
  });

  it('keeps each organisation to its own persons, cases and documents (NOT_FOUND, never proposed or listed)', async () => {
    const analyst = await h.signedIn('analyst');
    const intruder = await h.signedIn('analyst');
    const c = await newCase(h.svc, analyst.member.tenant);
    const party = await seedParty(h.svc, analyst.member.tenant.id, c.pk, { name: 'Ivo Petrov', dateOfBirth: '1975-09-09' });
    const doc = await seedIdDocument(h.svc, analyst.member.tenant.id, c.pk);
    const personId = (await analyst.data<{ markPersonNew: People }>(MARK_NEW, { c: c.caseId, k: party.personKey })).markPersonNew.persons[0]!.link!.personId;

    const theirs = await newCase(h.svc, intruder.member.tenant);
    const twin = await seedParty(h.svc, intruder.member.tenant.id, theirs.pk, { name: 'Ivo Petrov', dateOfBirth: '1975-09-09' });
    expect((await people(intruder, theirs.caseId)).persons[0]!.proposals).to.deep.equal([]);
    expect((await intruder.data<{ persons: { nodes: unknown[] } }>(PERSONS, { s: 'petrov' })).persons.nodes).to.deep.equal([]);
    expect((await intruder.data<{ person: unknown }>(PERSON, { id: personId })).person).to.equal(null);
    expect(await intruder.error(LINK, { c: theirs.caseId, k: twin.personKey, p: personId })).to.deep.include({ code: 'NOT_FOUND', message: 'Person not found.' });
    // Case ids run per organisation (both may have CS-<year>-00001): the other's party is not found either way.
    expect((await intruder.error(LINK, { c: c.caseId, k: party.personKey, p: personId })).code).to.equal('NOT_FOUND');
    expect(await intruder.error(ATTACH, { p: personId, d: doc })).to.deep.include({ code: 'NOT_FOUND', message: 'Document not found.' });
    expect((await intruder.error(UNLINK, { c: c.caseId, k: party.personKey, r: 'mine' })).code).to.equal('NOT_FOUND');
    expect(await intruder.error(LINK, { c: 'CS-2020-99999', k: twin.personKey, p: personId })).to.deep.include({ code: 'NOT_FOUND', message: 'Case not found.' });
    expect(await analyst.error(LINK, { c: c.caseId, k: '00000000-0000-4000-8000-000000000000', p: personId })).to.deep.include({ code: 'NOT_FOUND', message: 'Party not found.' });
    expect(await analyst.error(LINK, { c: c.caseId, k: 'not-a-key', p: personId })).to.deep.include({ code: 'BAD_USER_INPUT', message: 'personKey: must be a UUID' });
    expect((await personEvents(intruder.member.tenant, theirs.caseId))).to.deep.equal([]);
  });

  it('keeps test data apart: the people list, a person\'s page, proposals and links follow the Test data switch', async () => {
    const live = await h.signedIn('analyst');
    const tenant = live.member.tenant;
    const test = await h.signedInAs(live.member);
    expect((await test.data<{ setConsoleMode: { mode: string } }>('mutation { setConsoleMode(mode: "test") { mode } }')).setConsoleMode).to.deep.equal({ mode: 'test' });
    const liveCase = await newCase(h.svc, tenant, { companyName: 'Live Ltd' });
    const testCase = await newCase(h.svc, tenant, { companyName: 'Test Ltd', mode: 'test' });
    const lena = await seedParty(h.svc, tenant.id, liveCase.pk, { name: 'Lena Livewell', email: 'lena@live.example', dateOfBirth: '1979-05-05' });
    const tara = await seedParty(h.svc, tenant.id, testCase.pk, { name: 'Tara Testwell', email: 'tara@test.example', dateOfBirth: '1985-06-06' });
    const testDoc = await seedIdDocument(h.svc, tenant.id, testCase.pk);
    const markNew = async (client: ConsoleClient, caseId: string, personKey: string) =>
      (await client.data<{ markPersonNew: People }>(MARK_NEW, { c: caseId, k: personKey })).markPersonNew.persons[0]!.link!.personId;
    const livePerson = await markNew(live, liveCase.caseId, lena.personKey);
    const testPerson = await markNew(test, testCase.caseId, tara.personKey);
    // A test case's party is not found from the live view (its case is not), and the other way round.
    expect(await live.error(MARK_NEW, { c: testCase.caseId, k: tara.personKey })).to.deep.include({ code: 'NOT_FOUND', message: 'Case not found.' });

    const ids = async (client: ConsoleClient, s: string | null = null) =>
      (await client.data<{ persons: { nodes: { personId: number }[] } }>(PERSONS, { s })).persons.nodes.map((n) => n.personId);
    expect(await ids(live), 'the live people list').to.deep.equal([livePerson]);
    expect(await ids(test), 'the test people list').to.deep.equal([testPerson]);
    expect(await ids(live, 'testwell')).to.deep.equal([]);
    expect(await ids(test, 'livewell')).to.deep.equal([]);
    expect((await live.data<{ person: unknown }>(PERSON, { id: testPerson })).person, 'a test person in the live view').to.equal(null);
    expect((await test.data<{ person: unknown }>(PERSON, { id: livePerson })).person, 'a live person in the test view').to.equal(null);
    const { person } = await test.data<{ person: Payload }>(PERSON, { id: testPerson });
    expect(person.cases).to.deep.equal([{ caseId: testCase.caseId, personKey: tara.personKey, linkedBy: live.member.email, active: true, unlinkedBy: null, unlinkReason: null }]);

    // The same human on a later live case: the test person is never proposed there, nor may it be linked or given a test document.
    const later = await newCase(h.svc, tenant, { companyName: 'Later Live Ltd' });
    const twin = await seedParty(h.svc, tenant.id, later.pk, { name: 'Tara Testwell', email: 'tara@test.example', dateOfBirth: '1985-06-06' });
    expect((await people(live, later.caseId)).persons[0]!.proposals).to.deep.equal([]);
    expect(await live.error(LINK, { c: later.caseId, k: twin.personKey, p: testPerson })).to.deep.include({ code: 'NOT_FOUND', message: 'Person not found.' });
    expect(await live.error(ATTACH, { p: livePerson, d: testDoc })).to.deep.include({ code: 'NOT_FOUND', message: 'Document not found.' });
    // On a later test case the test person is proposed, and linked.
    const laterTest = await newCase(h.svc, tenant, { companyName: 'Later Test Ltd', mode: 'test' });
    const testTwin = await seedParty(h.svc, tenant.id, laterTest.pk, { name: 'Tara Testwell', dateOfBirth: '1985-06-06' });
    expect((await people(test, laterTest.caseId)).persons[0]!.proposals.map((p) => p.personId)).to.deep.equal([testPerson]);
    await test.data(LINK, { c: laterTest.caseId, k: testTwin.personKey, p: testPerson });
    expect((await test.data<{ person: Payload }>(PERSON, { id: testPerson })).person.cases).to.have.length(2);
    expect(await ids(live), 'the live people list is unchanged').to.deep.equal([livePerson]);
  });

  it('reads and sets the reuse window (compliance_admin, audited; 1..1825 days)', async () => {
    const admin = await h.signedIn('compliance_admin');
    const analyst = await h.signedIn('analyst', admin.member.tenant);
    expect((await analyst.data<{ personReuseWindow: number }>('{ personReuseWindow }')).personReuseWindow).to.equal(365);
    const SET = 'mutation($d: Int!) { setPersonReuseWindow(days: $d) }';
    expect(await analyst.error(SET, { d: 30 })).to.deep.include({ code: 'FORBIDDEN', message: 'This requires the compliance_admin role or higher; you are analyst.' });
    expect(await admin.error(SET, { d: 0 })).to.deep.include({ code: 'BAD_USER_INPUT', message: 'days: must be a whole number of days from 1 to 1825' });
    expect((await admin.data<{ setPersonReuseWindow: number }>(SET, { d: 30 })).setPersonReuseWindow).to.equal(30);
    await admin.data(SET, { d: 30 });
    expect((await analyst.data<{ personReuseWindow: number }>('{ personReuseWindow }')).personReuseWindow).to.equal(30);
    const audit: { action: string; actor: string; details: string | object }[] = await h.svc.db.query(
      "SELECT action, actor, details FROM tenant_config_audit_log WHERE org_id = ? AND action = 'person_reuse_window.set'", [admin.member.tenant.id],
    );
    expect(audit.map((a) => ({ ...a, details: typeof a.details === 'string' ? JSON.parse(a.details) : a.details }))).to.deep.equal([
      { action: 'person_reuse_window.set', actor: admin.member.email, details: { days: 30, previous: 365 } },
    ]);
  });
});
