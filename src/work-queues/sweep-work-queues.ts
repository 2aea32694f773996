import { openCaseQueueFactsAfter } from '../cases/index';
import { forTenant } from '../db/index';
import type { Services } from '../services';
import { fillQueues } from './fill-queues';
import { lapseAvailability } from './lapse-availability';
import { placeCases } from './place-cases';
import { stalestPlaces, tenantsWithQueues } from './work-queues.repository';

/** Open cases looked at again per tenant and run, and stale places. */
const CASES_PER_RUN = 2000;
const STALE_PER_RUN = 500;

/** Where each tenant's walk over its open cases stands (pk), per process: it wraps around. */
const cursors = new Map<string, number>();

/**
 * The queues' recovery: for each tenant with queues, places the next CASES_PER_RUN open cases again (a walk
 * over every open case that wraps around, so a lost reaction and conditions on a case's age catch up) and
 * the STALE_PER_RUN places refreshed longest ago (a case that closed while its reaction was lost leaves its
 * queue), makes lapsed availability settings hold (lapseAvailability: a member whose `until` passed becomes
 * available again, or unavailable with their untouched cases back in the queue), then hands out what waits.
 * Returns how many cases it placed.
 */
export async function sweepWorkQueues(svc: Services): Promise<number> {
  let n = 0;
  for (const orgId of await tenantsWithQueues(svc.db)) {
    const db = forTenant(svc.db, orgId);
    await lapseAvailability(svc, orgId);
    const page = await openCaseQueueFactsAfter(db, cursors.get(orgId) ?? 0, CASES_PER_RUN);
    cursors.set(orgId, page.length < CASES_PER_RUN ? 0 : page[page.length - 1]!.pk);
    const pks = [...new Set([...page.map((c) => c.pk), ...(await stalestPlaces(db, STALE_PER_RUN))])];
    await placeCases(svc, orgId, pks);
    await fillQueues(svc, orgId);
    n += pks.length;
  }
  return n;
}
