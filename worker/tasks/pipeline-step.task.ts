import type { Task } from 'graphile-worker';
import { runPipelineStep } from '../../src/pipeline/index';
import { type Services } from '../../src/platform/index';

/** `pipeline.step` (payload {orgId, casePk}): the case's current decisioning step (see runPipelineStep). */
export const pipelineStepTask = (svc: Services): Task => async (payload) => {
  const { orgId, casePk } = (payload ?? {}) as { orgId?: unknown; casePk?: unknown };
  if (typeof orgId !== 'string' || !Number.isSafeInteger(casePk) || (casePk as number) <= 0) {
    throw new Error('pipeline.step: payload must be {orgId: string, casePk: positive integer}');
  }
  const outcome = await runPipelineStep(svc, { orgId, casePk: casePk as number });
  svc.log.debug({ orgId, casePk, outcome }, 'pipeline step');
};
