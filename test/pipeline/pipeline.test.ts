import { expect } from 'chai';
import type { JobHelpers } from 'graphile-worker';
import { DOCUMENT_UPLOADED_TASK } from '../../src/documents/index';
import { PIPELINE_STEP_TASK, resumeCasePipeline, runPipelineStep, sweepCasePipelines } from '../../src/pipeline/index';
import type { JobQueue } from '../../src/platform/index';
import { createTaskList } from '../../worker/tasks/index';
import { ConsoleHarness } from '../graphql/harness';
import { completeApplication, reviewConfirmed, signedInCustomer } from '../portal/support';
import { seedDocument } from '../rest/factories';
import { runtime } from '../support/runtime';
import { drain, withConfig } from '../webhooks/support';
import { garbagePdf, passportPdf } from '../documents/support';
import { GRACE_PASSPORT, linkTokenFor, personKeyOf, uploadForVerification } from '../idv/support';

describe('decisioning pipeline: one step at a time, exactly once, resumable', function () {
  this.timeout(60_000);
  let h: ConsoleHarness;
  before(async () => {
    h = await ConsoleHarness.start();
  });
  after(() => h.close());

  /** A submitted case whose only document is still being extracted (a seeded row with no file: its extraction never ends by itself). */
  async function submitted() {
    const { tenant, case: c, client } = await signedInCustomer(h);
    await client.application.save.mutate(completeApplication);
    const documentId = await seedDocument(h.svc, tenant.id, c.pk, { status: 'processing', extractedData: {} });
    await reviewConfirmed(h.svc, tenant.id, c.pk);
    await client.application.submit.mutate();
    return { orgId: tenant.id, casePk: c.pk, documentId };
  }
  const types = async (ref: { orgId: string; casePk: number }) =>
    ((await h.svc.db.query('SELECT type FROM events WHERE org_id = ? AND case_pk = ? ORDER BY case_sequence', [ref.orgId, ref.casePk])) as { type: string }[]).map((e) => e.type);
  const pipeline = async (ref: { orgId: string; casePk: number }) =>
    ((await h.svc.db.query('SELECT step, run_no FROM case_pipelines WHERE org_id = ? AND case_pk = ?', [ref.orgId, ref.casePk])) as { step: string; run_no: number }[])[0];

  /** Grace (director and UBO of completeApplication) passes identity verification on the hosted page. */
  async function verifyGrace(ref: { orgId: string; casePk: number }) {
    const token = await linkTokenFor(h, ref, await personKeyOf(h, ref, 'Grace Hopper'));
    const answer = await uploadForVerification(h, token, [{ field: 'document', filename: 'passport.pdf', bytes: await passportPdf(GRACE_PASSPORT) }]);
    expect(answer.body.outcome, JSON.stringify(answer.body)).to.equal('pass');
  }

  it('waits at the verify step while a document is being extracted, then at the route step until identity verification answers, and goes on when nudged', async () => {
    const rt = await runtime();
    const ref = await submitted();
    await drain(rt, { orgId: ref.orgId, svc: h.svc });
    expect(await pipeline(ref)).to.deep.equal({ step: 'verify', run_no: 1 });
    expect(await runPipelineStep(h.svc, ref)).to.equal('waiting_for_documents');
    const before = await types(ref);
    expect(before).to.include('screening.completed').and.not.include('risk.assessed');

    await h.svc.db.query(`UPDATE documents SET status = 'complete', confidence = 'High' WHERE id = ?`, [ref.documentId]);
    await resumeCasePipeline(h.svc, ref);
    await drain(rt, { orgId: ref.orgId, svc: h.svc });
    expect(await pipeline(ref)).to.deep.equal({ step: 'route', run_no: 1 });
    expect(await runPipelineStep(h.svc, ref)).to.equal('waiting_for_verification');
    const waiting = await types(ref);
    // idv.dispatched once the mail system took the email (the send job may run before or after the next steps).
    expect(waiting.slice(before.length)).to.have.members(['case.onboarding_progress.changed', 'risk.assessed', 'ai_review.completed', 'idv.dispatched']);
    expect(waiting.slice(before.length).filter((t) => t !== 'idv.dispatched')).to.deep.equal(['case.onboarding_progress.changed', 'risk.assessed', 'ai_review.completed']);

    await verifyGrace(ref);
    await resumeCasePipeline(h.svc, ref);
    await drain(rt, { orgId: ref.orgId, svc: h.svc });
    expect(await pipeline(ref)).to.deep.equal({ step: 'done', run_no: 1 });
    const after = (await types(ref)).slice(waiting.length);
    const decisionPart = after.slice(after.indexOf('routing.evaluated'));
    expect(decisionPart).to.deep.equal(['routing.evaluated', 'case.decision.made', 'case.status.changed', 'case.onboarding_progress.changed']);
    expect(after.slice(0, 4)).to.deep.equal(['document.uploaded', 'case.onboarding_progress.changed', 'idv.completed', 'case.onboarding_progress.changed']);
    // Nothing more to do: another job finds the pipeline done.
    expect(await runPipelineStep(h.svc, ref)).to.equal('idle');
  });

  it('records each step once when two jobs run the same step at the same time', async () => {
    const ref = await submitted();
    expect(await pipeline(ref)).to.deep.equal({ step: 'screen', run_no: 1 });
    const outcomes = await Promise.all([runPipelineStep(h.svc, ref), runPipelineStep(h.svc, ref), runPipelineStep(h.svc, ref)]);
    expect(outcomes).to.deep.equal(['screen', 'screen', 'screen']);
    expect(await pipeline(ref)).to.deep.equal({ step: 'triage', run_no: 1 });
    const events = await types(ref);
    expect(events.filter((t) => t === 'screening.completed')).to.have.length(1);
    expect(events.filter((t) => t === 'case.onboarding_progress.changed')).to.have.length(2); // application_submitted, in_screening
  });

  it('resumes after a step failed half-way (its transaction rolled back): the sweep hands the step out again and nothing is recorded twice', async () => {
    const rt = await runtime();
    const ref = await submitted();
    await h.svc.db.query(`UPDATE documents SET status = 'complete', confidence = 'High' WHERE id = ?`, [ref.documentId]);
    // The risk step's transaction fails as if the worker died in the middle of it.
    const trigger = `fail_risk_${ref.casePk}`;
    await h.svc.db.query(
      `CREATE TRIGGER ${trigger} BEFORE INSERT ON events FOR EACH ROW BEGIN
         IF NEW.case_pk = ${ref.casePk} AND NEW.type = 'risk.assessed' THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'injected'; END IF;
       END`,
    );
    try {
      await drain(rt, { orgId: ref.orgId, svc: h.svc });
      expect(await pipeline(ref)).to.deep.equal({ step: 'risk', run_no: 1 });
      expect(await h.svc.db.query('SELECT COUNT(*) AS n FROM risk_assessments WHERE org_id = ? AND case_pk = ?', [ref.orgId, ref.casePk]))
        .to.deep.equal([{ n: 0 }]);
    } finally {
      await h.svc.db.query(`DROP TRIGGER ${trigger}`);
    }
    await verifyGrace(ref);
    // The failed job waits for graphile's back-off; the sweep does not wait that long.
    const svc = withConfig(rt, { pipelineSweepAfterMs: 1 }, { clock: h.svc.clock });
    await h.svc.db.query('UPDATE case_pipelines SET updated_at = ? WHERE org_id = ? AND case_pk = ?', [new Date(Date.now() - 60_000), ref.orgId, ref.casePk]);
    expect(await sweepCasePipelines(svc)).to.be.at.least(1);
    await drain(rt, { orgId: ref.orgId, svc: h.svc });
    expect(await pipeline(ref)).to.deep.equal({ step: 'done', run_no: 1 });
    const events = await types(ref);
    for (const t of ['screening.completed', 'risk.assessed', 'ai_review.completed', 'routing.evaluated']) expect(events.filter((e) => e === t), t).to.have.length(1);
  });

  it('goes on by itself when a document it waits for fails extraction: no event, the documents\' hook resumes it', async () => {
    const rt = await runtime();
    const ref = await submitted();
    await drain(rt, { orgId: ref.orgId, svc: h.svc });
    expect(await pipeline(ref)).to.deep.equal({ step: 'verify', run_no: 1 });
    // The waiting document's bytes turn out unreadable: its extraction ends in `error`, which records no event.
    const blob = await h.svc.blobs.put((async function* () { yield garbagePdf(); })());
    await h.svc.db.query('UPDATE documents SET blob_key = ? WHERE org_id = ? AND id = ?', [blob.key, ref.orgId, ref.documentId]);
    await createTaskList(h.svc)[DOCUMENT_UPLOADED_TASK]!({ orgId: ref.orgId, documentId: ref.documentId }, {} as JobHelpers);
    expect(await h.svc.db.query('SELECT status FROM documents WHERE org_id = ? AND id = ?', [ref.orgId, ref.documentId])).to.deep.equal([{ status: 'error' }]);
    await drain(rt, { orgId: ref.orgId, svc: h.svc });
    expect(await pipeline(ref)).to.deep.equal({ step: 'route', run_no: 1 });
  });

  it('resumes on idv.completed with no nudge from the verification route; a resume lost after the relay\'s commit is handed out again by the sweep', async () => {
    const rt = await runtime();
    const ref = await submitted();
    await h.svc.db.query(`UPDATE documents SET status = 'complete', confidence = 'High' WHERE id = ?`, [ref.documentId]);
    await drain(rt, { orgId: ref.orgId, svc: h.svc });
    expect(await pipeline(ref)).to.deep.equal({ step: 'route', run_no: 1 });
    await verifyGrace(ref);
    // Every step job is lost (a crash between the relay's commit and the enqueue): had the route queued one
    // itself, it would be in the queue already and the pipeline would now finish.
    const lost: string[] = [];
    const jobs: JobQueue = {
      ...h.svc.jobs,
      enqueue: async (task, payload, options) => {
        if (task === PIPELINE_STEP_TASK) return void lost.push(`${payload.orgId}:${payload.casePk}`);
        return h.svc.jobs.enqueue(task, payload, options);
      },
    };
    jobs.enqueueMany = undefined;
    await drain(rt, { orgId: ref.orgId, svc: { ...h.svc, jobs } });
    expect(lost).to.include(`${ref.orgId}:${ref.casePk}`);
    expect(await pipeline(ref)).to.deep.equal({ step: 'route', run_no: 1 });

    await h.svc.db.query('UPDATE case_pipelines SET updated_at = ? WHERE org_id = ? AND case_pk = ?', [new Date(Date.now() - 60_000), ref.orgId, ref.casePk]);
    expect(await sweepCasePipelines(withConfig(rt, { pipelineSweepAfterMs: 1 }, { clock: h.svc.clock }))).to.be.at.least(1);
    await drain(rt, { orgId: ref.orgId, svc: h.svc });
    expect(await pipeline(ref)).to.deep.equal({ step: 'done', run_no: 1 });
  });
});
