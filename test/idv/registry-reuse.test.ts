import { expect } from 'chai';
import { memberActor } from '../../src/access/index';
import { attachPersonDocument, linkPerson, listCasePeople, markPersonNew } from '../../src/persons/index';
import type { Tenant } from '../../src/tenants/index';
import { passportPdf } from '../documents/support';
import { ConsoleHarness } from '../graphql/harness';
import { reviewConfirmed, seedDocument, signedInCustomer } from '../portal/support';
import { runtime } from '../support/runtime';
import { drain } from '../webhooks/support';
import { caseEvents, GRACE_PASSPORT, linkTokenFor, personKeyOf, submittedCase, twoPeopleApplication, uploadForVerification } from './support';

/**
 * Verified once, reused only on an analyst's word: a passport the verifier passed on one customer's case and
 * an analyst attached to the person in the registry satisfies the same human on a later case only when an
 * analyst linked that case's party to the person, and only within the reuse window. Another customer who
 * types the verified director's name, date of birth and email gets a proposal for the analyst and a link
 * for the director, never a ride on the first customer's verification. Real work end to end: portal
 * submissions, the hosted page's upload, the pipeline's verify step, the analyst's registry actions.
 */
describe('identity verification reuses a passport of the person registry only through an analyst-confirmed link, within the window', function () {
  this.timeout(120_000);
  let h: ConsoleHarness;
  before(async () => {
    h = await ConsoleHarness.start();
  });
  after(() => h.close());

  const analystOf = (tenant: Tenant) => memberActor({ orgId: tenant.id, id: '00000000-0000-4000-8000-00000000a11a', email: 'analyst@example.com', role: 'analyst' });

  /** Another case of the tenant naming the same people (another customer's application); submitted, `beforeRun` done, its pipeline run. */
  async function laterCase(tenant: Tenant, beforeRun: (ref: { orgId: string; casePk: number; caseId: string }) => Promise<void> = async () => {}) {
    const s = await signedInCustomer(h, tenant);
    await s.client.application.save.mutate({ ...twoPeopleApplication, companyProfile: { ...twoPeopleApplication.companyProfile, companyName: 'Copycat Engines Ltd' } } as never);
    await seedDocument(h.svc, tenant.id, s.case.pk, { status: 'complete' });
    await reviewConfirmed(h.svc, s.tenant.id, s.case.pk);
    await s.client.application.submit.mutate();
    const ref = { orgId: tenant.id, casePk: s.case.pk, caseId: s.case.caseId };
    await beforeRun(ref);
    await drain(await runtime(), { orgId: tenant.id, svc: h.svc });
    return ref;
  }

  /** The document-on-file reason codes the verify step kept for a person. */
  async function reasonCodes(ref: { orgId: string; casePk: number }, personKey: string): Promise<string[]> {
    const [row]: { document_on_file: string | { reasons: { code: string }[] } }[] = await h.svc.db.query(
      'SELECT document_on_file FROM identity_verifications WHERE org_id = ? AND case_pk = ? AND person_key = ?', [ref.orgId, ref.casePk, personKey],
    );
    const value = typeof row!.document_on_file === 'string' ? JSON.parse(row!.document_on_file) as { reasons: { code: string }[] } : row!.document_on_file;
    return value.reasons.map((r) => r.code);
  }

  it('customer B naming customer A\'s verified director (same name, date of birth and email) gets a link sent to that director, no idv.satisfied_by_document; an analyst\'s link reuses the passport until the window passes', async () => {
    const rt = await runtime();
    // Case A: Grace verifies on the hosted page (the verifier passes her passport); the analyst records her in the registry with it.
    const a = await submittedCase(h);
    const tenant = a.tenant;
    await drain(rt, { orgId: tenant.id, svc: h.svc });
    const graceA = await personKeyOf(h, a, 'Grace Hopper');
    const passed = await uploadForVerification(h, await linkTokenFor(h, a, graceA), [{ field: 'document', filename: 'grace-passport.pdf', bytes: await passportPdf(GRACE_PASSPORT) }]);
    expect(passed.body.outcome).to.equal('pass');
    const [{ document_id: passportId }]: { document_id: number }[] = await h.svc.db.query(
      'SELECT document_id FROM identity_verifications WHERE org_id = ? AND case_pk = ? AND person_key = ?', [a.orgId, a.casePk, graceA],
    );
    await drain(rt, { orgId: tenant.id, svc: h.svc });
    const analyst = analystOf(tenant);
    const { personId } = await markPersonNew(h.svc, analyst, { caseId: a.caseId, personKey: graceA });
    await attachPersonDocument(h.svc, analyst, { personId, documentId: Number(passportId) });

    // Case B: another customer types Grace's name, date of birth and email. A proposal for the analyst, a link for Grace, no reuse.
    const b = await laterCase(tenant);
    const graceB = await personKeyOf(h, b, 'Grace Hopper');
    const eventsB = await caseEvents(h, b);
    expect(eventsB.filter((e) => e.type === 'idv.satisfied_by_document')).to.deep.equal([]);
    expect(eventsB.filter((e) => e.type === 'person.linked')).to.deep.equal([]);
    const dispatchedB = eventsB.filter((e) => e.type === 'idv.dispatched').map((e) => e.data);
    expect(dispatchedB.map((d) => d.recipientName)).to.have.members(['Grace Hopper', 'Ada Lovelace']);
    expect(dispatchedB.find((d) => d.recipientName === 'Grace Hopper')).to.deep.include({ personKey: graceB, recipientEmail: 'grace@engines.example' });
    expect(await reasonCodes(b, graceB)).to.deep.equal(['registry_match_proposed']);
    const people = await listCasePeople(h.svc, analyst, b.caseId);
    const proposedB = people.people.find((p) => p.personKey === graceB)!;
    expect(proposedB.link).to.equal(null);
    expect(proposedB.proposals.map((p) => p.personId)).to.deep.equal([personId]);

    // Case C, the same: Grace gets a link; then an analyst, having checked, links her to the person in the console. Case A's passport
    // now satisfies her (her link is spent), and the pipeline goes on.
    const c = await laterCase(tenant);
    const graceC = await personKeyOf(h, c, 'Grace Hopper');
    expect((await caseEvents(h, c)).filter((e) => e.type === 'idv.dispatched').map((e) => e.data.recipientName)).to.have.members(['Grace Hopper', 'Ada Lovelace']);
    const analystConsole = await h.signedIn('analyst', tenant);
    await analystConsole.data('mutation($c: ID!, $k: String!, $p: Int!) { linkPerson(caseId: $c, personKey: $k, personId: $p) { caseId } }', { c: c.caseId, k: graceC, p: personId });
    const eventsC = await caseEvents(h, c);
    const satisfied = eventsC.filter((e) => e.type === 'idv.satisfied_by_document');
    expect(satisfied.map((e) => e.data)).to.have.length(1);
    expect(satisfied[0]!.data).to.deep.include({ caseId: c.caseId, personName: 'Grace Hopper', personKey: graceC, satisfiedByDocId: Number(passportId) });
    expect(eventsC.filter((e) => e.type === 'person.linked').map((e) => e.data.linkedBy)).to.deep.equal([analystConsole.member.email]);
    expect(await h.svc.db.query('SELECT state, token_hash FROM identity_verifications WHERE org_id = ? AND case_pk = ? AND person_key = ?', [c.orgId, c.casePk, graceC]))
      .to.deep.equal([{ state: 'satisfied', token_hash: null }]);
    expect(await reasonCodes(c, graceC)).to.deep.equal(['satisfied']);
    const roster = eventsC.filter((e) => e.type === 'case.onboarding_progress.changed').at(-1)!.data.roster as { name: string; status: string }[];
    expect(roster.find((r) => r.name === 'Grace Hopper')!.status).to.equal('verified');

    // The window (365 days by default) has passed since the passport was attached: even an analyst's link sends Grace a link.
    await h.svc.db.query('UPDATE person_documents SET attached_at = attached_at - INTERVAL 400 DAY WHERE org_id = ? AND person_id = ?', [tenant.id, personId]);
    const d = await laterCase(tenant, async (ref) => {
      await linkPerson(h.svc, analyst, { caseId: ref.caseId, personKey: await personKeyOf(h, ref, 'Grace Hopper'), personId });
    });
    const eventsD = await caseEvents(h, d);
    expect(eventsD.filter((e) => e.type === 'idv.satisfied_by_document')).to.have.length(0);
    expect(eventsD.filter((e) => e.type === 'idv.dispatched').map((e) => e.data.recipientName)).to.have.members(['Grace Hopper', 'Ada Lovelace']);
    expect(await reasonCodes(d, await personKeyOf(h, d, 'Grace Hopper'))).to.include('registry_no_document');
  });
});
