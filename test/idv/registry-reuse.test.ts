import { expect } from 'chai';
import { memberActor } from '../../src/access/index';
import { attachPersonDocument, markPersonNew } from '../../src/persons/index';
import type { Tenant } from '../../src/tenants/index';
import { passportPdf } from '../documents/support';
import { ConsoleHarness } from '../graphql/harness';
import { upload } from '../portal/documents-support';
import { seedDocument, signedInCustomer } from '../portal/support';
import { runtime } from '../support/runtime';
import { drain } from '../webhooks/support';
import { caseEvents, GRACE_PASSPORT, personKeyOf, twoPeopleApplication } from './support';

/**
 * Verified once, reused: a passport accepted on one case and attached to the person in the registry
 * satisfies the same human on the tenant's next case within the reuse window (no link is sent), and no
 * longer after it. Real work end to end: portal submissions, the pipeline's verify step, the analyst's
 * registry actions.
 */
describe('identity verification reuses a passport on file in the person registry, within the window only', function () {
  this.timeout(120_000);
  let h: ConsoleHarness;
  before(async () => {
    h = await ConsoleHarness.start();
  });
  after(() => h.close());

  const analystOf = (tenant: Tenant) => memberActor({ orgId: tenant.id, id: '00000000-0000-4000-8000-00000000a11a', email: 'analyst@example.com', role: 'analyst' });

  /** A second or later case of the same people, submitted through the portal; its pipeline run. */
  async function laterCase(tenant: Tenant) {
    const s = await signedInCustomer(h, tenant);
    await s.client.application.save.mutate(twoPeopleApplication as never);
    await seedDocument(h.svc, tenant.id, s.case.pk, { status: 'complete' });
    await s.client.application.submit.mutate();
    await drain(await runtime(), h.svc);
    return { orgId: tenant.id, casePk: s.case.pk, caseId: s.case.caseId };
  }

  it('satisfies Grace on the next case with the passport of the first (idv.satisfied_by_document, system link), and sends her a link once the window has passed', async () => {
    const rt = await runtime();
    // Case 1: Grace's passport is on the case, so she is satisfied by it there; the analyst records her in the registry.
    const s = await signedInCustomer(h);
    const tenant = s.tenant;
    await s.client.application.save.mutate(twoPeopleApplication as never);
    const uploaded = await upload(h, { session: s.sessionToken } as Parameters<typeof upload>[1], [
      { filename: 'grace-passport.pdf', type: 'application/pdf', bytes: await passportPdf(GRACE_PASSPORT) },
    ]);
    expect(uploaded.status).to.equal(201);
    const passportId = (uploaded.body.documents as { id: number }[])[0]!.id;
    await s.client.application.submit.mutate();
    await drain(rt, h.svc);
    const first = { orgId: tenant.id, casePk: s.case.pk };
    const analyst = analystOf(tenant);
    const { personId } = await markPersonNew(h.svc, analyst, { caseId: s.case.caseId, personKey: await personKeyOf(h, first, 'Grace Hopper') });
    await attachPersonDocument(h.svc, analyst, { personId, documentId: passportId });

    // Case 2: same Grace (name, date of birth and email): linked by the system and satisfied by case 1's passport; Ada gets her link.
    const second = await laterCase(tenant);
    const grace2 = await personKeyOf(h, second, 'Grace Hopper');
    const events2 = await caseEvents(h, second);
    const linked = events2.filter((e) => e.type === 'person.linked');
    expect(linked.map((e) => e.data)).to.have.length(1);
    expect(linked[0]!.data).to.deep.include({ caseId: second.caseId, personId, personKey: grace2, linkedBy: 'system' });
    const satisfied = events2.filter((e) => e.type === 'idv.satisfied_by_document');
    expect(satisfied.map((e) => e.data)).to.have.length(1);
    expect(satisfied[0]!.data).to.deep.include({ caseId: second.caseId, personName: 'Grace Hopper', personKey: grace2, satisfiedByDocId: passportId });
    expect(events2.filter((e) => e.type === 'idv.dispatched').map((e) => e.data.recipientName)).to.deep.equal(['Ada Lovelace']);

    // The window (365 days by default) has passed since the passport was attached: case 3 sends Grace a link.
    await h.svc.db.query('UPDATE person_documents SET attached_at = attached_at - INTERVAL 400 DAY WHERE org_id = ? AND person_id = ?', [tenant.id, personId]);
    const third = await laterCase(tenant);
    const events3 = await caseEvents(h, third);
    expect(events3.filter((e) => e.type === 'idv.satisfied_by_document')).to.have.length(0);
    expect(events3.filter((e) => e.type === 'idv.dispatched').map((e) => e.data.recipientName)).to.have.members(['Grace Hopper', 'Ada Lovelace']);
  });
});
