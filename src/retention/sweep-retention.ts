import { systemActor } from '../access/index';
import type { Services } from '../services';
import { purgeDueCase } from './purge-due-case';
import { listDueCases, listDueErasures } from './schedules.repository';

/** Most cases one retention sweep purges (the rest wait for the next sweep). */
export const RETENTION_SWEEP_BATCH = 100;

/**
 * Part of the worker's sweep chain: purges the cases whose retention period ended by svc.clock's now (and any
 * erasure due), each in its own transaction as the system (purgeDueCase checks again). Returns how many it purged.
 */
export async function sweepRetention(svc: Services): Promise<number> {
  let purged = 0;
  const now = svc.clock.now();
  const seen = new Set<string>();
  const due = [...await listDueCases(svc.db, now, RETENTION_SWEEP_BATCH), ...await listDueErasures(svc.db, now, RETENTION_SWEEP_BATCH)]
    .filter((c) => (seen.has(`${c.orgId}:${c.casePk}`) ? false : (seen.add(`${c.orgId}:${c.casePk}`), true)));
  for (const c of due) {
    try {
      if ((await purgeDueCase(svc, systemActor(c.orgId), { casePk: c.casePk })).outcome === 'purged') purged++;
    } catch (err) {
      svc.log.error({ err, orgId: c.orgId, casePk: c.casePk }, 'retention schedule: purge failed');
    }
  }
  return purged;
}
