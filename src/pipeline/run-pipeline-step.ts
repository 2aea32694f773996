import { forTenant } from '../db/index';
import { systemActor } from '../access/index';
import { advanceOnboardingStage } from '../cases/index';
import type { Tx } from '../db/transaction';
import { dispatchCaseVerifications, loadVerificationFacts } from '../idv/index';
import { assessCaseRisk } from '../risk/index';
import { routeCase } from '../decisions/index';
import { reviewCase } from '../review/index';
import { screenCase, triageCaseHits } from '../screening/index';
import { metricsOf, timed } from '../metrics';
import { tracingOf } from '../tracing';
import type { Services } from '../services';
import { enqueuePipelineStep } from './pipeline-jobs';
import { countProcessingDocuments, findPipeline, movePipeline, nextStep, type PipelineRun, type PipelineStep } from './pipeline.repository';
import type { StepGuard } from '../step-guard';

/** What a step job found: the step it ran (or that another job had already run), or why it ran none. */
export type StepOutcome = PipelineStep | 'idle' | 'waiting_for_documents' | 'waiting_for_verification';

/**
 * The guard of one step of one run: the step's transaction locks the pipeline row and goes on only while
 * the pipeline is still at this step of this run; once the step's writes are in, it moves the pipeline on
 * and enqueues the next step after commit. Screening is where the journey stage becomes in_screening.
 */
function stepGuard(svc: Services, ref: { orgId: string; casePk: number }, run: PipelineRun): StepGuard {
  return {
    async claim(tx: Tx) {
      const now = await findPipeline(forTenant(tx.manager, ref.orgId), ref.casePk, true);
      if (!now || now.runNo !== run.runNo || now.step !== run.step) return false;
      if (run.step === 'screen') await advanceOnboardingStage(tx, { ...ref, stage: 'in_screening' });
      return true;
    },
    async done(tx: Tx) {
      const next = nextStep(run.step);
      await movePipeline(forTenant(tx.manager, ref.orgId), ref.casePk, run.runNo, run.step, next, svc.clock.now());
      if (next !== 'done') tx.afterCommit(() => enqueuePipelineStep(svc, ref.orgId, ref.casePk));
    },
  };
}

/**
 * Runs the current step of a case's decisioning pipeline (the `pipeline.step` job): screening, AI triage
 * of the hits, identity verification links (once no document is still being extracted), risk (once no document is still being extracted: its confidence counts), the AI case
 * review, then (once no verification is outstanding) the decision policy, which may decide the case. Each step is its own use case and
 * transaction; a duplicate job finds the step done and writes nothing. System work across the tenant's
 * case; the job names the tenant.
 */
export async function runPipelineStep(svc: Services, ref: { orgId: string; casePk: number }): Promise<StepOutcome> {
  const run = await findPipeline(forTenant(svc.db.manager, ref.orgId), ref.casePk);
  if (!run || run.step === 'done') return 'idle';
  const step = run.step;
  try {
    return await tracingOf(svc).span(`pipeline.step ${step}`, { attributes: { 'svc.pipeline.step': step, 'svc.pipeline.run': run.runNo } }, () =>
      timed(svc, 'svc_pipeline_step_duration_seconds', { step }, () => runStep(svc, ref, run)));
  } catch (err) {
    metricsOf(svc).count('svc_pipeline_step_failures_total', { step });
    throw err;
  }
}

async function runStep(svc: Services, ref: { orgId: string; casePk: number }, run: PipelineRun): Promise<StepOutcome> {
  const db = forTenant(svc.db.manager, ref.orgId);
  const actor = systemActor(ref.orgId);
  const guard = stepGuard(svc, ref, run);
  switch (run.step) {
    case 'screen':
      await screenCase(svc, actor, ref, guard);
      break;
    case 'triage':
      await triageCaseHits(svc, actor, ref, guard);
      break;
    case 'verify':
      // An ID document still being extracted may make a link unnecessary (the resume and the sweep as below).
      if (await countProcessingDocuments(db, ref.casePk) > 0) return 'waiting_for_documents';
      await dispatchCaseVerifications(svc, actor, ref, guard);
      break;
    case 'risk':
      // The pipeline resumes when extraction ends (pipeline-reactions.ts), and the sweep retries meanwhile.
      if (await countProcessingDocuments(db, ref.casePk) > 0) return 'waiting_for_documents';
      await assessCaseRisk(svc, actor, ref, guard);
      break;
    case 'review':
      await reviewCase(svc, actor, ref, { triggeredBy: run.triggeredBy }, guard);
      break;
    case 'route':
      // The pipeline resumes on each verification result (pipeline-reactions.ts), and the sweep retries meanwhile.
      if ((await loadVerificationFacts(db, ref.casePk)).outstanding > 0) return 'waiting_for_verification';
      await routeCase(svc, systemActor(ref.orgId, 'policy_engine'), ref, guard);
      break;
  }
  return run.step;
}
