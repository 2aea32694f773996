import { listLeftoverPurgedBlobs } from '../documents/index';
import type { Services } from '../services';
import { enqueuePurgeChecks } from './purge-jobs';
import { listPurgeCandidates } from './retention.repository';

/** Most cases one sweep hands off (the rest wait for the next sweep). */
export const PURGE_SWEEP_BATCH = 200;

/**
 * Part of the worker's periodic sweep: re-hands-off purge checks whose job was lost (a crash between a
 * delivery's commit and its enqueue) and purges whose blob deletion a crash interrupted. Returns how
 * many checks it queued. The check itself decides (purgeCaseData), so a spurious one does nothing.
 */
export async function sweepPurges(svc: Services): Promise<number> {
  const due = await listPurgeCandidates(svc.db, PURGE_SWEEP_BATCH);
  const leftovers = await listLeftoverPurgedBlobs(svc.db, PURGE_SWEEP_BATCH);
  const seen = new Set<string>();
  const cases = [...due, ...leftovers].filter((c) => {
    const key = `${c.orgId}:${c.casePk}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
  await enqueuePurgeChecks(svc, cases);
  if (cases.length) svc.log.info({ queued: cases.length }, 'retention sweep queued purge checks');
  return cases.length;
}
