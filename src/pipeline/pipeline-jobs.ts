import type { Services } from '../services';

/**
 * The job that runs a case's current pipeline step; payload {orgId, casePk}. One job key per case: a
 * nudge while a step job waits replaces it, and each step enqueues the next after its commit.
 */
export const PIPELINE_STEP_TASK = 'pipeline.step';

export function enqueuePipelineStep(svc: Services, orgId: string, casePk: number): Promise<void> {
  return svc.jobs.enqueue(PIPELINE_STEP_TASK, { orgId, casePk }, { jobKey: `${PIPELINE_STEP_TASK}:${orgId}:${casePk}`, orgId });
}
