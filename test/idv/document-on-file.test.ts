import { expect } from 'chai';
import { memberActor } from '../../src/access/index';
import { attachPersonDocument, linkPerson, markPersonNew } from '../../src/persons/index';
import type { HostedFlowIdentityVerifier } from '../../src/idv/index';
import { setIdvAcceptDocumentOnFile, type Tenant } from '../../src/tenants/index';
import { passportPdf } from '../documents/support';
import { ConsoleHarness } from '../graphql/harness';
import { upload } from '../portal/documents-support';
import { reviewConfirmed, seedDocument, signedInCustomer } from '../portal/support';
import { runtime } from '../support/runtime';
import { drain } from '../webhooks/support';
import { caseEvents, GRACE_PASSPORT, personKeyOf, twoPeopleApplication } from './support';

const VERIFICATIONS = `query Case($id: String!) {
  case(caseId: $id) { identityVerifications { name status documentOnFile { satisfied documentId reasons { code text } } } }
}`;

interface OnFile {
  satisfied: boolean;
  documentId: number | null;
  reasons: { code: string; text: string }[];
}

/** YYMMDD `days` from now (a passport's MRZ expiry). */
function mrzDateIn(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(2, 10).replace(/-/g, '');
}

/**
 * A passport or ID card on file stands in for a verification link only when it proves something: the
 * applicant's own upload never does (nobody accepted it), and a document an analyst accepted into the person
 * registry does only when its check digits, expiry, confidence, name and date of birth all hold, and, when
 * the organisation requires a selfie, only once a compliance admin lets a document on file stand in anyway.
 * Real work end to end: portal submissions with generated passport PDFs, extraction, the pipeline's verify
 * step, the analyst's registry actions, the console's GraphQL.
 */
