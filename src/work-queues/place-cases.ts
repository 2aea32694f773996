import { caseQueueFacts, openCaseQueueFactsAfter, type CaseQueueFacts } from '../cases/index';
import { forTenant } from '../db/index';
import { conditionsMatcher } from '../policy/index';
import type { Services } from '../services';
import { needsSenior, queueFacts, type WorkQueue } from './queue';
import { loadQueues, writePlaces, type CasePlace } from './work-queues.repository';

/** The first queue whose conditions a case meets, for each case (null: none; closed cases sit nowhere). */
export function queueSorter(queues: WorkQueue[], now: Date): (c: CaseQueueFacts) => Promise<number | null> {
  const matchers = queues.map((q) => ({ id: q.id, matches: q.conditions === null ? null : conditionsMatcher(q.conditions) }));
  return async (c) => {
    if (c.closed) return null;
    const facts = queueFacts(c, now);
    for (const m of matchers) if (m.matches === null || (await m.matches({ ...facts }))) return m.id;
    return null;
  };
}

async function place(svc: Services, orgId: string, queues: WorkQueue[], cases: CaseQueueFacts[], missing: number[]): Promise<void> {
  const now = svc.clock.now();
  const sortInto = queueSorter(queues, now);
  const places: CasePlace[] = missing.map((pk) => ({ casePk: pk, queueId: null, caseCreatedAt: now, ownerMemberId: null, needsSenior: false }));
  for (const c of cases) {
    places.push({ casePk: c.pk, queueId: await sortInto(c), caseCreatedAt: c.createdAt, ownerMemberId: c.ownerMemberId, needsSenior: needsSenior(c) });
  }
  await writePlaces(forTenant(svc.db, orgId), places, now);
}

/**
 * Puts each of these cases of the tenant in the first queue whose conditions it meets as it stands now
 * (or in none), with its current owner. Returns false when the tenant has no queues (nothing to do).
 */
export async function placeCases(svc: Services, orgId: string, casePks: readonly number[]): Promise<boolean> {
  const db = forTenant(svc.db, orgId);
  const queues = await loadQueues(db);
  if (queues.length === 0 || casePks.length === 0) return queues.length > 0;
  const cases = await caseQueueFacts(db, casePks);
  const found = new Set(cases.map((c) => c.pk));
  await place(svc, orgId, queues, cases, casePks.filter((pk) => !found.has(pk)));
  return true;
}

/** Places every open case of the tenant again (after the queues changed), a page at a time. Returns how many. */
export async function placeAllCases(svc: Services, orgId: string, pageSize = 1000): Promise<number> {
  const db = forTenant(svc.db, orgId);
  const queues = await loadQueues(db);
  if (queues.length === 0) return 0;
  let after = 0;
  let n = 0;
  for (;;) {
    const page = await openCaseQueueFactsAfter(db, after, pageSize);
    if (page.length === 0) return n;
    await place(svc, orgId, queues, page, []);
    n += page.length;
    after = page[page.length - 1]!.pk;
  }
}
