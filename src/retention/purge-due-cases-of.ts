import { systemActor } from '../access/index';
import { forTenant } from '../db/index';
import type { Services } from '../services';
import { purgeDueCase } from './purge-due-case';
import { RETENTION_SWEEP_BATCH } from './sweep-retention';
import { listClosedCasesOfTenant } from './schedules.repository';

/**
 * The retention sweep's work for one tenant, by svc.clock's now, restricted by `only` to some of its cases: each
 * closed case whose period (or retained erasure) ended is purged as the sweep does (purgeDueCase, as the system).
 * A tenant's test clock (src/test-helpers) runs its test cases' retention at the test time this way, touching no
 * other case. Returns how many it purged.
 */
export async function purgeDueCasesOf(svc: Services, orgId: string, only: (casePks: number[]) => Promise<number[]>): Promise<number> {
  let purged = 0;
  for (const casePk of await only(await listClosedCasesOfTenant(forTenant(svc.db, orgId), RETENTION_SWEEP_BATCH * 10))) {
    if ((await purgeDueCase(svc, systemActor(orgId), { casePk })).outcome === 'purged') purged++;
  }
  return purged;
}
