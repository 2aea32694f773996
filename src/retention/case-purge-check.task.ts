import { systemActor } from '../access/index';
import type { FeatureTask } from '../platform/index';
import { purgeCaseData } from './purge-case-data';

/**
 * Zero retention: checks one case after a delivery of its data package reached `delivered`, and purges
 * its personal data when every subscribed endpoint has a 2xx (payload {orgId, casePk}). A held case is
 * not an error (a later 2xx queues another check). A throw is an infrastructure fault: graphile retries.
 */
export const casePurgeCheckTask: FeatureTask = (svc) => async (payload) => {
  const { orgId, casePk } = (payload ?? {}) as { orgId?: unknown; casePk?: unknown };
  if (typeof orgId !== 'string' || typeof casePk !== 'number' || !Number.isSafeInteger(casePk) || casePk < 1) {
    throw new Error('case.purge-check: the payload must be {"orgId": <uuid>, "casePk": <positive integer>}');
  }
  const result = await purgeCaseData(svc, systemActor(orgId), { casePk });
  if (result.outcome === 'held') svc.log.debug({ orgId, caseId: result.caseId, reason: result.reason }, 'zero retention: purge held');
};
