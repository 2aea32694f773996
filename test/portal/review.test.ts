import { expect } from 'chai';
import type { ValidateFunction } from 'ajv/dist/2020';
import { operatorActor } from '../../src/access/index';
import { openCase } from '../../src/onboarding/index';
import { inTransaction } from '../../src/db/index';
import { createInvite } from '../../src/invites/invites';
import { compileEventSchemas } from '../events/support';
import { ConsoleHarness } from '../graphql/harness';
import { completeApplication, failure, portalClient, redeem, seedDocument, signedInCustomer } from './support';
import { drainJobs, runtime } from '../support/runtime';

describe('portal review: review.get and review.confirm', () => {
  let h: ConsoleHarness;
  let schemas: Map<string, ValidateFunction>;
  before(async () => {
    h = await ConsoleHarness.start();
    schemas = compileEventSchemas();
  });
  after(() => h.close());

  const events = async (casePk: number) => ((await h.svc.db.query('SELECT data FROM events WHERE case_pk = ? ORDER BY case_sequence', [casePk])) as { data: string }[])
    .map((e) => {
      const p = JSON.parse(e.data) as Record<string, unknown>;
      const validate = schemas.get(p.event as string)!;
      expect(validate(p), `${String(p.event)}: ${JSON.stringify(validate.errors)}`).to.equal(true);
      return p;
    });

  /** A case that came in through document upload, with a portal session (a link the test redeems). */
  const docUploadCase = async () => {
    const tenant = await h.tenant();
    const email = `uploader.${tenant.id.slice(0, 8)}@portal.example`;
    const opened = await openCase(h.svc, operatorActor(tenant.id), { source: 'doc_upload', companyName: 'Initech', customerEmail: email });
    const invite = await inTransaction(h.svc, (tx) => createInvite(tx, { orgId: tenant.id, casePk: opened.pk, email, send: false }));
    const session = await redeem(h.url, new URL(invite.link).searchParams.get('token')!);
    return { tenant, pk: opened.pk, caseId: opened.caseId, email, client: portalClient(h.url, session.sessionToken!) };
  };

  const extraction = {
    companyProfile: {
      companyName: 'Initech Ltd', registrationNumber: '0765432X', country: 'United Kingdom', entityType: 'Private limited company', incorporationDate: '2010-05-01',
      registeredAddress: '4120 Freidrich Lane, Austin', businessActivity: 'Software',
    },
    directors: [{ name: 'Peter Gibbons', nationality: 'GB', dateOfBirth: '1970-02-01' }],
  };

  it('shows the application section by section, and extracted values beside it; pending while documents await extraction', async () => {
    const { tenant, case: c, client } = await signedInCustomer(h, undefined, { companyName: 'Globex Trading' });
    await client.application.save.mutate({ ownership: { directors: [{ name: 'Grace Hopper', nationality: 'US' }] } });
    const before = await client.review.get.query();
    expect(before).to.deep.include({ pending: false, documents: { total: 0, awaitingExtraction: 0 }, submitsCase: false, confirmedAt: null, editable: true });
    expect(before.sections.map((s) => s.section)).to.deep.equal(['company', 'directors.0']);
    expect(before.sections[0]!.fields[0]).to.deep.equal({ field: 'companyName', label: 'Company name', value: 'Globex Trading', applicationValue: 'Globex Trading', extractedValue: null });
    expect(before.sections[1]!.label).to.equal('Director 1: Grace Hopper');
    expect(before.sections[1]!.fields.find((f) => f.field === 'nationality')).to.deep.equal({
      field: 'nationality', label: 'Nationality', value: 'US', applicationValue: 'US', extractedValue: null,
    });

    await seedDocument(h.svc, tenant.id, c.pk, { status: 'complete', extractedData: { companyNumber: '01234567', directors: [{ name: 'grace hopper', dateOfBirth: '1966-12-09' }] } });
    await seedDocument(h.svc, tenant.id, c.pk, { status: 'processing', extractedData: {} });
    const during = await client.review.get.query();
    expect(during).to.deep.include({ pending: true, documents: { total: 2, awaitingExtraction: 1 } });
    expect(during.sections[0]!.fields.find((f) => f.field === 'registrationNumber')).to.deep.include({ value: '01234567', applicationValue: null, extractedValue: '01234567' });
    expect(during.sections.map((s) => s.section), 'the extracted director is matched by name').to.deep.equal(['company', 'directors.0']);
    expect(during.sections[1]!.fields.find((f) => f.field === 'dateOfBirth')).to.deep.include({ value: '1966-12-09', extractedValue: '1966-12-09' });
    const refused = await failure(client.review.confirm.mutate({ amendments: [] }));
    expect(refused).to.deep.include({ code: 'CONFLICT', httpStatus: 409, message: 'Your documents are still being read. Review and confirm once they are done.' });
  });

  it('a document-upload case: confirming applies the corrections (data.corrected) and submits it (case.submitted, source doc_upload) in one go', async () => {
    const c = await docUploadCase();
    await seedDocument(h.svc, c.tenant.id, c.pk, { status: 'complete', extractedData: extraction });
    await seedDocument(h.svc, c.tenant.id, c.pk, { status: 'complete', extractedData: { company: { companyNumber: '07654321' } } });

    const viaForm = await failure(c.client.application.submit.mutate());
    expect(viaForm).to.deep.include({
      code: 'CONFLICT', message: 'This application started from your documents: submit it by confirming the review of the extracted data.',
    });
    const review = await c.client.review.get.query();
    expect(review.submitsCase).to.equal(true);
    const company = Object.fromEntries(review.sections[0]!.fields.map((f) => [f.field, f.value]));
    expect(company).to.deep.include({ companyName: 'Initech', registrationNumber: '07654321', country: 'GB', incorporationDate: '2010-05-01' });
    expect(review.sections[1]!.section).to.equal('directors.0');

    // Still missing what no document said: confirming refuses, listing it, and changes nothing.
    const missing = await failure(c.client.review.confirm.mutate({ amendments: [{ section: 'company', field: 'vatNumber', correctedValue: 'GB123' }] }));
    expect(missing).to.deep.include({ code: 'BAD_REQUEST', reason: 'validation_failed' });
    expect(missing.details).to.deep.equal([
      { path: 'companyProfile.sourceOfFunds', message: 'is required to submit' },
      { path: 'ownership.hasUbos', message: 'say whether any person owns or controls 25% or more of the company' },
      { path: 'ownership.directors.0.email', message: 'is required: we email each director and owner a link to verify their identity' },
    ]);
    expect((await c.client.application.get.query()).companyProfile.vatNumber).to.equal(null);
    expect((await events(c.pk)).map((e) => e.event)).to.deep.equal(['case.created']);

    // The customer adds what no document said, the director's email address included (each person is sent a verification link).
    await c.client.application.save.mutate({
      companyProfile: { sourceOfFunds: 'Software licences' }, ownership: { hasUbos: false, directors: [{ name: 'Peter Gibbons', email: 'peter@initech.example' }] },
    });
    const confirmed = await c.client.review.confirm.mutate({
      amendments: [
        { section: 'company', field: 'registrationNumber', correctedValue: '07654321A' },
        { section: 'directors.0', field: 'nationality', correctedValue: 'IE' },
        { section: 'company', field: 'companyName', correctedValue: 'Initech' },
      ],
    });
    expect(confirmed).to.deep.include({ amendmentCount: 2 });
    expect(confirmed.submitted).to.deep.include({ caseId: c.caseId, status: 'in_review', stage: 'application_submitted' });

    const app = await c.client.application.get.query();
    expect(app.companyProfile).to.deep.include({
      companyName: 'Initech', registrationNumber: '07654321A', country: 'GB', entityType: 'Private limited company', incorporationDate: '2010-05-01', sourceOfFunds: 'Software licences',
    });
    expect(app.ownership.directors.map(({ name, nationality, dateOfBirth }) => ({ name, nationality, dateOfBirth }))).to.deep.equal([
      { name: 'Peter Gibbons', nationality: 'IE', dateOfBirth: '1970-02-01' },
    ]);
    expect(app.editable).to.equal(false);

    const recorded = await events(c.pk);
    expect(recorded.map((e) => e.event)).to.deep.equal(['case.created', 'data.corrected', 'case.submitted', 'case.status.changed', 'case.onboarding_progress.changed']);
    expect(recorded[1]).to.deep.include({
      caseId: c.caseId, source: 'customer_review', amendmentCount: 2,
      amendments: [
        { section: 'company', field: 'registrationNumber', originalValue: '07654321', correctedValue: '07654321A' },
        { section: 'directors.0', field: 'nationality', originalValue: 'GB', correctedValue: 'IE' },
      ],
    });
    expect(recorded[2]).to.deep.include({ source: 'doc_upload', companyName: 'Initech', country: 'GB', customerEmail: c.email });
    expect(recorded[3]).to.deep.include({ status: 'in_review', previousStatus: 'in_progress', changedBy: c.email });
    expect((await failure(c.client.review.confirm.mutate({ amendments: [] }))).code, 'once submitted').to.equal('CONFLICT');

    // Confirming was the submission: the decisioning pipeline runs up to the director's identity verification (he has
    // an email address, so he is sent a link), its AI review tagged as a review confirmation.
    await drainJobs(await runtime(), { orgId: c.tenant.id });
    expect(await h.svc.db.query('SELECT step FROM case_pipelines WHERE org_id = ? AND case_pk = ?', [c.tenant.id, c.pk])).to.deep.equal([{ step: 'route' }]);
    const after = await events(c.pk);
    expect(after.map((e) => e.event)).to.include.members(['screening.completed', 'idv.dispatched', 'risk.assessed', 'ai_review.completed']);
    expect(after.find((e) => e.event === 'ai_review.completed')).to.deep.include({ triggeredBy: `system:confirm-review:${c.email}` });
  });

  it('an application-form case: confirming applies corrections and marks the review done; submitting stays application.submit', async () => {
    const { tenant, case: c, client } = await signedInCustomer(h);
    await client.application.save.mutate(completeApplication);
    await seedDocument(h.svc, tenant.id, c.pk, { status: 'complete', extractedData: { companyProfile: { vatNumber: 'GB999' } } });
    const confirmed = await client.review.confirm.mutate({ amendments: [{ section: 'ubos.0', field: 'ownershipPercent', correctedValue: 75 }] });
    expect(confirmed).to.deep.include({ amendmentCount: 1, submitted: null });
    const app = await client.application.get.query();
    expect(app.ownership.ubos[0]!.ownershipPercent).to.equal(75);
    expect(app.companyProfile.vatNumber, 'an extracted value fills an empty field').to.equal('GB999');
    expect(app.editable).to.equal(true);
    expect((await client.portal.session.query()).steps.find((s) => s.step === 'review')!.state).to.equal('complete');
    const recorded = await events(c.pk);
    expect(recorded.map((e) => e.event)).to.deep.equal(['case.created', 'data.corrected']);
    expect(recorded[1]).to.deep.include({ amendments: [{ section: 'ubos.0', field: 'ownershipPercent', originalValue: 60, correctedValue: 75 }] });
    expect((await client.application.submit.mutate()).status).to.equal('in_review');
  });

  it('application.submit refuses an application form whose review is not confirmed, naming the review step', async () => {
    const { tenant, case: c, client } = await signedInCustomer(h);
    await client.application.save.mutate(completeApplication);
    await seedDocument(h.svc, tenant.id, c.pk, { status: 'complete', extractedData: {} });
    const refused = await failure(client.application.submit.mutate());
    expect(refused).to.deep.include({ code: 'BAD_REQUEST', reason: 'validation_failed', message: 'The application cannot be submitted yet: 1 item is missing or invalid.' });
    expect(refused.details).to.deep.equal([{ path: 'review', message: 'confirm your details on the review step' }]);
    expect((await client.portal.session.query()).steps.find((s) => s.step === 'submit')!.state, 'submit waits for the review').to.equal('locked');
    expect((await client.review.confirm.mutate({ amendments: [] })).amendmentCount).to.equal(0);
    expect((await client.portal.session.query())).to.deep.include({ reviewConfirmed: true });
    expect((await client.application.submit.mutate()).status).to.equal('in_review');
  });

  it('a confirmed review is cleared when the customer then changes an answer (a save that changes nothing keeps it)', async () => {
    const { tenant, case: c, client } = await signedInCustomer(h);
    await client.application.save.mutate(completeApplication);
    await seedDocument(h.svc, tenant.id, c.pk, { status: 'complete', extractedData: {} });
    await client.review.confirm.mutate({ amendments: [] });
    expect((await client.portal.session.query())).to.deep.include({ reviewConfirmed: true });
    await client.application.save.mutate(completeApplication);
    expect((await client.portal.session.query()), 'the same answers again: still confirmed').to.deep.include({ reviewConfirmed: true });
    await client.application.save.mutate({ companyProfile: { businessActivity: 'Wholesale of coffee and tea' } });
    const session = await client.portal.session.query();
    expect(session).to.deep.include({ reviewConfirmed: false });
    expect(session.steps.find((s) => s.step === 'review')!.state).to.equal('not_started');
    expect((await client.review.get.query()).confirmedAt).to.equal(null);
    expect((await failure(client.application.submit.mutate())).details).to.deep.equal([{ path: 'review', message: 'confirm your details on the review step' }]);
    await client.review.confirm.mutate({ amendments: [] });
    expect((await client.application.submit.mutate()).status).to.equal('in_review');
  });

  it('refuses amendments naming an unknown section or field, or a value its field does not accept, each with its path', async () => {
    const { client } = await signedInCustomer(h);
    await client.application.save.mutate({ ownership: { directors: [{ name: 'Grace Hopper' }] } });
    const err = await failure(client.review.confirm.mutate({
      amendments: [
        { section: 'directors.5', field: 'name', correctedValue: 'X' },
        { section: 'company', field: 'colour', correctedValue: 'blue' },
        { section: 'directors.0', field: 'nationality', correctedValue: 'Germany' },
        { section: 'company', field: 'incorporationDate', correctedValue: '2020-13-01' },
        { section: 'directors.0', field: 'nationality', correctedValue: 'DE' },
      ],
    }));
    expect(err).to.deep.include({ code: 'BAD_REQUEST', reason: 'validation_failed' });
    expect(err.details).to.deep.equal([
      { path: 'amendments.0.section', message: 'must be one of company, directors.0' },
      { path: 'amendments.1.field', message: 'must be one of companyName, registrationNumber, country, entityType, incorporationDate, registeredAddress, taxId, vatNumber, businessActivity, industrySector, annualRevenue, website, sourceOfFunds, transactsInternationally, internationalCountries' },
      { path: 'amendments.2.correctedValue', message: 'must be an ISO 3166-1 alpha-2 country code, e.g. GB' },
      { path: 'amendments.3.correctedValue', message: 'must be a date, YYYY-MM-DD' },
      { path: 'amendments.4', message: 'corrects a field another amendment already corrects' },
    ]);
  });

  it('refuses to confirm an extracted value the application does not accept, naming it so that the customer corrects it', async () => {
    const { tenant, case: c, client } = await signedInCustomer(h);
    await seedDocument(h.svc, tenant.id, c.pk, { status: 'complete', extractedData: { incorporationDate: '01/05/2010', ubos: [{ name: 'Bill Lumbergh', ownershipPercent: '30%' }] } });
    const err = await failure(client.review.confirm.mutate({ amendments: [] }));
    expect(err.details).to.deep.equal([
      { path: 'company.incorporationDate', message: 'must be a date, YYYY-MM-DD (correct it with an amendment)' },
      { path: 'ubos.0.ownershipPercent', message: 'must be a number or null (correct it with an amendment)' },
    ]);
    const fixed = await client.review.confirm.mutate({
      amendments: [{ section: 'company', field: 'incorporationDate', correctedValue: '2010-05-01' }, { section: 'ubos.0', field: 'ownershipPercent', correctedValue: 30 }],
    });
    expect(fixed.amendmentCount).to.equal(2);
    expect((await client.application.get.query()).ownership.ubos.map((u) => [u.name, u.ownershipPercent])).to.deep.equal([['Bill Lumbergh', 30]]);
  });
});
