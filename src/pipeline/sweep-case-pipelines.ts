import { inTransaction } from '../db/transaction';
import type { Services } from '../services';
import { enqueuePipelineStep } from './pipeline-jobs';
import { claimStalledPipelines } from './pipeline.repository';

const BATCH = 500;

/**
 * Hands unfinished pipelines untouched for PIPELINE_SWEEP_AFTER to a new step job: the job was lost
 * (a crash between commit and enqueue, a worker killed holding it) or the step is waiting for documents
 * whose nudge was lost. A step job that finds its step done writes nothing, so a sweep racing a slow
 * worker costs one read. Cross-tenant: system work. Returns how many it handed off.
 */
export async function sweepCasePipelines(svc: Services): Promise<number> {
  const now = svc.clock.now();
  const before = new Date(now.getTime() - svc.config.pipelineSweepAfterMs);
  const stalled = await inTransaction(svc, (tx) => claimStalledPipelines(tx.manager, before, now, BATCH));
  for (const p of stalled) await enqueuePipelineStep(svc, p.orgId, p.casePk);
  return stalled.length;
}
