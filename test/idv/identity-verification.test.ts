import { expect } from 'chai';
import type { ValidateFunction } from 'ajv/dist/2020';
import { memberActor } from '../../src/access/index';
import { attachPersonDocument, linkPerson, markPersonNew } from '../../src/persons/index';
import { runPipelineStep } from '../../src/pipeline/index';
import { passportPdf } from '../documents/support';
import { compileEventSchemas } from '../events/support';
import { ConsoleHarness } from '../graphql/harness';
import { upload } from '../portal/documents-support';
import { feed, pullToken, reviewConfirmed, seedDocument, signedInCustomer } from '../portal/support';
import { runtime } from '../support/runtime';
import { drain } from '../webhooks/support';
import {
  ADA_PASSPORT, caseEvents, GRACE_PASSPORT, linkTokenFor, personKeyOf, submittedCase, twoPeopleApplication, uploadForVerification,
} from './support';

/** A UUID (the event's, tenant's and case's ids), lower case. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Every key and string value anywhere in a JSON value (for the roster privacy scan). */
function keysAndStrings(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) keysAndStrings(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      keysAndStrings(v, out);
    }
  } else if (typeof value === 'string') out.push(value);
  return out;
}

describe('identity verification: dispatch, roster, the hosted page and the pipeline', function () {
  this.timeout(60_000);
  let h: ConsoleHarness;
  let schemas: Map<string, ValidateFunction>;
  before(async () => {
    h = await ConsoleHarness.start();
    schemas = compileEventSchemas();
  });
  after(() => h.close());

  const stepOf = async (ref: { orgId: string; casePk: number }) =>
    ((await h.svc.db.query('SELECT step FROM case_pipelines WHERE org_id = ? AND case_pk = ?', [ref.orgId, ref.casePk])) as { step: string }[])[0]!.step;
  const verifications = async (ref: { orgId: string; casePk: number }) =>
    (await h.svc.db.query('SELECT person_key, state, outcome FROM identity_verifications WHERE org_id = ? AND case_pk = ? ORDER BY id', [ref.orgId, ref.casePk])) as
      { person_key: string; state: string; outcome: string | null }[];

  /** Each event valid against its schema and equal to its /v1/events item. */
  async function expectValidAndInFeed(orgId: string, events: { eventId: string; type: string; data: Record<string, unknown> }[]) {
    for (const e of events) expect(schemas.get(e.type)!(e.data), `${e.type}: ${JSON.stringify(schemas.get(e.type)!.errors)}`).to.equal(true);
    const items = new Map((await feed(h, await pullToken(h, orgId))).map((i) => [i.eventId, i]));
    for (const e of events) expect(items.get(e.eventId), e.type).to.deep.include({ eventType: e.type, data: e.data });
  }

  it('dispatches one verification per human (a director who is also a UBO once, roles merged), moves the stage and reports a roster without private data', async () => {
    const rt = await runtime();
    const ref = await submittedCase(h);
    await drain(rt, { orgId: ref.orgId, svc: h.svc });
    expect(await stepOf(ref)).to.equal('route');
    expect(await runPipelineStep(h.svc, ref)).to.equal('waiting_for_verification');

    const grace = await personKeyOf(h, ref, 'Grace Hopper');
    const ada = await personKeyOf(h, ref, 'Ada Lovelace');
    expect(await verifications(ref)).to.deep.equal([
      { person_key: grace, state: 'link_sent', outcome: null },
      { person_key: ada, state: 'link_sent', outcome: null },
    ]);
    const events = await caseEvents(h, ref);
    const progress = events.filter((e) => e.type === 'case.onboarding_progress.changed');
    const awaiting = progress.find((e) => e.data.stage === 'awaiting_id_verification')!;
    expect(awaiting.data).to.deep.include({
      companyName: 'Analytical Engines Ltd', stageLabel: 'Awaiting ID verification', summary: { verified: 0, total: 2 },
      roster: [
        { name: 'Grace Hopper', role: 'Director, UBO', status: 'link_sent', statusLabel: 'Link sent' },
        { name: 'Ada Lovelace', role: 'Director', status: 'link_sent', statusLabel: 'Link sent' },
      ],
    });
    // One email per human, sent through the outbox: idv.dispatched once each, Grace's with both roles.
    const dispatched = events.filter((e) => e.type === 'idv.dispatched');
    expect(dispatched.map((e) => e.data)).to.have.length(2);
    expect(dispatched[0]!.data).to.deep.include({
      caseId: ref.caseId, recipientEmail: 'grace@engines.example', recipientName: 'Grace Hopper', personKey: grace, roles: ['director', 'signatory', 'ubo'], dispatchedBy: 'system',
    });
    expect(dispatched[1]!.data).to.deep.include({ recipientEmail: 'ada@engines.example', recipientName: 'Ada Lovelace', personKey: ada, roles: ['director'], dispatchedBy: 'system' });
    await expectValidAndInFeed(ref.orgId, dispatched);

    // The roster never carries email, person key, EDD, risk or screening-adjudication data: no such key anywhere, no such value.
    for (const e of progress) {
      const { stage: _stage, stageLabel: _label, ...rest } = e.data;
      // Ids are left out: a random UUID's hex can spell `edd` (the eventId b7f50edd-… did once).
      const seen = keysAndStrings(rest).map((s) => s.toLowerCase()).filter((s) => !UUID.test(s));
      const banned = [/email/, /person_?key/, /edd/, /risk/, /band/, /score/, /hit/, /disposition/, /screen/, /adjudicat/, /true_match/, /false_positive/, /sanction/, /pep/];
      for (const b of banned) expect(seen.filter((s) => b.test(s)), `${b} in ${JSON.stringify(e.data)}`).to.deep.equal([]);
      for (const value of [grace, ada, 'grace@engines.example', 'ada@engines.example']) expect(JSON.stringify(e.data)).to.not.include(value);
    }
    await expectValidAndInFeed(ref.orgId, progress);
  });

  it('a person without an email gets no link: roster action_needed saying an email is needed, and the route step does not wait for them', async () => {
    const rt = await runtime();
    const application = {
      ...twoPeopleApplication,
      ownership: { hasUbos: false, directors: [{ name: 'Alan Turing', email: 'alan@engines.example', roles: ['director'], nationality: 'GB', dateOfBirth: '1972-06-23', countryOfResidence: 'GB' }], ubos: [] },
    };
    const ref = await submittedCase(h, application);
    // A submission now needs each person's email; a case submitted before that rule may still have none.
    await h.svc.db.query('UPDATE case_parties SET email = NULL WHERE org_id = ? AND case_pk = ?', [ref.orgId, ref.casePk]);
    await drain(rt, { orgId: ref.orgId, svc: h.svc });
    expect(await stepOf(ref)).to.equal('done');
    expect((await verifications(ref)).map((v) => v.state)).to.deep.equal(['no_email']);
    const events = await caseEvents(h, ref);
    const rosterEvent = events.filter((e) => e.type === 'case.onboarding_progress.changed').find((e) => (e.data.roster as unknown[]).length > 0)!;
    expect(rosterEvent.data.roster).to.deep.equal([{ name: 'Alan Turing', role: 'Director', status: 'action_needed', statusLabel: 'Email address needed to send the link' }]);
    expect(events.map((e) => e.type)).to.not.include('idv.dispatched');
    // Nobody verified: the policy does not approve it automatically.
    expect(events.find((e) => e.type === 'routing.evaluated')!.data.outcome).to.not.equal('AUTO_APPROVE');
  });

  it('a valid passport an analyst accepted (attached to the person, the party linked by an analyst) satisfies the person: idv.satisfied_by_document instead of a link, roster verified', async () => {
    const rt = await runtime();
    // Case 1: Grace uploads her passport with the application (that alone satisfies nobody); the analyst records her in the registry with it.
    const first = await signedInCustomer(h);
    await first.client.application.save.mutate(twoPeopleApplication as never);
    const uploaded = await upload(h, { session: first.sessionToken } as Parameters<typeof upload>[1], [
      { filename: 'grace-passport.pdf', type: 'application/pdf', bytes: await passportPdf(GRACE_PASSPORT) },
    ]);
    expect(uploaded.status).to.equal(201);
    const docId = (uploaded.body.documents as { id: number }[])[0]!.id;
    await reviewConfirmed(h.svc, first.tenant.id, first.case.pk);
    await first.client.application.submit.mutate();
    await drain(rt, { orgId: first.tenant.id, svc: h.svc });
    const analyst = memberActor({ orgId: first.tenant.id, id: '00000000-0000-4000-8000-00000000a11a', email: 'analyst@example.com', role: 'analyst' });
    const { personId } = await markPersonNew(h.svc, analyst, { caseId: first.case.caseId, personKey: await personKeyOf(h, { orgId: first.tenant.id, casePk: first.case.pk }, 'Grace Hopper') });
    await attachPersonDocument(h.svc, analyst, { personId, documentId: docId });

    // Case 2: the analyst links its Grace to the person before the verify step runs.
    const s = await signedInCustomer(h, first.tenant);
    await s.client.application.save.mutate(twoPeopleApplication as never);
    await seedDocument(h.svc, s.tenant.id, s.case.pk, { status: 'complete' });
    await reviewConfirmed(h.svc, s.tenant.id, s.case.pk);
    await s.client.application.submit.mutate();
    const ref = { orgId: s.tenant.id, casePk: s.case.pk };
    const grace = await personKeyOf(h, ref, 'Grace Hopper');
    await linkPerson(h.svc, analyst, { caseId: s.case.caseId, personKey: grace, personId });
    await drain(rt, { orgId: ref.orgId, svc: h.svc });

    const events = await caseEvents(h, ref);
    const satisfied = events.filter((e) => e.type === 'idv.satisfied_by_document');
    expect(satisfied.map((e) => e.data)).to.have.length(1);
    expect(satisfied[0]!.data).to.deep.include({
      caseId: s.case.caseId, personName: 'Grace Hopper', personEmail: 'grace@engines.example', personKey: grace, roles: ['director', 'signatory', 'ubo'], satisfiedByDocId: docId,
    });
    await expectValidAndInFeed(ref.orgId, satisfied);
    expect((await verifications(ref)).map((v) => [v.person_key === grace ? 'grace' : 'ada', v.state])).to.deep.equal([['grace', 'satisfied'], ['ada', 'link_sent']]);
    const last = events.filter((e) => e.type === 'case.onboarding_progress.changed').at(-1)!;
    expect(last.data).to.deep.include({
      stage: 'awaiting_id_verification', summary: { verified: 1, total: 2 },
      roster: [
        { name: 'Grace Hopper', role: 'Director, UBO', status: 'verified', statusLabel: 'Verified by a document on file' },
        { name: 'Ada Lovelace', role: 'Director', status: 'link_sent', statusLabel: 'Link sent' },
      ],
    });
  });

  it('the hosted page\'s upload: pass verifies the person (idv.completed with roster position and role), the link is spent, and the case goes on to routing once nobody is outstanding', async () => {
    const rt = await runtime();
    const ref = await submittedCase(h);
    await drain(rt, { orgId: ref.orgId, svc: h.svc });
    const grace = await personKeyOf(h, ref, 'Grace Hopper');
    const ada = await personKeyOf(h, ref, 'Ada Lovelace');
    const before = (await caseEvents(h, ref)).length;

    const adaToken = await linkTokenFor(h, ref, ada);
    const page = await (await fetch(`${h.url}/trpc/verification.get?input=${encodeURIComponent(JSON.stringify({ token: adaToken }))}`)).json() as { result: { data: Record<string, unknown> } };
    expect(page.result.data).to.deep.include({ personName: 'Ada Lovelace', companyName: 'Analytical Engines Ltd', flow: 'upload', selfieRequired: false, state: 'link_sent' });

    const passed = await uploadForVerification(h, adaToken, [{ field: 'document', filename: 'passport.pdf', bytes: await passportPdf(ADA_PASSPORT) }]);
    expect(passed.status, JSON.stringify(passed.body)).to.equal(200);
    expect(passed.body.outcome).to.equal('pass');
    const checks = passed.body.checks as { key: string; result: string }[];
    expect(checks.filter((c) => c.result === 'passed').map((c) => c.key)).to.have.members(['mrz', 'check_digits', 'expiry', 'name', 'date_of_birth']);
    expect(checks.filter((c) => c.result === 'not_done').map((c) => c.key)).to.have.members(['security_features', 'liveness', 'face_match']);

    // The link is spent.
    const again = await uploadForVerification(h, adaToken, [{ field: 'document', filename: 'passport.pdf', bytes: await passportPdf(ADA_PASSPORT) }]);
    expect(again).to.deep.equal({ status: 404, body: { error: 'not_found', message: 'This verification link is not valid: it has been used, replaced by a newer link, or mistyped. Ask the company for a new link.' } });

    // Still waiting for Grace.
    expect(await runPipelineStep(h.svc, ref)).to.equal('waiting_for_verification');

    // Grace's passport says another date of birth: fail, action_needed.
    const graceToken = await linkTokenFor(h, ref, grace);
    const failed = await uploadForVerification(h, graceToken, [{ field: 'document', filename: 'passport.pdf', bytes: await passportPdf({ ...GRACE_PASSPORT, birth: '661210' }) }]);
    expect(failed.status).to.equal(200);
    expect(failed.body.outcome).to.equal('fail');
    expect((failed.body.checks as { key: string; result: string }[]).find((c) => c.key === 'date_of_birth')!.result).to.equal('failed');

    await drain(rt, { orgId: ref.orgId, svc: h.svc });
    expect(await stepOf(ref)).to.equal('done');
    const events = (await caseEvents(h, ref)).slice(before);
    const completed = events.filter((e) => e.type === 'idv.completed');
    expect(completed.map((e) => e.data)).to.have.length(2);
    expect(completed[0]!.data).to.deep.include({ caseId: ref.caseId, verificationType: 'identity', vendorName: 'local', position: 1, role: 'Director', outcome: 'pass' });
    expect(completed[1]!.data).to.deep.include({ verificationType: 'identity', vendorName: 'local', position: 0, role: 'Director, UBO', outcome: 'fail' });
    expect(new Date(completed[0]!.data.completedAt as string).toISOString()).to.equal(completed[0]!.data.completedAt);
    await expectValidAndInFeed(ref.orgId, completed);

    const progress = events.filter((e) => e.type === 'case.onboarding_progress.changed');
    expect(progress.map((e) => (e.data.roster as { status: string }[]).map((r) => r.status)), JSON.stringify(progress.map((e) => [e.data.stage, e.data.roster]))).to.deep.equal([
      ['link_sent', 'in_progress'], ['link_sent', 'verified'], ['in_progress', 'verified'], ['action_needed', 'verified'],
    ]);
    expect(progress.at(-1)!.data).to.deep.include({ stage: 'awaiting_id_verification', summary: { verified: 1, total: 2 } });
    expect((progress.at(-1)!.data.roster as { statusLabel: string }[])[0]!.statusLabel).to.equal('Verification failed');
    await expectValidAndInFeed(ref.orgId, progress);
    // Grace failed: the policy routed the case to a person rather than deciding it.
    const routed = events.find((e) => e.type === 'routing.evaluated')!;
    expect(routed.data.outcome).to.equal('REVIEW_LEVEL_1');
    expect(events.map((e) => e.type)).to.not.include('case.decision.made');
    // Both uploads are documents of the case.
    expect(events.filter((e) => e.type === 'document.uploaded').map((e) => e.data.filenames)).to.deep.equal([['passport.pdf'], ['passport.pdf']]);
  });

  it('refuses uploads from another origin, without a document, with a bad token, and a selfie that is not a photo', async () => {
    const rt = await runtime();
    const ref = await submittedCase(h);
    await drain(rt, { orgId: ref.orgId, svc: h.svc });
    const token = await linkTokenFor(h, ref, await personKeyOf(h, ref, 'Ada Lovelace'));
    const pdf = await passportPdf(ADA_PASSPORT);
    expect(await uploadForVerification(h, token, [{ field: 'document', filename: 'p.pdf', bytes: pdf }], { origin: 'https://evil.example' })).to.deep.equal({
      status: 403, body: { error: 'forbidden', message: 'Uploads are accepted only from the verification page itself.' },
    });
    expect((await uploadForVerification(h, token, [])).body).to.deep.include({ error: 'validation_failed', message: 'document: is required: a photo, scan or PDF of your passport or ID card' });
    expect((await uploadForVerification(h, 'x'.repeat(43), [{ field: 'document', filename: 'p.pdf', bytes: pdf }])).status).to.equal(404);
    expect((await uploadForVerification(h, token, [{ field: 'document', filename: 'p.pdf', bytes: pdf }, { field: 'selfie', filename: 's.pdf', bytes: pdf }])).body)
      .to.deep.include({ error: 'validation_failed', message: 'selfie: must be a photo (JPEG, PNG or HEIC)' });
    expect((await uploadForVerification(h, token, [{ field: 'document', filename: 'notes.txt', bytes: Buffer.from('hello') }])).status).to.equal(400);
    // Nothing was stored by the refused uploads, and the link still works.
    expect(await h.svc.db.query(`SELECT COUNT(*) AS n FROM documents WHERE org_id = ? AND case_pk = ? AND filename <> 'incorporation.pdf'`, [ref.orgId, ref.casePk]))
      .to.deep.equal([{ n: 0 }]);
    expect((await uploadForVerification(h, token, [{ field: 'document', filename: 'p.pdf', bytes: pdf }])).body.outcome).to.equal('pass');
  });
});
