import type { Task } from 'graphile-worker';
import { type Services } from '../../src/platform/index';

/**
 * The decisioning pipeline's first step after a customer submits (payload {orgId, casePk}). No step
 * exists yet (the decisioning issue adds them): the job only says it ran, at debug, so that queued
 * submissions do not pile up.
 */
export const caseSubmittedTask = (svc: Services): Task => async (payload) => {
  const { orgId, casePk } = (payload ?? {}) as { orgId?: unknown; casePk?: unknown };
  if (typeof orgId !== 'string' || !Number.isSafeInteger(Number(casePk))) throw new Error('pipeline.case-submitted: payload must be {orgId, casePk}');
  svc.log.debug({ orgId, casePk: Number(casePk) }, 'pipeline.case-submitted: no pipeline step yet');
};
