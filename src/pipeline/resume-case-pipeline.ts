import { forTenant } from '../db/index';
import type { Services } from '../services';
import { enqueuePipelineStep } from './pipeline-jobs';
import { findPipeline } from './pipeline.repository';

/**
 * Nudges a case's pipeline after something it may be waiting for happened (a document's extraction
 * finished, a verification completed: see pipeline-reactions.ts). Nothing when the case has no unfinished
 * pipeline. System work: the caller names the tenant.
 */
export async function resumeCasePipeline(svc: Services, ref: { orgId: string; casePk: number }): Promise<void> {
  const run = await findPipeline(forTenant(svc.db.manager, ref.orgId), ref.casePk);
  if (run && run.step !== 'done') await enqueuePipelineStep(svc, ref.orgId, ref.casePk);
}
