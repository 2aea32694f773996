import { forTenant } from '../db/index';
import type { Tx } from '../db/transaction';
import { enqueuePipelineStep } from './pipeline-jobs';
import { upsertPipelineRun } from './pipeline.repository';

/**
 * Starts the decisioning pipeline of a case in the caller's transaction (the customer's submission), so a
 * submitted case always has its pipeline: screening, triage, identity verification links, risk, AI review, then the decision policy.
 * `triggeredBy` is what the AI review reports (`system:form-submission:<email>` or
 * `system:confirm-review:<email>`). The first step's job is enqueued after commit; a run still under way
 * is left alone.
 */
export async function startCasePipeline(tx: Tx, input: { orgId: string; casePk: number; triggeredBy: string }): Promise<void> {
  const started = await upsertPipelineRun(forTenant(tx.manager, input.orgId), input.casePk, input.triggeredBy, tx.services.clock.now());
  if (started) tx.afterCommit(() => enqueuePipelineStep(tx.services, input.orgId, input.casePk));
}
