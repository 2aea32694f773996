import { systemActor } from '../access/index';
import type { Services } from '../services';
import { purgeDueCase } from './purge-due-case';
import { listDueCases } from './schedules.repository';

/** Most cases one retention sweep purges (the rest wait for the next sweep). */
export const RETENTION_SWEEP_BATCH = 100;

/**
 * Part of the worker's sweep chain: purges the cases whose retention period ended by svc.clock's now (and any
 * erasure due), each in its own transaction as the system (purgeDueCase checks again). Returns how many it purged.
 */
export async function sweepRetention(svc: Services): Promise<number> {
  let purged = 0;
  for (const c of await listDueCases(svc.db, svc.clock.now(), RETENTION_SWEEP_BATCH)) {
    try {
      if ((await purgeDueCase(svc, systemActor(c.orgId), { casePk: c.casePk })).outcome === 'purged') purged++;
    } catch (err) {
      svc.log.error({ err, orgId: c.orgId, casePk: c.casePk }, 'retention schedule: purge failed');
    }
  }
  return purged;
}