describe('identity verification: a document on file satisfies a person only when it is valid and accepted', function () {
  this.timeout(180_000);
  let h: ConsoleHarness;
  before(async () => {
    h = await ConsoleHarness.start();
  });
  after(() => h.close());

  const analystOf = (tenant: Tenant) => memberActor({ orgId: tenant.id, id: '00000000-0000-4000-8000-00000000a11a', email: 'analyst@example.com', role: 'analyst' });

  /** A case of the tenant (a new one when none is given) submitted through the portal with these uploads; its pipeline not yet run. */
  async function applicantCase(tenant: Tenant | undefined, uploads: { filename: string; bytes: Buffer }[]) {
    const s = await signedInCustomer(h, tenant);
    await s.client.application.save.mutate(twoPeopleApplication as never);
    const uploaded = await upload(h, { session: s.sessionToken } as Parameters<typeof upload>[1], uploads.map((u) => ({ ...u, type: 'application/pdf' })));
    expect(uploaded.status).to.equal(201);
    await reviewConfirmed(h.svc, s.tenant.id, s.case.pk);
    await s.client.application.submit.mutate();
    const documentIds = (uploaded.body.documents as { id: number }[]).map((d) => d.id);
    return { tenant: s.tenant, orgId: s.tenant.id, casePk: s.case.pk, caseId: s.case.caseId, documentIds };
  }

  /** What the case page says about each person's document on file, by name. */
  async function onFile(ref: { tenant: Tenant; caseId: string }): Promise<Record<string, OnFile>> {
    const analyst = await h.signedIn('analyst', ref.tenant);
    const { case: c } = await analyst.data<{ case: { identityVerifications: { name: string; documentOnFile: OnFile }[] } }>(VERIFICATIONS, { id: ref.caseId });
    return Object.fromEntries(c.identityVerifications.map((v) => [v.name, v.documentOnFile]));
  }

  async function idvEvents(ref: { orgId: string; casePk: number }) {
    const events = await caseEvents(h, ref);
    return {
      satisfied: events.filter((e) => e.type === 'idv.satisfied_by_document').map((e) => e.data),
      dispatchedTo: events.filter((e) => e.type === 'idv.dispatched').map((e) => e.data.recipientName),
    };
  }

  /**
   * Grace's passport `passport` accepted into the registry: uploaded on a first case (where it alone does not
   * satisfy her), Grace marked new and the passport attached to her by an analyst.
   */
  async function graceInRegistry(passport: Buffer, tenant?: Tenant) {
    const rt = await runtime();
    const first = await applicantCase(tenant, [{ filename: 'grace-passport.pdf', bytes: passport }]);
    await drain(rt, { orgId: first.orgId, svc: h.svc });
    const analyst = analystOf(first.tenant);
    const { personId } = await markPersonNew(h.svc, analyst, { caseId: first.caseId, personKey: await personKeyOf(h, first, 'Grace Hopper') });
    await attachPersonDocument(h.svc, analyst, { personId, documentId: first.documentIds[0]! });
    return { tenant: first.tenant, personId, passportId: first.documentIds[0]! };
  }

  /** A later case of the same people whose Grace an analyst links to the registry's person before its verify step runs; then run. */
  async function laterCaseLinked(tenant: Tenant, personId: number) {
    const rt = await runtime();
    const s = await signedInCustomer(h, tenant);
    await s.client.application.save.mutate(twoPeopleApplication as never);
    await seedDocument(h.svc, tenant.id, s.case.pk, { status: 'complete' });
    await reviewConfirmed(h.svc, s.tenant.id, s.case.pk);
    await s.client.application.submit.mutate();
    const ref = { tenant, orgId: tenant.id, casePk: s.case.pk, caseId: s.case.caseId };
    await linkPerson(h.svc, analystOf(tenant), { caseId: ref.caseId, personKey: await personKeyOf(h, ref, 'Grace Hopper'), personId });
    await drain(rt, { orgId: ref.orgId, svc: h.svc });
    return ref;
  }

  const codes = (f: OnFile) => f.reasons.map((r) => r.code);

  it('a valid passport the applicant uploaded with the application satisfies nobody (nobody accepted it): a link is sent, and the case page says why', async () => {
    const ref = await applicantCase(undefined, [{ filename: 'grace-passport.pdf', bytes: await passportPdf(GRACE_PASSPORT) }]);
    await drain(await runtime(), { orgId: ref.orgId, svc: h.svc });
    const events = await idvEvents(ref);
    expect(events.satisfied).to.deep.equal([]);
    expect(events.dispatchedTo).to.have.members(['Grace Hopper', 'Ada Lovelace']);
    const grace = (await onFile(ref))['Grace Hopper']!;
    expect(grace).to.deep.include({ satisfied: false, documentId: null });
    expect(codes(grace)).to.deep.equal(['not_accepted']);
    expect(grace.reasons[0]!.text).to.equal(`Document ${ref.documentIds[0]}: neither the verifier nor an analyst accepted it (it was only uploaded with the application).`);
  });

  it('an expired passport, or one with a wrong MRZ check digit, uploaded with the application: a link is sent, the case page names the fault', async () => {
    const expired = await applicantCase(undefined, [{ filename: 'grace-passport.pdf', bytes: await passportPdf({ ...GRACE_PASSPORT, expiry: '240101' }) }]);
    const broken = await applicantCase(undefined, [{ filename: 'grace-passport.pdf', bytes: await passportPdf(GRACE_PASSPORT, { breakDigit: true }) }]);
    await drain(await runtime(), { orgId: [expired.orgId, broken.orgId], svc: h.svc });
    for (const ref of [expired, broken]) {
      const events = await idvEvents(ref);
      expect(events.satisfied).to.deep.equal([]);
      expect(events.dispatchedTo).to.have.members(['Grace Hopper', 'Ada Lovelace']);
    }
    const e = (await onFile(expired))['Grace Hopper']!;
    expect(e.satisfied).to.equal(false);
    expect(codes(e)).to.include.members(['expired', 'not_accepted']);
    expect(e.reasons.find((r) => r.code === 'expired')!.text).to.equal(`Document ${expired.documentIds[0]}: it expired on 2024-01-01.`);
    expect(codes((await onFile(broken))['Grace Hopper']!)).to.include.members(['check_digit_failed', 'not_accepted']);
  });

  it('a valid passport an analyst accepted into the registry satisfies Grace on a case whose party an analyst linked: idv.satisfied_by_document, no link', async () => {
    const { tenant, personId, passportId } = await graceInRegistry(await passportPdf(GRACE_PASSPORT));
    const ref = await laterCaseLinked(tenant, personId);
    const events = await idvEvents(ref);
    expect(events.satisfied).to.have.length(1);
    expect(events.satisfied[0]).to.deep.include({ personName: 'Grace Hopper', satisfiedByDocId: passportId });
    expect(events.dispatchedTo).to.deep.equal(['Ada Lovelace']);
    const grace = (await onFile(ref))['Grace Hopper']!;
    expect(grace).to.deep.include({ satisfied: true, documentId: passportId });
    expect(codes(grace)).to.deep.equal(['satisfied']);
    expect(grace.reasons[0]!.text).to.match(new RegExp(`^Document ${passportId} \\(passport from the person registry`));
  });

  // Each rule alone (the passport accepted by an analyst, the link confirmed): a link, and the case page names the one rule broken.
  const faults: { title: string; passport: () => Promise<Buffer>; code: string; also?: string[]; before?: (docId: number) => Promise<void> }[] = [
    { title: 'a wrong MRZ check digit', passport: () => passportPdf(GRACE_PASSPORT, { breakDigit: true }), code: 'check_digit_failed',
      // Extraction lowers its confidence for the failed digit.
      also: ['confidence_not_high'] },
    { title: 'an expiry within the reuse window (365 days)', passport: () => passportPdf({ ...GRACE_PASSPORT, expiry: mrzDateIn(200) }), code: 'expires_within_window' },
    { title: 'another name than the application\'s (after normalisation)', passport: () => passportPdf({ ...GRACE_PASSPORT, givenNames: 'MARY GRACE' }), code: 'name_mismatch' },
    {
      title: 'extraction confidence below High', passport: () => passportPdf(GRACE_PASSPORT), code: 'confidence_not_high',
      // As an image the OCR read with doubt leaves it.
      before: async (docId) => { await h.svc.db.query("UPDATE documents SET confidence = 'Medium' WHERE id = ?", [docId]); },
    },
  ];
  for (const f of faults) {
    it(`a registry passport with ${f.title} does not satisfy Grace: a link is sent (${f.code})`, async () => {
      const { tenant, personId, passportId } = await graceInRegistry(await f.passport());
      await f.before?.(passportId);
      const ref = await laterCaseLinked(tenant, personId);
      const events = await idvEvents(ref);
      expect(events.satisfied).to.deep.equal([]);
      expect(events.dispatchedTo).to.have.members(['Grace Hopper', 'Ada Lovelace']);
      const grace = (await onFile(ref))['Grace Hopper']!;
      expect(grace.satisfied).to.equal(false);
      expect(codes(grace)).to.deep.equal([f.code, ...(f.also ?? [])]);
    });
  }

  it('with a selfie required a valid accepted passport does not stand in for the link, until a compliance admin lets it (audited; an analyst may not)', async () => {
    const tenant = await h.tenant();
    const admin = await h.signedIn('compliance_admin', tenant);
    await admin.data('mutation { setIdvSelfieRequired(required: true) { idvRequireSelfie } }');
    const { personId, passportId } = await graceInRegistry(await passportPdf(GRACE_PASSPORT), tenant);

    const withSelfie = await laterCaseLinked(tenant, personId);
    expect((await idvEvents(withSelfie)).satisfied).to.deep.equal([]);
    expect((await idvEvents(withSelfie)).dispatchedTo).to.have.members(['Grace Hopper', 'Ada Lovelace']);
    expect(codes((await onFile(withSelfie))['Grace Hopper']!)).to.deep.equal(['selfie_required']);

    const analyst = await h.signedIn('analyst', tenant);
    expect((await analyst.error('mutation { setIdvAcceptDocumentOnFile(accept: true) { idvAcceptDocumentOnFile } }')).code).to.equal('FORBIDDEN');
    const set = await admin.data<{ setIdvAcceptDocumentOnFile: { idvRequireSelfie: boolean; idvAcceptDocumentOnFile: boolean } }>(
      'mutation { setIdvAcceptDocumentOnFile(accept: true) { idvRequireSelfie idvAcceptDocumentOnFile } }',
    );
    expect(set.setIdvAcceptDocumentOnFile).to.deep.equal({ idvRequireSelfie: true, idvAcceptDocumentOnFile: true });
    const me = await admin.data<{ me: { org: { idvAcceptDocumentOnFile: boolean } } }>('{ me { org { idvAcceptDocumentOnFile } } }');
    expect(me.me.org.idvAcceptDocumentOnFile).to.equal(true);
    const audit: { action: string; details: string }[] = await h.svc.db.query(
      "SELECT action, details FROM tenant_config_audit_log WHERE org_id = ? AND action = 'idv_document_on_file.set'", [tenant.id],
    );
    expect(audit.map((a) => [a.action, typeof a.details === 'string' ? JSON.parse(a.details) : a.details])).to.deep.equal([
      ['idv_document_on_file.set', { accept: true, previous: false }],
    ]);

    const accepted = await laterCaseLinked(tenant, personId);
    const events = await idvEvents(accepted);
    expect(events.satisfied.map((e) => e.satisfiedByDocId)).to.deep.equal([passportId]);
    expect(events.dispatchedTo).to.deep.equal(['Ada Lovelace']);
  });

  it('with a hosted verification vendor a valid accepted passport does not stand in for the link, until a compliance admin lets it', async () => {
    const { tenant, personId, passportId } = await graceInRegistry(await passportPdf(GRACE_PASSPORT));
    const local = h.svc.idv;
    // The verify step only emails links; the vendor is called when a person opens theirs.
    const hosted: HostedFlowIdentityVerifier = { flow: 'hosted_flow', name: 'acme', createSession: () => Promise.reject(new Error('not called')) };
    h.svc.idv = hosted;
    try {
      const viaVendor = await laterCaseLinked(tenant, personId);
      expect((await idvEvents(viaVendor)).satisfied).to.deep.equal([]);
      expect(codes((await onFile(viaVendor))['Grace Hopper']!)).to.deep.equal(['hosted_vendor']);
      const admin = memberActor({ orgId: tenant.id, id: '00000000-0000-4000-8000-00000000ad01', email: 'ca@example.com', role: 'compliance_admin' });
      expect((await setIdvAcceptDocumentOnFile(h.svc, admin, { accept: true })).idvAcceptDocumentOnFile).to.equal(true);
      const accepted = await laterCaseLinked(tenant, personId);
      expect((await idvEvents(accepted)).satisfied.map((e) => e.satisfiedByDocId)).to.deep.equal([passportId]);
    } finally {
      h.svc.idv = local;
    }
  });
});
