import { expect } from 'chai';
import type { ValidateFunction } from 'ajv/dist/2020';
import { PIPELINE_STEP_TASK } from '../../src/pipeline/index';
import { compileEventSchemas } from '../events/support';
import { ConsoleHarness } from '../graphql/harness';
import { drainJobs, runtime } from '../support/runtime';
import { completeApplication, failure, feed, pullToken, reviewConfirmed, seedDocument, signedInCustomer } from './support';

describe('portal submission: application.submit from the magic link to application_submitted', () => {
  let h: ConsoleHarness;
  let schemas: Map<string, ValidateFunction>;
  before(async () => {
    h = await ConsoleHarness.start();
    schemas = compileEventSchemas();
  });
  after(() => h.close());

  /** The case's events as stored (the webhook payload bytes), oldest first. */
  const storedEvents = async (casePk: number) =>
    (await h.svc.db.query('SELECT event_id, type, data FROM events WHERE case_pk = ? ORDER BY case_sequence', [casePk])) as { event_id: string; type: string; data: string }[];

  it('the whole journey: everything missing is listed, then one transaction records the contract events, equal to /v1/events, and the pipeline job follows', async () => {
    const tenant = await h.tenant();
    const token = await pullToken(h, tenant.id);
    const { client, case: c } = await signedInCustomer(h, tenant, { crmRecordId: 'crm-42', crmSource: 'hubspot' });

    const empty = await failure(client.application.submit.mutate());
    expect(empty).to.deep.include({ code: 'BAD_REQUEST', httpStatus: 400, reason: 'validation_failed' });
    expect(empty.message).to.equal('The application cannot be submitted yet: 11 items are missing or invalid.');
    expect(empty.details).to.deep.equal([
      { path: 'companyProfile.registrationNumber', message: 'is required to submit' },
      { path: 'companyProfile.country', message: 'is required to submit' },
      { path: 'companyProfile.entityType', message: 'is required to submit' },
      { path: 'companyProfile.incorporationDate', message: 'is required to submit' },
      { path: 'companyProfile.registeredAddress', message: 'is required to submit' },
      { path: 'companyProfile.businessActivity', message: 'is required to submit' },
      { path: 'companyProfile.sourceOfFunds', message: 'is required to submit' },
      { path: 'ownership.directors', message: 'add at least one director' },
      { path: 'ownership.hasUbos', message: 'say whether any person owns or controls 25% or more of the company' },
      { path: 'documents', message: 'upload at least one document' },
      { path: 'review', message: 'confirm your details on the review step' },
    ]);

    await client.application.save.mutate({ ...completeApplication, ownership: { ...completeApplication.ownership, ubos: [], directors: [{ name: 'Grace Hopper' }] } });
    const partial = await failure(client.application.submit.mutate());
    expect(partial.details).to.deep.equal([
      { path: 'ownership.directors.0.dateOfBirth', message: 'is required to submit' },
      { path: 'ownership.directors.0.nationality', message: 'is required to submit' },
      { path: 'ownership.ubos', message: 'add at least one UBO (a person who owns or controls 25% or more)' },
      { path: 'ownership.directors.0.email', message: 'is required: we email each director and owner a link to verify their identity' },
      { path: 'documents', message: 'upload at least one document' },
      { path: 'review', message: 'confirm your details on the review step' },
    ]);
    expect(await storedEvents(c.pk), 'a refused submission records nothing').to.have.length(1);

    await client.application.save.mutate(completeApplication);
    await seedDocument(h.svc, tenant.id, c.pk, { status: 'processing', extractedData: {} });
    await reviewConfirmed(h.svc, tenant.id, c.pk);
    const submitted = await client.application.submit.mutate();
    expect(submitted).to.deep.include({ caseId: c.caseId, status: 'in_review', stage: 'application_submitted' });
    expect(submitted.submittedAt).to.match(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    // The decisioning pipeline starts in the same transaction; its first job is enqueued after commit with ids only.
    const rt = await runtime();
    const { rows: jobs } = await rt.queue.pool.query(
      `SELECT t.identifier AS task_identifier, j.payload FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE j.key = $1`,
      [`${PIPELINE_STEP_TASK}:${tenant.id}:${c.pk}`],
    );
    expect(jobs).to.deep.equal([{ task_identifier: 'pipeline.step', payload: { orgId: tenant.id, casePk: c.pk } }]);
    expect(await h.svc.db.query('SELECT run_no, step, triggered_by FROM case_pipelines WHERE org_id = ? AND case_pk = ?', [tenant.id, c.pk]))
      .to.deep.equal([{ run_no: 1, step: 'screen', triggered_by: `system:form-submission:${c.customerEmail}` }]);

    // The relay makes the events visible in the feed; the pipeline screens the case, then waits for the
    // seeded document's extraction (it has no file, so it never ends): the case stays in_review.
    await drainJobs(rt, { orgId: tenant.id });
    const eventsAfterPipeline = (await storedEvents(c.pk)).length;
    const stored = (await storedEvents(c.pk)).slice(0, 4);
    expect(stored.map((e) => e.type)).to.deep.equal(['case.created', 'case.submitted', 'case.status.changed', 'case.onboarding_progress.changed']);
    const payloads = stored.map((e) => JSON.parse(e.data) as Record<string, unknown>);
    for (const p of payloads) expect(schemas.get(p.event as string)!(p), `${String(p.event)}: ${JSON.stringify(schemas.get(p.event as string)!.errors)}`).to.equal(true);
    const common = { caseId: c.caseId, crmRecordId: 'crm-42' };
    expect(payloads[1]).to.deep.include({
      ...common, event: 'case.submitted', caseSequence: 2, companyName: 'Globex Trading Ltd', country: 'GB', customerEmail: c.customerEmail, source: 'application_form',
    });
    expect(payloads[2]).to.deep.include({
      ...common, event: 'case.status.changed', caseSequence: 3, companyName: 'Globex Trading Ltd', status: 'in_review', previousStatus: 'in_progress', changedBy: c.customerEmail,
    });
    expect(payloads[3]).to.deep.include({
      ...common, event: 'case.onboarding_progress.changed', caseSequence: 4, crmSource: 'hubspot', stage: 'application_submitted', stageLabel: 'Application submitted',
      summary: { verified: 0, total: 0 }, roster: [],
    });

    const items = (await feed(h, token)).filter((i) => i.data.caseId === c.caseId);
    expect(items.slice(0, 4).map((i) => i.eventId)).to.deep.equal(stored.map((e) => e.event_id));
    expect(items.slice(0, 4).map((i) => i.data)).to.deep.equal(payloads);

    // Submitted: nothing changes any more, and the case shows it.
    const session = await client.portal.session.query();
    expect(session).to.deep.include({ editable: false });
    expect(session.case).to.deep.equal({ caseId: c.caseId, companyName: 'Globex Trading Ltd', status: 'in_review' });
    expect(session.stage).to.deep.equal({ value: 'in_screening', label: 'Under review' });
    expect(session.steps.map((s) => s.state)).to.deep.equal(['complete', 'complete', 'complete', 'complete']);
    expect((await client.application.get.query()).editable).to.equal(false);
    const save = await failure(client.application.save.mutate({ companyProfile: { taxId: 'late' } }));
    expect(save).to.deep.include({ code: 'CONFLICT', httpStatus: 409, reason: 'conflict', message: 'This application has been submitted and can no longer be changed.' });
    expect((await failure(client.application.submit.mutate())).code).to.equal('CONFLICT');
    expect((await client.application.get.query()).companyProfile.taxId).to.equal(null);
    const pulled = await fetch(`${h.url}/v1/cases/${c.caseId}`, { headers: { authorization: `Bearer ${token}` } });
    expect(await pulled.json()).to.deep.include({ caseId: c.caseId, status: 'in_review', companyName: 'Globex Trading Ltd' });
    expect(await storedEvents(c.pk), 'refusals after submission record nothing').to.have.length(eventsAfterPipeline);
  });

  it('stages only move forward: a case already past application_submitted keeps its stage and records no progress event', async () => {
    const tenant = await h.tenant();
    const { client, case: c } = await signedInCustomer(h, tenant);
    await client.application.save.mutate(completeApplication);
    await seedDocument(h.svc, tenant.id, c.pk, { extractedData: {} });
    await reviewConfirmed(h.svc, tenant.id, c.pk);
    await h.svc.db.query(`UPDATE cases SET onboarding_stage = 'in_screening' WHERE pk = ?`, [c.pk]);
    const submitted = await client.application.submit.mutate();
    expect(submitted).to.deep.include({ status: 'in_review', stage: 'in_screening' });
    expect((await storedEvents(c.pk)).map((e) => e.type)).to.deep.equal(['case.created', 'case.submitted', 'case.status.changed']);
    expect((await client.portal.session.query()).stage).to.deep.equal({ value: 'in_screening', label: 'Under review' });
  });

  it('a stage behind moves forward once: collecting_documents becomes application_submitted', async () => {
    const tenant = await h.tenant();
    const { client, case: c } = await signedInCustomer(h, tenant);
    await client.application.save.mutate(completeApplication);
    await seedDocument(h.svc, tenant.id, c.pk, { extractedData: {} });
    await reviewConfirmed(h.svc, tenant.id, c.pk);
    await h.svc.db.query(`UPDATE cases SET onboarding_stage = 'collecting_documents' WHERE pk = ?`, [c.pk]);
    await client.application.submit.mutate();
    const [{ onboarding_stage }] = await h.svc.db.query('SELECT onboarding_stage FROM cases WHERE pk = ?', [c.pk]);
    expect(onboarding_stage).to.equal('application_submitted');
  });

  it('is one transaction: when the last of its writes fails, no status, event or job is left behind', async () => {
    const tenant = await h.tenant();
    const { client, case: c } = await signedInCustomer(h, tenant);
    await client.application.save.mutate(completeApplication);
    await seedDocument(h.svc, tenant.id, c.pk, { extractedData: {} });
    await reviewConfirmed(h.svc, tenant.id, c.pk);
    const trigger = `fail_progress_${c.pk}`;
    await h.svc.db.query(
      `CREATE TRIGGER ${trigger} BEFORE INSERT ON events FOR EACH ROW BEGIN
         IF NEW.case_pk = ${Number(c.pk)} AND NEW.type = 'case.onboarding_progress.changed' THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'injected'; END IF;
       END`,
    );
    try {
      const err = await failure(client.application.submit.mutate());
      expect(err).to.deep.include({ code: 'INTERNAL_SERVER_ERROR', message: 'An internal error occurred.' });
    } finally {
      await h.svc.db.query(`DROP TRIGGER ${trigger}`);
    }
    const [row] = await h.svc.db.query('SELECT status, onboarding_stage, company_name FROM cases WHERE pk = ?', [c.pk]);
    expect(row).to.deep.equal({ status: 'in_progress', onboarding_stage: 'created', company_name: c.companyName });
    expect((await storedEvents(c.pk)).map((e) => e.type)).to.deep.equal(['case.created']);
    const rt = await runtime();
    expect((await rt.queue.pool.query('SELECT 1 FROM graphile_worker.jobs WHERE key = $1', [`${PIPELINE_STEP_TASK}:${tenant.id}:${c.pk}`])).rows).to.deep.equal([]);
    expect(await h.svc.db.query('SELECT 1 FROM case_pipelines WHERE org_id = ? AND case_pk = ?', [tenant.id, c.pk]), 'no pipeline either').to.deep.equal([]);
    expect((await client.application.submit.mutate()).status, 'and it can be submitted afterwards').to.equal('in_review');
  });

  it("a second case's session cannot submit the first case", async () => {
    const tenant = await h.tenant();
    const a = await signedInCustomer(h, tenant);
    const b = await signedInCustomer(h, tenant);
    await a.client.application.save.mutate(completeApplication);
    await seedDocument(h.svc, tenant.id, a.case.pk, { extractedData: {} });
    const refused = await failure(b.client.application.submit.mutate());
    expect(refused.details!.map((d) => d.path)).to.include('documents');
    const [row] = await h.svc.db.query('SELECT status FROM cases WHERE pk = ?', [a.case.pk]);
    expect(row.status, 'A is untouched').to.equal('in_progress');
  });
});
