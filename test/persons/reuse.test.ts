import { expect } from 'chai';
import type { Runtime } from '../../bin/compose';
import { memberActor, operatorActor } from '../../src/access/index';
import { inTransaction } from '../../src/db/index';
import { attachPersonDocument, findReusableIdDocument, linkPerson, markPersonNew, setPersonReuseWindow, unlinkPerson } from '../../src/persons/index';
import type { Tenant } from '../../src/tenants/index';
import { caseEventsInFeed, feedToken, newCase } from '../graphql/case-support';
import { ConsoleHarness } from '../graphql/harness';
import { drainJobs, runtime } from '../support/runtime';
import { seedIdDocument, seedParty } from './support';
import { TestClock } from '../support/clock';

const T0 = new Date('2026-06-01T10:00:00.000Z');
const MARIA = { name: 'María García López', email: 'maria@garcia.example', dateOfBirth: '1985-05-05', idNumber: 'ES-123 456', idCountry: 'ES' };

describe('person registry: findReusableIdDocument (the reuse of an attached ID document on a later case, only through an analyst\'s link)', function () {
  this.timeout(90_000);
  let h: ConsoleHarness;
  let rt: Runtime;
  const clock = new TestClock(T0);
  before(async () => {
    h = await ConsoleHarness.start({ clock });
    rt = await runtime();
  });
  after(() => h.close());
  beforeEach(() => clock.set(T0));

  const analystOf = (tenant: Tenant) => memberActor({ orgId: tenant.id, id: '00000000-0000-4000-8000-000000000001', email: 'analyst@example.com', role: 'analyst' });
  const registry = (tenant: Tenant, casePk: number, personKey: string) =>
    inTransaction(h.svc, (tx) => findReusableIdDocument(tx, { orgId: tenant.id, casePk, personKey }));
  /** The reusable document and its person, or null when the registry offers none to reuse. */
  const reusable = async (tenant: Tenant, casePk: number, personKey: string) => {
    const r = await registry(tenant, casePk, personKey);
    return r.status === 'reusable' ? { documentId: r.documentId, personId: r.personId } : null;
  };
  const personEvents = async (tenant: Tenant, caseId: string) => {
    await drainJobs(rt, { orgId: tenant.id });
    const events = await caseEventsInFeed(h, tenant, caseId, await feedToken(h, tenant));
    return events.filter((e) => e.type.startsWith('person.')).map((e) => e.payload);
  };

  /** A tenant whose registry holds María with her passport (expiring `expiry`) attached at T0. */
  async function registryWithMaria(expiry = '2031-01-01') {
    const tenant = await h.tenant();
    const first = await newCase(h.svc, tenant, { companyName: 'First SL' });
    const party = await seedParty(h.svc, tenant.id, first.pk, MARIA);
    const passport = await seedIdDocument(h.svc, tenant.id, first.pk, { expiryDate: expiry });
    const { personId } = await markPersonNew(h.svc, analystOf(tenant), { caseId: first.caseId, personKey: party.personKey });
    await attachPersonDocument(h.svc, analystOf(tenant), { personId, documentId: passport });
    return { tenant, first, party, passport, personId };
  }

  it('reuses the document of the linked person within the window, not after it, and not after an unlink', async () => {
    const { tenant, first, party, passport, personId } = await registryWithMaria();
    expect(await reusable(tenant, first.pk, party.personKey)).to.deep.equal({ documentId: passport, personId });
    clock.advanceDays(364);
    expect(await reusable(tenant, first.pk, party.personKey)).to.deep.equal({ documentId: passport, personId });
    clock.advanceDays(2);
    expect(await reusable(tenant, first.pk, party.personKey)).to.equal(null);
    // A longer window (compliance_admin) makes it reusable again; a shorter one ends it.
    await setPersonReuseWindow(h.svc, operatorActor(tenant.id), { days: 400 });
    expect(await reusable(tenant, first.pk, party.personKey)).to.deep.equal({ documentId: passport, personId });
    await setPersonReuseWindow(h.svc, operatorActor(tenant.id), { days: 30 });
    expect(await reusable(tenant, first.pk, party.personKey)).to.equal(null);
    clock.set(T0);
    await unlinkPerson(h.svc, analystOf(tenant), { caseId: first.caseId, personKey: party.personKey, reason: 'Wrong person' });
    // Unlinked: nothing, and the strong match does not link the same person again behind the analyst's back.
    expect(await reusable(tenant, first.pk, party.personKey)).to.equal(null);
    expect((await personEvents(tenant, first.caseId)).map((e) => e.event)).to.deep.equal(['person.marked_new', 'person.document_attached', 'person.unlinked']);
  });

  it('does not reuse an expired document even within the window', async () => {
    const { tenant, first, party } = await registryWithMaria('2026-12-31');
    clock.set(new Date('2027-01-01T08:00:00.000Z'));
    expect(await reusable(tenant, first.pk, party.personKey)).to.equal(null);
  });

  it('a strong match on typed data (name, date of birth and email or id number) only proposes: nothing linked, nothing reused, until an analyst links the party', async () => {
    const { tenant, passport, personId } = await registryWithMaria();
    clock.advanceDays(10);
    const second = await newCase(h.svc, tenant, { companyName: 'Second SL' });
    // The same normalized name (order, case and accents aside), date of birth and email: what anyone can type about María.
    const again = await seedParty(h.svc, tenant.id, second.pk, { ...MARIA, name: 'GARCIA LOPEZ, Maria', email: 'Maria@Garcia.example', idNumber: null, roles: ['director', 'signatory'] });
    expect(await registry(tenant, second.pk, again.personKey)).to.deep.equal({ status: 'proposed', personId, documentId: null });
    expect(await personEvents(tenant, second.caseId)).to.deep.equal([]);
    // The same id number and country (spacing aside) instead of the email: a proposal too.
    const third = await newCase(h.svc, tenant, { companyName: 'Third SL' });
    const byId = await seedParty(h.svc, tenant.id, third.pk, { ...MARIA, email: null, idNumber: 'es123456', idCountry: 'es' });
    expect(await registry(tenant, third.pk, byId.personKey)).to.deep.equal({ status: 'proposed', personId, documentId: null });

    // An analyst confirms the link: the document is reused.
    await linkPerson(h.svc, analystOf(tenant), { caseId: second.caseId, personKey: again.personKey, personId });
    expect(await registry(tenant, second.pk, again.personKey)).to.deep.equal({ status: 'reusable', personId, documentId: passport });
    const events = await personEvents(tenant, second.caseId);
    expect(events.map((e) => [e.event, e.linkedBy])).to.deep.equal([['person.linked', 'analyst@example.com']]);

    // A link the system made before links needed an analyst (linked_by system) is not enough.
    await h.svc.db.query("UPDATE person_links SET linked_by = 'system' WHERE org_id = ? AND case_pk = ?", [tenant.id, second.pk]);
    expect(await registry(tenant, second.pk, again.personKey)).to.deep.equal({ status: 'unconfirmed_link', personId, documentId: null });
  });

  it('does not link a near match: a similar name, or the same name and birth date without the same email or id', async () => {
    const { tenant } = await registryWithMaria();
    const other = await newCase(h.svc, tenant, { companyName: 'Other SL' });
    const similar = await seedParty(h.svc, tenant.id, other.pk, { ...MARIA, name: 'María García' });
    const otherEmail = await seedParty(h.svc, tenant.id, other.pk, { ...MARIA, position: 1, email: 'someone@else.example', idNumber: 'ES999', idCountry: 'ES' });
    const otherBirth = await seedParty(h.svc, tenant.id, other.pk, { ...MARIA, position: 2, dateOfBirth: '1985-05-06' });
    for (const p of [similar, otherEmail, otherBirth]) expect(await reusable(tenant, other.pk, p.personKey)).to.equal(null);
    expect(await personEvents(tenant, other.caseId)).to.deep.equal([]);
    // Another tenant's identical party finds nothing in this registry.
    const stranger = await h.tenant();
    const theirs = await newCase(h.svc, stranger);
    const twin = await seedParty(h.svc, stranger.id, theirs.pk, MARIA);
    expect(await reusable(stranger, theirs.pk, twin.personKey)).to.equal(null);
  });
});
