import type { FeatureTask } from '../platform/index';
import { runPipelineStep } from './run-pipeline-step';

/** `pipeline.step` (payload {orgId, casePk}): the case's current decisioning step (see runPipelineStep). */
export const pipelineStepTask: FeatureTask = (svc) => async (payload) => {
  const { orgId, casePk } = (payload ?? {}) as { orgId?: unknown; casePk?: unknown };
  if (typeof orgId !== 'string' || !Number.isSafeInteger(casePk) || (casePk as number) <= 0) {
    throw new Error('pipeline.step: payload must be {orgId: string, casePk: positive integer}');
  }
  const outcome = await runPipelineStep(svc, { orgId, casePk: casePk as number });
  svc.log.debug({ orgId, casePk, outcome }, 'pipeline step');
};
